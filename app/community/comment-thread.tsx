import { Link, useFetcher, useLocation } from "@remix-run/react";
import { ReportFields } from "~/community/report-fields";
import { useEffect } from "react";
import type { CommentView, Community } from "~/community/comments.server";
import { COMMENT_BODY_MAX } from "~/community/comment-forms";
import { InteractionForm, type InteractionAnswer } from "~/community/interaction-form";
import { ReactionBar } from "~/community/reaction-bar";
import { FormulaStylesheet } from "~/content/formula-stylesheet";
import { formatDate } from "~/formatting/format";

type Thread = Pick<Community, "target" | "viewer" | "reactions" | "comments" | "count" | "hasFormula">;

/**
 * Under a blog post or an activity: its reactions, then its comments (replies one level under
 * each), each with votes and reactions, and the forms to comment, reply, delete one's own and
 * report. Guests read it all, with a link to sign in. `headingLevel` 3 when it sits inside a
 * section headed by an h2 (an activity's article).
 */
export function CommentThread({ community, canComment = true, headingLevel = 2 }: { community: Thread; canComment?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { target, viewer } = community;
  const location = useLocation();
  const signIn = `/users/sign_in?redirect_to=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
  return (
    <section aria-labelledby={`comments-heading-${target.type}-${target.id}`} className="comment-thread" id="comments">
      {community.hasFormula ? <FormulaStylesheet /> : null}
      <ReactionBar type={target.type} id={target.id} reactions={community.reactions} signedIn={viewer.signedIn} />
      <Heading className="section-heading" id={`comments-heading-${target.type}-${target.id}`}>
        {community.count} {community.count === 1 ? "comment" : "comments"}
      </Heading>
      {viewer.signedIn ? (
        canComment ? (
          <CommentForm target={target} label="Add a comment" />
        ) : null
      ) : (
        <p className="muted">
          <Link to={signIn}>Sign in</Link> to comment and react.
        </p>
      )}
      <ol className="comment-thread__list">
        {community.comments.map((comment) => (
          <li key={comment.id} id={`comment-${comment.id}`}>
            <CommentItem comment={comment as CommentView} thread={community} canComment={canComment} />
            {comment.replies.length > 0 ? (
              <ol className="comment-thread__replies">
                {comment.replies.map((reply) => (
                  <li key={reply.id} id={`comment-${reply.id}`}>
                    <CommentItem comment={reply as CommentView} thread={community} canComment={false} />
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function CommentForm({ target, parentId, label }: { target: Thread["target"]; parentId?: number; label: string }) {
  const fetcher = useFetcher<InteractionAnswer>();
  const fieldId = `comment-body-${target.type}-${target.id}-${parentId ?? "new"}`;
  // Posted through the fetcher: empty the box for the next one.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      const box = document.getElementById(fieldId);
      if (box instanceof HTMLTextAreaElement) box.value = "";
    }
  }, [fetcher.state, fetcher.data, fieldId]);
  return (
    <InteractionForm
        fetcher={fetcher}
        intent="comment"
        fields={{ target_type: target.type, target_id: target.id, ...(parentId ? { parent_id: parentId } : {}) }}
        className="comment-thread__form"
      >
        <label htmlFor={fieldId}>{label}</label>
        <textarea id={fieldId} name="body" rows={parentId ? 2 : 3} required maxLength={COMMENT_BODY_MAX} />
        <span className="muted in-course__small">Markdown works: **bold**, _italic_, [links](https://example.com).</span>
        <div>
          <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
            {parentId ? "Reply" : "Post comment"}
          </button>
        </div>
      </InteractionForm>
  );
}

function CommentItem({ comment, thread, canComment }: { comment: CommentView; thread: Thread; canComment: boolean }) {
  const { viewer, target } = thread;
  const vote = useFetcher<InteractionAnswer>();
  const remove = useFetcher<InteractionAnswer>();
  const report = useFetcher<InteractionAnswer>();
  if (comment.bodyHtml === null) {
    return <p className="muted comment-thread__comment">{comment.deleted ? "This comment was deleted." : "This comment was hidden by a moderator."}</p>;
  }
  const pendingVote = vote.formData?.get("vote");
  const voted = pendingVote ? pendingVote === "on" : comment.voted;
  const votes = comment.voteCount + (pendingVote && voted !== comment.voted ? (voted ? 1 : -1) : 0);
  return (
    <article className="comment-thread__comment" aria-label={`Comment by ${comment.authorName ?? "a former member"}`}>
      <p className="muted in-course__small">
        {comment.authorName ?? "A former member"} · {formatDate(comment.createdAt, "MMM d, yyyy 'at' h:mm a")}
        {comment.hidden ? " · hidden by a moderator" : ""}
      </p>
      <div className="forum__body" dangerouslySetInnerHTML={{ __html: comment.bodyHtml }} />
      <div className="comment-thread__actions">
        {viewer.signedIn ? (
          <InteractionForm fetcher={vote} intent="vote_comment" fields={{ comment_id: comment.id, vote: voted ? "off" : "on" }}>
            <button type="submit" className={voted ? "button" : "button button--soft"} aria-pressed={voted}>
              <span aria-hidden="true">▲ </span>
              {votes}
              <span className="visually-hidden">{` ${votes === 1 ? "vote" : "votes"}: ${voted ? "take back your vote" : "vote up"}`}</span>
            </button>
          </InteractionForm>
        ) : (
          <span className="muted in-course__small">
            {votes} {votes === 1 ? "vote" : "votes"}
          </span>
        )}
        <ReactionBar type="comment" id={comment.id} reactions={comment.reactions} signedIn={viewer.signedIn} compact />
        {viewer.signedIn && comment.authorId === viewer.id ? (
          <InteractionForm fetcher={remove} intent="delete_comment" fields={{ comment_id: comment.id }}>
            <button type="submit" className="button button--outline">
              Delete<span className="visually-hidden"> your comment</span>
            </button>
          </InteractionForm>
        ) : null}
      </div>
      {viewer.signedIn && canComment && comment.parentId === null ? (
        <details className="comment-thread__reply">
          <summary>Reply</summary>
          <CommentForm target={target} parentId={comment.id} label={`Reply to ${comment.authorName ?? "this comment"}`} />
        </details>
      ) : null}
      {viewer.signedIn && comment.authorId !== viewer.id ? (
        <details className="forum__report">
          <summary>Report this comment</summary>
          <InteractionForm fetcher={report} intent="report_comment" fields={{ comment_id: comment.id }} className="tutoring-form">
            <ReportFields idSuffix={`comment-${comment.id}`} />
            {report.state === "idle" && report.data?.ok ? <span role="status">{report.data.message}</span> : null}
          </InteractionForm>
        </details>
      ) : null}
    </article>
  );
}
