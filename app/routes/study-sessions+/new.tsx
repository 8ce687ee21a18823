import { parseWithZod } from "@conform-to/zod/v4";
import { Card, Container } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { DEFAULT_TIME_ZONE, SESSION_SAVED_MESSAGES, sessionFormDefaults, studySessionSchema, timeZones } from "~/study-sessions/editor-rules";
import { createStudySession, linkableCourses, StudySessionInputError } from "~/study-sessions/editor.server";
import { StudySessionForm } from "~/study-sessions/session-form";
import { redirectWithToast } from "~/toasts/toast.server";

const ROUTE = "routes/study-sessions+/new";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return { defaults: sessionFormDefaults(null, DEFAULT_TIME_ZONE), courses: await linkableCourses(), timeZones: timeZones() };
}

/** POST /study-sessions/new: creates the session, taught by its creator, and opens its page. */
export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const submission = parseWithZod(await request.formData(), { schema: studySessionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  let id: number;
  try {
    id = await createStudySession(session.user.id, submission.value);
  } catch (error) {
    if (error instanceof StudySessionInputError) return data({ result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) }, { status: 409 });
    throw error;
  }
  throw await redirectWithToast(`/study-sessions/${id}`, { type: "success", message: SESSION_SAVED_MESSAGES.created });
}

export default function NewStudySessionPage() {
  const { defaults, courses, timeZones: zones } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <Container size="3" px="4" py="6">
      <Card size="3">
        <StudySessionForm heading="New live session" submitLabel="Create session" defaults={defaults} courses={courses} timeZones={zones} lastResult={answer?.result} busy={navigation.state === "submitting"} />
      </Card>
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "New live session — Marketplace" }, { name: "robots", content: "noindex" }];
