import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { reportQueueSchema } from "~/community/forum-forms";
import { dismissReports, hideReported, reportQueue } from "~/community/forum.server";
import { REPORT_REASONS } from "~/community/moderation";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors } from "~/components/form-field";
import { formatDate } from "~/formatting/format";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/forum-reports";

const REASON_LABELS = new Map(REPORT_REASONS.map((reason) => [reason.value, reason.label]));
const TYPE_LABELS = { forum_post: "Post", forum_reply: "Reply in", comment: "Comment on" } as const;
const TYPE_NAMES = { forum_post: "Post", forum_reply: "Reply", comment: "Comment" } as const;

/** /forum-reports: the forum moderators' queue of reported posts, replies and comments (on blog posts and activities), most reported first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return { queue: await reportQueue() };
}

/** POST: hide a reported post, reply or comment (which settles its reports), or dismiss its reports. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: reportQueueSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { intent, reportable_type: type, reportable_id: id } = submission.value;
  const now = requestNow(request);
  if (intent === "dismiss") {
    await dismissReports({ type, id, moderatorId: session.user.id, now });
    throw await redirectWithToast("/forum-reports", { type: "success", message: "Reports dismissed." }, { status: 303 });
  }
  if (!(await hideReported({ type, id, moderatorId: session.user.id, now })))
    return data({ result: submission.reply({ formErrors: [`That ${TYPE_NAMES[type].toLowerCase()} is gone.`] }) }, { status: 404 });
  throw await redirectWithToast("/forum-reports", { type: "success", message: `The ${TYPE_NAMES[type].toLowerCase()} is hidden.` }, { status: 303 });
}

export default function ForumReportsPage() {
  const { queue } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="wrapper wrapper--medium page">
      <h1 className="page-heading">Forum reports</h1>
      <p className="muted">Posts, replies and comments people reported, most reported first. Hiding one settles its reports; so does dismissing them.</p>
      <FormErrors errors={answer?.result.error?.[""] ?? undefined} />
      {queue.length === 0 ? (
        <p role="status">Nothing to look at: no open reports.</p>
      ) : (
        <ul className="tutoring-list">
          {queue.map((item) => (
            <li key={`${item.type}:${item.id}`}>
              <article className="tutoring-row" aria-label={`${TYPE_NAMES[item.type]}: ${item.postTitle ?? "gone"}`}>
                <strong>
                  {TYPE_LABELS[item.type]}{" "}
                  {item.href ? (
                    // A comment's link is a redirect to its page: a full load.
                    <Link to={item.href} reloadDocument={item.type === "comment"}>
                      {item.postTitle}
                    </Link>
                  ) : (
                    <span>{item.postTitle ?? "(gone)"}</span>
                  )}
                </strong>
                <span className="muted in-course__small">
                  {item.reports} {item.reports === 1 ? "report" : "reports"} since {formatDate(item.firstReportedAt, "MMM d 'at' h:mm a")}:{" "}
                  {item.reasons.map((reason) => REASON_LABELS.get(reason as never) ?? reason).join(", ")}
                  {item.hidden ? " · already hidden" : ""}
                </span>
                <blockquote className="forum__excerpt">{item.excerpt}</blockquote>
                <div className="tutoring-row__actions">
                  {item.hidden ? null : (
                    <Form method="post">
                      <CsrfInput />
                      <input type="hidden" name="intent" value="hide" />
                      <input type="hidden" name="reportable_type" value={item.type} />
                      <input type="hidden" name="reportable_id" value={item.id} />
                      <button type="submit" className="button">
                        Hide it
                      </button>
                    </Form>
                  )}
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="dismiss" />
                    <input type="hidden" name="reportable_type" value={item.type} />
                    <input type="hidden" name="reportable_id" value={item.id} />
                    <button type="submit" className="button button--outline">
                      Dismiss the reports
                    </button>
                  </Form>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Forum reports", description: "The forum moderators' queue.", path: "/forum-reports", noindex: true });
