import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { EducatorPage } from "~/catalog/educator-page";
import { findEducatorPage } from "~/catalog/educators.server";
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

export default function TutorPage() {
  const data = useLoaderData<typeof loader>();
  return <EducatorPage data={data} back={{ href: "/tutors", label: "All tutors" }} />;
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
