import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor } from "~/accounts/session.server";
import { FORUM_BODY_MAX, threadSchema } from "~/community/forum-forms";
import { acceptAnswer, addReply, castVote, findBoardCourse, loadPost, setFollowing } from "~/community/forum.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormulaStylesheet } from "~/content/formula-stylesheet";
import { FormErrors, TextAreaField } from "~/components/form-field";
import { notFound } from "~/errors/not-found.server";
import { formatDate } from "~/formatting/format";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/courses+/$idOrSlug_.forum_.$postId";

async function threadFor(params: { idOrSlug?: string; postId?: string }, viewerId: number | null) {
  const course = await findBoardCourse(params.idOrSlug ?? "");
  const postId = parseRecordId(params.postId);
  const post = course && postId !== null ? await loadPost(course.id, postId, viewerId) : null;
  if (!course || !post) throw notFound("There is no such post on this course's forum.");
  return { course, post };
}

/** /courses/{idOrSlug}/forum/{postId}: a post, its replies (the accepted answer marked), votes and, signed in, a reply form. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const { course, post } = await threadFor(params, session?.user.id ?? null);
  return {
    course,
    post,
    signedIn: session !== null,
    // Whether this person may choose the answer: the asker, or a forum moderator.
    accepts: can(viewerFor(session), "accept_forum_answer", { author_id: post.authorId }),
  };
}

/** POST: a reply, a vote (or its withdrawal), the accepted answer, or following the post — each by `intent`. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const { course, post } = await threadFor(params, session.user.id);
  const submission = parseWithZod(await request.formData(), { schema: threadSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const refuse = (status: number, message: string) => data({ result: submission.reply({ formErrors: [message] }) }, { status });
  const here = `/courses/${course.slug}/forum/${post.id}`;
  const command = submission.value;
  switch (command.intent) {
    case "reply": {
      const name = [session.user.display_name, [session.user.first_name, session.user.last_name].filter(Boolean).join(" ")].find((candidate) => candidate && candidate.trim()) ?? "Someone";
      const replyId = await addReply({ course, postId: post.id, authorId: session.user.id, authorName: name, postTitle: post.title, body: command.body, now: requestNow(request) });
      throw await redirectWithToast(`${here}#reply-${replyId}`, { type: "success", message: "Reply posted." }, { status: 303 });
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
    case "follow":
      await setFollowing(session.user.id, post.id, command.follow === "on");
      throw await redirectWithToast(here, { type: "success", message: command.follow === "on" ? "You will hear of new replies." : "You no longer follow this post." }, { status: 303 });
  }
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

export default function ForumThreadPage() {
  const { course, post, signedIn, accepts } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const board = `/courses/${course.slug}/forum`;
  const here = `${board}/${post.id}`;
  return (
    <div className="wrapper wrapper--medium page">
      <p>
        <Link to={board}>{course.code} forum</Link>
      </p>
      {post.hasFormula ? <FormulaStylesheet /> : null}
      <article aria-labelledby="post-title" className="forum__post">
        <h1 className="page-heading" id="post-title">
          {post.title}
        </h1>
        <p className="muted in-course__small">
          {post.authorName ?? "A former member"} · {formatDate(post.createdAt, "MMM d, yyyy 'at' h:mm a")}
          {post.acceptedReplyId !== null ? " · answered" : ""}
        </p>
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
      </article>
      <FormErrors errors={answer?.result.error?.[""] ?? undefined} />

      <section aria-labelledby="replies-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="replies-heading">
          {post.replies.length} {post.replies.length === 1 ? "reply" : "replies"}
        </h2>
        <ol className="forum__replies">
          {post.replies.map((reply) => (
            <li key={reply.id} id={`reply-${reply.id}`} className={reply.accepted ? "forum__reply forum__reply--accepted" : "forum__reply"} aria-label={reply.accepted ? "Accepted answer" : undefined}>
              {reply.accepted ? (
                <p className="forum__accepted" data-testid="accepted-answer">
                  ✓ Accepted answer
                </p>
              ) : null}
              <p className="muted in-course__small">
                {reply.authorName ?? "A former member"} · {formatDate(reply.createdAt, "MMM d, yyyy 'at' h:mm a")}
              </p>
              <div className="forum__body" dangerouslySetInnerHTML={{ __html: reply.bodyHtml }} />
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
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="reply-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="reply-heading">
          Your reply
        </h2>
        {signedIn ? (
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
    title: data ? `${data.post.title} — ${data.course.code} forum` : "Forum post",
    description: data ? `A question about ${data.course.name} and its answers.` : "A forum post.",
    path: data ? `/courses/${data.course.slug}/forum/${data.post.id}` : "/courses",
  });
