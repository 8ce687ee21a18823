import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { refererPath, requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor } from "~/accounts/session.server";
import { interactionSchema } from "~/community/comment-forms";
import { addComment, deleteOwnComment, findComment, loadCommunity, resolveTarget, toggleReaction, type CommentTarget } from "~/community/comments.server";
import { castVote, fileReport, postingAllowanceFor } from "~/community/forum.server";
import { notFound } from "~/errors/not-found.server";
import { offlineSafeAction } from "~/shell/offline-submission";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/community+/interactions";

/** The field a comment thread's or reaction bar's fetcher adds once the page runs JavaScript. */
export const FETCHER_FIELD = "_fetcher";

/**
 * GET /community/interactions?comment={id}: the page a comment is on, at the comment (the
 * moderators' queue links here), as this viewer may reach it. With ?target_type=&target_id=
 * instead: that blog post's or activity's reaction counts, as data.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const query = new URL(request.url).searchParams;
  // ?target_type=blog_post|activity&target_id={id}: the thing's reaction_counts map, the viewer's own reactions and its comment count.
  const targetType = query.get("target_type");
  if (targetType !== null) {
    const targetId = parseRecordId(query.get("target_id") ?? undefined);
    if ((targetType !== "blog_post" && targetType !== "activity") || targetId === null) throw notFound("There is no such page.");
    const viewer = viewerFor(session);
    const resolved = await resolveTarget(viewer, { type: targetType, id: targetId }, requestNow(request));
    if (resolved.kind === "not-found") throw notFound("There is no such page.");
    if (resolved.kind === "locked") throw data({ message: resolved.message }, { status: 403 });
    const community = await loadCommunity(resolved.target, viewer, { moderator: false });
    return { target: resolved.target, reaction_counts: community.reactions.reaction_counts, mine: community.reactions.mine, comment_count: community.count };
  }
  const commentId = parseRecordId(query.get("comment") ?? undefined);
  const comment = commentId === null ? undefined : await findComment(commentId);
  if (!comment) throw notFound("There is no such comment.");
  const resolved = await resolveTarget(viewerFor(session), { type: comment.commentable_type, id: comment.commentable_id }, requestNow(request));
  if (resolved.kind !== "open") throw notFound("There is no such comment.");
  throw redirect(`${resolved.href}#comment-${comment.id}`);
}

/**
 * POST: comment (or reply), delete one's own comment, vote on a comment, react to a blog post,
 * activity or comment, or report a comment — each by `intent`. Without JavaScript every answer is
 * a redirect back to the page with a toast; a fetcher (which sends `_fetcher`) gets the outcome
 * as data with its status, and the page's loaders run again.
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const viewer = viewerFor(session);
  const now = requestNow(request);
  const form = await request.formData();
  const viaFetcher = form.get(FETCHER_FIELD) === "1";
  const done = async (href: string, message: string) =>
    viaFetcher ? data({ ok: true as const, message }) : redirectWithToast(href, { type: "success", message }, { status: 303 });
  const refuse = async (status: number, message: string, href = refererPath(request)) =>
    viaFetcher ? data({ ok: false as const, message }, { status }) : redirectWithToast(href, { type: "error", message }, { status: 303 });

  const submission = parseWithZod(form, { schema: interactionSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat().filter(Boolean)[0] ?? "Something is missing.";
    return refuse(400, message);
  }
  const command = submission.value;

  /** The thing and its page, as this person may reach it. */
  const open = async (target: CommentTarget) => {
    const resolved = await resolveTarget(viewer, target, now);
    if (resolved.kind === "not-found") return { refusal: await refuse(404, "There is no such page."), href: null };
    if (resolved.kind === "locked") return { refusal: await refuse(403, resolved.message), href: null };
    return { refusal: null, href: resolved.href };
  };
  /** The comment the command names, and its page. */
  const openComment = async (commentId: number) => {
    const comment = await findComment(commentId);
    if (!comment) return { refusal: await refuse(404, "There is no such comment."), comment: null, href: null };
    const reached = await open({ type: comment.commentable_type, id: comment.commentable_id });
    if (reached.refusal) return { refusal: reached.refusal, comment: null, href: null };
    if (comment.deleted_at !== null || (comment.hidden_at !== null && !can(viewer, "moderate_forum", "forum"))) return { refusal: await refuse(404, "That comment is gone.", reached.href), comment: null, href: null };
    return { refusal: null, comment, href: reached.href };
  };

  switch (command.intent) {
    case "comment": {
      const reached = await open({ type: command.target_type, id: command.target_id });
      if (reached.refusal) return reached.refusal;
      const allowance = await postingAllowanceFor(viewer, now);
      if (!allowance.ok) return refuse(429, allowance.message, `${reached.href}#comments`);
      const added = await addComment({ target: { type: command.target_type, id: command.target_id }, authorId: session.user.id, body: command.body, parentId: command.parent_id ?? null, now });
      if (added.kind === "bad-parent") return refuse(404, "Replies go under a comment of this page (a reply cannot be replied to).", `${reached.href}#comments`);
      return done(`${reached.href}#comment-${added.id}`, command.parent_id ? "Reply posted." : "Comment posted.");
    }
    case "delete_comment": {
      const found = await openComment(command.comment_id);
      if (found.refusal) return found.refusal;
      if (found.comment.author_id !== session.user.id) return refuse(403, "Only its author deletes a comment.", `${found.href}#comments`);
      await deleteOwnComment({ commentId: found.comment.id, userId: session.user.id, now });
      return done(`${found.href}#comments`, "Comment deleted.");
    }
    case "vote_comment": {
      const found = await openComment(command.comment_id);
      if (found.refusal) return found.refusal;
      await castVote({ userId: session.user.id, votableType: "comment", votableId: found.comment.id, on: command.vote === "on" });
      return done(`${found.href}#comment-${found.comment.id}`, command.vote === "on" ? "Vote counted." : "Vote taken back.");
    }
    case "react": {
      let href: string;
      if (command.target_type === "comment") {
        const found = await openComment(command.target_id);
        if (found.refusal) return found.refusal;
        href = `${found.href}#comment-${found.comment.id}`;
      } else {
        const reached = await open({ type: command.target_type, id: command.target_id });
        if (reached.refusal) return reached.refusal;
        href = `${reached.href}#reactions`;
      }
      await toggleReaction({ userId: session.user.id, type: command.target_type, id: command.target_id, reaction: command.reaction, on: command.on === "on" });
      return done(href, command.on === "on" ? "Reaction added." : "Reaction taken back.");
    }
    case "report_comment": {
      const found = await openComment(command.comment_id);
      if (found.refusal) return found.refusal;
      await fileReport({ reporterId: session.user.id, type: "comment", id: found.comment.id, reason: command.reason, details: command.details });
      return done(`${found.href}#comment-${found.comment.id}`, "Thank you: a moderator will look at it.");
    }
  }
}

// Sent by a script, the form keeps its page when the connection is gone.
export const clientAction = offlineSafeAction();
