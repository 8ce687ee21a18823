import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { EducatorPage } from "~/catalog/educator-page";
import { ChatError, createChatWithUser } from "~/chats/chats.server";
import { findEducatorPage } from "~/catalog/educators.server";
import { parseRecordId } from "~/utils/record-id";
import { mayModerateReviews } from "~/reviews/rules";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = viewerFor(await requireRouteAccess(request, "routes/tutors+/$id"));
  const page = await findEducatorPage(params.id, "tutor", { id: viewer.id, mayModerate: mayModerateReviews(viewer) });
  if (!page) throw new Response("Tutor not found", { status: 404 });
  return page;
}

const messageSchema = z.object({ intent: z.literal("message", { error: "Choose what to do" }) });

/** POST intent=message: opens the chat with this tutor (created the first time); guests are sent to sign in. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, "routes/tutors+/$id");
  const submission = parseWithZod(await request.formData(), { schema: messageSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const tutorId = parseRecordId(params.id);
  if (tutorId === null) throw new Response("Tutor not found", { status: 404 });
  let chatId: number;
  try {
    chatId = await createChatWithUser(session.user.id, tutorId);
  } catch (error) {
    if (error instanceof ChatError) return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
    throw error;
  }
  throw redirect(`/chats/${chatId}`);
}

export default function TutorPage() {
  const data = useLoaderData<typeof loader>();
  return <EducatorPage data={data} back={{ href: "/tutors", label: "All tutors" }} messageForm />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "Tutor not found" }];
  const name = `${data.educator.first_name} ${data.educator.last_name}`;
  return metaFor(matches, {
    title: `${name}, tutor`,
    description: data.tutorProfile?.headline ?? data.educator.bio ?? `${name} teaches online courses and live sessions.`,
    path: `/tutors/${data.educator.id}`,
  });
};
