import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { forbidden, requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor, type CurrentSession } from "~/accounts/session.server";
import { PollCreateForm } from "~/community/poll-create-form";
import { createPollSchema } from "~/community/poll-forms";
import { courseIdFor, createPoll, targetRef, type PollTarget } from "~/community/polls.server";
import { notFound } from "~/errors/not-found.server";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/polls.new";

/** The target named by `blog_post_id` or `course`, to staff the policy lets make polls there (404 / 403 otherwise). */
async function requireTarget(request: Request, session: CurrentSession, fields: { blog_post_id?: string | number | null; course?: string | null }) {
  let target: PollTarget | null = null;
  const postId = parseRecordId(fields.blog_post_id ?? undefined);
  if (postId !== null) target = { blogPostId: postId };
  else if (fields.course) {
    const courseId = await courseIdFor(fields.course);
    if (courseId !== null) target = { courseId };
  }
  const where = target ? await targetRef(target) : null;
  if (!target || !where) throw notFound("There is no such blog post or course.");
  if (!can(viewerFor(session), "manage_polls", where.ref)) throw forbidden(request);
  return { target, path: where.path };
}

/** GET /polls/new?blog_post_id={id} or ?course={idOrSlug}: the form to make a poll or survey there. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const query = new URL(request.url).searchParams;
  const { path } = await requireTarget(request, session, { blog_post_id: query.get("blog_post_id"), course: query.get("course") });
  const blogPostId = parseRecordId(query.get("blog_post_id") ?? undefined);
  return { path, target: blogPostId !== null ? { blog_post_id: blogPostId } : { course: query.get("course") ?? "" } };
}

/** POST /polls/new: makes the poll and goes back to the page (or editor) it is on. Bad input: 400 with the messages. */
export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const formData = await request.formData();
  const { target, path } = await requireTarget(request, session, { blog_post_id: String(formData.get("blog_post_id") ?? ""), course: String(formData.get("course") ?? "") });
  const submission = parseWithZod(formData, { schema: createPollSchema() });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { kind, title, questions } = submission.value;
  const id = await createPoll({ kind, title, questions, target, createdBy: session.user.id });
  throw await redirectWithToast(`${path}#poll-${id}`, { type: "success", message: submission.value.kind === "poll" ? "Poll added." : "Survey added." }, { status: 303 });
}

export default function NewPollPage() {
  const { path, target } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const sent = (name: string) => {
    const value = (answer?.result.initialValue as Record<string, unknown> | undefined)?.[name];
    return typeof value === "string" ? value : undefined;
  };
  return (
    <div className="wrapper wrapper--narrow page">
      <p>
        <Link to={path}>Back</Link>
      </p>
      <h1 className="page-heading">Add a poll or survey</h1>
      <PollCreateForm target={target} errors={answer?.result.error} sent={sent} rows={5} />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Add a poll or survey", description: "Add a poll or survey.", path: "/polls/new", noindex: true });
