import { parseWithZod } from "@conform-to/zod/v4";
import { ReportFields } from "~/community/report-fields";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor } from "~/accounts/session.server";
import { FORUM_BODY_MAX, threadSchema } from "~/community/forum-forms";
import type { Viewer } from "~/accounts/roles";
import { boardOf } from "~/community/forum-board.server";
import { acceptAnswer, addReply, castVote, editPost, editReply, fileReport, loadPost, type Board, moderatePost, moderateReply, postingAllowanceFor, setFollowing } from "~/community/forum.server";
import { MODERATION_MESSAGES } from "~/community/moderation";
import { CsrfInput } from "~/components/csrf-input";
import { FormulaStylesheet } from "~/content/formula-stylesheet";
import { FormErrors, FormField, TextAreaField } from "~/components/form-field";
import { notFound } from "~/errors/not-found.server";
import { formatDate } from "~/formatting/format";
import { clippedTitle, metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";
import { parseRecordId } from "~/utils/record-id";

async function threadFor(find: () => Promise<Board>, postIdParam: string | undefined, viewer: Viewer) {
  const board = await find();
  const postId = parseRecordId(postIdParam);
  const post = postId !== null ? await loadPost(board, postId, viewer.id, can(viewer, "moderate_forum", "forum")) : null;
  if (!post) throw notFound("There is no such post on this forum.");
  return { board, post };
}

/**
 * /courses/{idOrSlug}/forum/{postId}, and an online course's (its route module re-exports this one):
 * a post, its replies (the accepted answer marked), votes and, signed in, a reply form.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { route, find } = boardOf(params, "thread");
  const session = await requireRouteAccess(request, route);
  const viewer = viewerFor(session);
  const { board, post } = await threadFor(find, params.postId, viewer);
  return {
    board,
    post,
    signedIn: session !== null,
    // Whether this person may choose the answer: the asker, or a forum moderator.
    accepts: can(viewer, "accept_forum_answer", { author_id: post.authorId }),
    moderates: can(viewer, "moderate_forum", "forum"),
    // Whose words this person may change: the post's and replies' authors, and moderators.
    editsPost: can(viewer, "edit_forum_post", { author_id: post.authorId }),
    editableReplyIds: post.replies.filter((reply) => reply.body !== null && can(viewer, "edit_forum_post", { author_id: reply.authorId })).map((reply) => reply.id),
  };
}

/** POST: a reply, a vote (or its withdrawal), the accepted answer, or following the post — each by `intent`. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { route, find } = boardOf(params, "thread");
  const session = await requireMutationAccess(request, route);
  const viewer = viewerFor(session);
  const { board, post } = await threadFor(find, params.postId, viewer);
  const submission = parseWithZod(await request.formData(), { schema: threadSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const refuse = (status: number, message: string) => data({ result: submission.reply({ formErrors: [message] }) }, { status });
  const here = `${board.path}/${post.id}`;
  const command = submission.value;
  switch (command.intent) {
    case "reply": {
      if (post.locked && !can(viewer, "moderate_forum", "forum")) return refuse(409, "This post is locked: it takes no new replies.");
      const allowance = await postingAllowanceFor(viewer, requestNow(request));
      if (!allowance.ok) return refuse(429, allowance.message);
      const replyId = await addReply({ board, postId: post.id, authorId: session.user.id, postTitle: post.title, body: command.body, now: requestNow(request) });
      throw await redirectWithToast(`${here}#reply-${replyId}`, { type: "success", message: "Reply posted." }, { status: 303 });
    }
    case "edit":
    case "edit_reply": {
      const reply = command.intent === "edit_reply" ? post.replies.find((candidate) => candidate.id === command.reply_id) : undefined;
      if (command.intent === "edit_reply" && !reply) return refuse(404, "There is no such reply in this thread.");
      if (!can(viewer, "edit_forum_post", { author_id: reply ? reply.authorId : post.authorId })) return refuse(403, "Only its author (or a moderator) changes it.");
      if ((post.locked || reply?.hidden) && !can(viewer, "moderate_forum", "forum")) return refuse(409, "This post is locked: it can no longer be changed.");
      const now = requestNow(request);
      if (command.intent === "edit") await editPost({ postId: post.id, title: command.title, body: command.body, now });
      else await editReply({ postId: post.id, replyId: command.reply_id, body: command.body, now });
      throw await redirectWithToast(command.intent === "edit" ? here : `${here}#reply-${command.reply_id}`, { type: "success", message: "Your changes are saved." }, { status: 303 });
    }
    case "vote": {
      const known = command.votable_type === "forum_post" ? command.votable_id === post.id : post.replies.some((reply) => reply.id === command.votable_id);
      if (!known) return refuse(404, "There is no such reply in this thread.");
      await castVote({ userId: session.user.id, votableType: command.votable_type, votableId: command.votable_id, on: command.vote === "on" });
      throw await redirectWithToast(here, { type: "success", message: command.vote === "on" ? "Vote counted." : "Vote taken back." }, { status: 303 });
    }
    case "accept":
    case "unaccept": {
      if (!can(viewerFor(session), "accept_forum_answer", { author_id: post.authorId })) return refuse(403, "Only whoever asked (or a moderator) chooses the answer.");
      const replyId = command.intent === "accept" ? command.reply_id : null;
      if (!(await acceptAnswer(post.id, replyId))) return refuse(404, "There is no such reply in this thread.");
      throw await redirectWithToast(here, { type: "success", message: replyId ? "Marked as the answer." : "The answer is unmarked." }, { status: 303 });
    }
    case "report": {
      const known = command.reportable_type === "forum_post" ? command.reportable_id === post.id : post.replies.some((reply) => reply.id === command.reportable_id);
      if (!known) return refuse(404, "There is no such reply in this thread.");
      await fileReport({ reporterId: session.user.id, type: command.reportable_type, id: command.reportable_id, reason: command.reason, details: command.details });
      throw await redirectWithToast(here, { type: "success", message: "Thank you: a moderator will look at it." }, { status: 303 });
    }
    case "moderate": {
      if (!can(viewer, "moderate_forum", "forum")) return refuse(403, "Only forum moderators do that.");
      await moderatePost({ postId: post.id, action: command.action, moderatorId: session.user.id, now: requestNow(request) });
      throw await redirectWithToast(command.action === "delete" ? board.path : here, { type: "success", message: MODERATION_MESSAGES[command.action] }, { status: 303 });
    }
    case "moderate_reply": {
      if (!can(viewer, "moderate_forum", "forum")) return refuse(403, "Only forum moderators do that.");
      if (!(await moderateReply({ postId: post.id, replyId: command.reply_id, hide: command.action === "hide", moderatorId: session.user.id, now: requestNow(request) }))) {
        return refuse(404, "There is no such reply in this thread.");
      }
      throw await redirectWithToast(here, { type: "success", message: command.action === "hide" ? "The reply is hidden." : "The reply is visible again." }, { status: 303 });
    }
    case "follow":
      await setFollowing(session.user.id, post.id, command.follow === "on");
      throw await redirectWithToast(here, { type: "success", message: command.follow === "on" ? "You will hear of new replies." : "You no longer follow this post." }, { status: 303 });
  }
}

/** Its author's (or a moderator's) form to change a post's or reply's words, folded away. */
function EditForm({
  label,
  intent,
  replyId,
  title,
  body,
  errors,
}: {
  label: string;
  intent: "edit" | "edit_reply";
  replyId?: number;
  title?: string;
  body: string;
  errors: Record<string, string[] | null> | null;
}) {
  const id = replyId ? `edit-reply-${replyId}` : "edit-post";
  const failed = intent === "edit" && errors !== null && Boolean(errors.title || errors.body);
  return (
    <details className="forum__report" open={failed}>
      <summary>{label}</summary>
      <Form method="post" className="tutoring-form">
        <CsrfInput />
        <input type="hidden" name="intent" value={intent} />
        {replyId ? <input type="hidden" name="reply_id" value={replyId} /> : null}
        {title !== undefined ? (
          <FormField label="Title" id={`${id}-title`} name="title" required minLength={3} maxLength={200} defaultValue={title} errors={failed ? errors?.title ?? undefined : undefined} />
        ) : null}
        <TextAreaField label="Text" id={`${id}-body`} name="body" required rows={5} maxLength={FORUM_BODY_MAX} defaultValue={body} errors={failed ? errors?.body ?? undefined : undefined} />
        <div>
          <button type="submit" className="button button--outline">
            Save changes
          </button>
        </div>
      </Form>
    </details>
  );
}

function VoteButton({ type, id, count, voted, signedIn }: { type: "forum_post" | "forum_reply"; id: number; count: number; voted: boolean; signedIn: boolean }) {
  const label = `${count} ${count === 1 ? "vote" : "votes"}`;
  if (!signedIn) return <span className="muted in-course__small">{label}</span>;
  return (
    <Form method="post" className="forum__vote">
      <CsrfInput />
      <input type="hidden" name="intent" value="vote" />
      <input type="hidden" name="votable_type" value={type} />
      <input type="hidden" name="votable_id" value={id} />
      <input type="hidden" name="vote" value={voted ? "off" : "on"} />
      {/* The count is the visible text, so it leads the button's name (what is seen is what is said). */}
      <button type="submit" className={voted ? "button" : "button button--soft"} aria-pressed={voted}>
        <span aria-hidden="true">▲ </span>
        {count}
        <span className="visually-hidden">{` ${count === 1 ? "vote" : "votes"}: ${voted ? "take back your vote" : "vote up"}`}</span>
      </button>
    </Form>
  );
}

/** Flag a post or reply for the moderators: a reason from the list, and optional details. */
function ReportForm({ type, id }: { type: "forum_post" | "forum_reply"; id: number }) {
  const what = type === "forum_post" ? "post" : "reply";
  return (
    <details className="forum__report">
      <summary>Report this {what}</summary>
      <Form method="post" className="tutoring-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="reportable_type" value={type} />
        <input type="hidden" name="reportable_id" value={id} />
        <ReportFields idSuffix={`${type}-${id}`} />
      </Form>
    </details>
  );
}

/** A moderator's buttons for the post: each a plain form. */
function ModeratePost({ post }: { post: { hidden: boolean; locked: boolean; pinned: boolean } }) {
  const actions: [string, string][] = [
    post.hidden ? ["unhide", "Show the post"] : ["hide", "Hide the post"],
    post.locked ? ["unlock", "Unlock"] : ["lock", "Lock"],
    post.pinned ? ["unpin", "Unpin"] : ["pin", "Pin to the top"],
    ["delete", "Delete the post"],
  ];
  return (
    <div className="in-course__row" role="group" aria-label="Moderation">
      {actions.map(([action, label]) => (
        <Form method="post" key={action}>
          <CsrfInput />
          <input type="hidden" name="intent" value="moderate" />
          <input type="hidden" name="action" value={action} />
          <button type="submit" className="button button--outline">
            {label}
          </button>
        </Form>
      ))}
    </div>
  );
}

export default function ForumThreadPage() {
  const { board, post, signedIn, accepts, moderates, editsPost, editableReplyIds } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const here = `${board.path}/${post.id}`;
  return (
    <div className="wrapper wrapper--medium page">
      <p>
        <Link to={board.path}>{board.title}</Link>
      </p>
      {post.hasFormula ? <FormulaStylesheet /> : null}
      <article aria-labelledby="post-title" className="forum__post">
        <h1 className="page-heading" id="post-title">
          {post.title}
        </h1>
        <p className="muted in-course__small">
          {post.authorName ?? "A former member"} · {formatDate(post.createdAt, "MMM d, yyyy 'at' h:mm a")}
          {post.acceptedReplyId !== null ? " · answered" : ""}
          {post.pinned ? " · pinned" : ""}
          {post.locked ? " · locked" : ""}
          {post.editedAt ? " · edited" : ""}
        </p>
        {post.hidden ? (
          <p className="in-course__callout in-course__callout--warning" role="status">
            Hidden by a moderator: only moderators see this post.
          </p>
        ) : null}
        <div className="forum__body" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
        <div className="in-course__row">
          <VoteButton type="forum_post" id={post.id} count={post.voteCount} voted={post.voted} signedIn={signedIn} />
          {signedIn ? (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="follow" />
              <input type="hidden" name="follow" value={post.following ? "off" : "on"} />
              <button type="submit" className="button button--outline">
                {post.following ? "Stop following" : "Follow replies"}
              </button>
            </Form>
          ) : null}
        </div>
        {editsPost ? <EditForm label="Edit the post" intent="edit" title={post.title} body={post.body} errors={answer?.result.error ?? null} /> : null}
        {signedIn ? <ReportForm type="forum_post" id={post.id} /> : null}
        {moderates ? <ModeratePost post={post} /> : null}
      </article>
      <FormErrors errors={answer?.result.error?.[""] ?? undefined} />

      <section aria-labelledby="replies-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="replies-heading">
          {post.replies.length} {post.replies.length === 1 ? "reply" : "replies"}
        </h2>
        <ol className="forum__replies">
          {post.replies.map((reply) => (
            <li key={reply.id} id={`reply-${reply.id}`}>
              <article
                className={reply.accepted ? "forum__reply forum__reply--accepted" : "forum__reply"}
                aria-label={reply.accepted ? "Accepted answer" : `Reply by ${reply.authorName ?? "a former member"}`}
              >
                {reply.accepted ? (
                  <p className="forum__accepted" data-testid="accepted-answer">
                    ✓ Accepted answer
                  </p>
                ) : null}
                <p className="muted in-course__small">
                  {reply.authorName ?? "A former member"} · {formatDate(reply.createdAt, "MMM d, yyyy 'at' h:mm a")}
                  {reply.editedAt ? " · edited" : ""}
                </p>
                {reply.bodyHtml === null ? (
                  <p className="muted">This reply was hidden by a moderator.</p>
                ) : (
                  <>
                    {reply.hidden ? <p className="muted in-course__small">Hidden by a moderator: only moderators see it.</p> : null}
                    <div className="forum__body" dangerouslySetInnerHTML={{ __html: reply.bodyHtml }} />
                  </>
                )}
                <div className="in-course__row">
                  <VoteButton type="forum_reply" id={reply.id} count={reply.voteCount} voted={reply.voted} signedIn={signedIn} />
                  {accepts ? (
                    <Form method="post">
                      <CsrfInput />
                      {reply.accepted ? (
                        <input type="hidden" name="intent" value="unaccept" />
                      ) : (
                        <>
                          <input type="hidden" name="intent" value="accept" />
                          <input type="hidden" name="reply_id" value={reply.id} />
                        </>
                      )}
                      <button type="submit" className="button button--outline">
                        {reply.accepted ? "Unmark the answer" : "Accept as the answer"}
                      </button>
                    </Form>
                  ) : null}
                  {moderates ? (
                    <Form method="post">
                      <CsrfInput />
                      <input type="hidden" name="intent" value="moderate_reply" />
                      <input type="hidden" name="reply_id" value={reply.id} />
                      <input type="hidden" name="action" value={reply.hidden ? "unhide" : "hide"} />
                      <button type="submit" className="button button--outline">
                        {reply.hidden ? "Show the reply" : "Hide the reply"}
                      </button>
                    </Form>
                  ) : null}
                </div>
                {editableReplyIds.includes(reply.id) ? <EditForm label="Edit the reply" intent="edit_reply" replyId={reply.id} body={reply.body ?? ""} errors={null} /> : null}
                {signedIn && reply.bodyHtml !== null ? <ReportForm type="forum_reply" id={reply.id} /> : null}
              </article>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="reply-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="reply-heading">
          Your reply
        </h2>
        {post.locked && !moderates ? (
          <p className="muted">This post is locked: it takes no new replies.</p>
        ) : signedIn ? (
          <Form method="post" className="tutoring-form" key={post.replies.length}>
            <CsrfInput />
            <input type="hidden" name="intent" value="reply" />
            <TextAreaField
              label="Reply"
              id="reply-body"
              name="body"
              required
              rows={5}
              maxLength={FORUM_BODY_MAX}
              hint="Markdown: **bold**, *italic*, lists, links, formulas between dollar signs"
              errors={answer?.result.error?.body ?? undefined}
            />
            <div>
              <button type="submit" className="button" disabled={busy}>
                Post reply
              </button>
            </div>
          </Form>
        ) : (
          <p>
            <Link to={`/users/sign_in?redirect_to=${encodeURIComponent(here)}`}>Sign in</Link> to reply.
          </p>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, {
    title: data ? clippedTitle(data.post.title) : "Forum post",
    fullTitle: data ? `${data.post.title} — ${data.board.title}` : undefined,
    description: data ? `A question about ${data.board.name} and its answers.` : "A forum post.",
    path: data ? `${data.board.path}/${data.post.id}` : "/courses",
  });
