import { sql, type Transaction } from "kysely";
import { db } from "~/db/db.server";
import { statement } from "~/db/statement.server";
import { displayNameSql } from "~/db/display-name";
import type { CommentableType, Database, ReactionableType } from "~/db/schema";
import type { Viewer } from "~/accounts/roles";
import { hasFormula, postHtml } from "~/content/markdown.server";
import { inCourseBase, lockNotice } from "~/online-courses/curriculum";
import { loadCourseForViewer } from "~/online-courses/in-course.server";
import { reactionCounts, REACTION_IDS, type ReactionCounts, type ReactionId } from "~/community/reactions";

/**
 * Comments and reactions on blog posts and online-course activities (SPEC §3 comments, votes,
 * resource reactions): comments threaded one level, in Markdown rendered by the forum's sanitizing
 * renderer; votes on comments through the forum's castVote; reactions from a fixed set with their
 * counts kept in the reaction's transaction. Takes plain values; who may see an activity is the
 * in-course experience's decision (its lock), reused here.
 */

/** A thread shows at most this many comments (replies included), oldest first. */
const COMMENTS_SHOWN = 500;

export interface CommentTarget {
  type: CommentableType;
  id: number;
}

/** What a target is as this viewer may reach it: the page it is on, or why not. */
export type ResolvedTarget = { kind: "open"; target: CommentTarget; href: string; title: string } | { kind: "not-found" } | { kind: "locked"; message: string };

/**
 * A blog post (published) or an activity the viewer may see: for an activity, the course must be
 * one they may see and the activity not locked to them — the same decision its page makes.
 */
export async function resolveTarget(viewer: Viewer, target: CommentTarget, now = new Date()): Promise<ResolvedTarget> {
  if (target.type === "blog_post") {
    const post = await db().selectFrom("blog_posts").select(["slug", "title"]).where("id", "=", target.id).where("published_at", "<=", now).executeTakeFirst();
    return post ? { kind: "open", target, href: `/blog/${post.slug}`, title: post.title } : { kind: "not-found" };
  }
  const row = await db()
    .selectFrom("activities")
    .innerJoin("sections", "sections.id", "activities.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .select("chapters.online_course_id")
    .where("activities.id", "=", target.id)
    .executeTakeFirst();
  if (!row) return { kind: "not-found" };
  const loaded = await loadCourseForViewer(viewer, String(row.online_course_id), { now });
  const activity = loaded?.tree.activities.find((candidate) => candidate.id === target.id);
  if (!loaded || !activity) return { kind: "not-found" };
  const lock = lockNotice(activity, loaded.course.id);
  if (lock) return { kind: "locked", message: lock.message };
  return { kind: "open", target, href: `${inCourseBase(loaded.course.slug)}/${activity.href}`, title: activity.title };
}

/** A comment and what it hangs on; undefined when there is no such comment. */
export function findComment(commentId: number) {
  return db()
    .selectFrom("comments")
    .select(["id", "commentable_type", "commentable_id", "parent_id", "author_id", "hidden_at", "deleted_at"])
    .where("id", "=", commentId)
    .executeTakeFirst();
}

export type CommentView = {
  id: number;
  parentId: number | null;
  /** Null once deleted by its author or hidden (but for moderators). */
  bodyHtml: string | null;
  deleted: boolean;
  hidden: boolean;
  authorId: number | null;
  authorName: string | null;
  createdAt: Date;
  voteCount: number;
  voted: boolean;
  reactions: Reactions;
  replies: CommentView[];
};

/** A thing's `reaction_counts` map (every reaction of the set, zero included) and the viewer's own reactions. */
export type Reactions = { reaction_counts: ReactionCounts; mine: ReactionId[] };

type ReactionRow = { reaction_id: string; count: number; mine: boolean };
type CommentRow = {
  id: number;
  parent_id: number | null;
  body: string;
  author_id: number | null;
  author_name: string | null;
  vote_count: number;
  /** A timestamp as JSON text. */
  created_at: string;
  hidden: boolean;
  deleted: boolean;
  voted: boolean;
  reactions: ReactionRow[];
};

/**
 * A thing's reaction counts with the viewer's own among them (a reaction is counted in its own
 * transaction, so the viewer's are among the counted ones), as a JSON array, in SQL.
 */
function reactionsSql(type: unknown, id: unknown, viewerId: unknown) {
  return sql<ReactionRow[]>`coalesce((select json_agg(json_build_object('reaction_id', rc.reaction_id, 'count', rc.count, 'mine',
      exists (select 1 from resource_reactions mine where mine.user_id = ${viewerId} and mine.reactionable_type = rc.reactionable_type
        and mine.reactionable_id = rc.reactionable_id and mine.reaction_id = rc.reaction_id)))
    from reaction_counts rc where rc.reactionable_type = ${type} and rc.reactionable_id = ${id} and rc.count > 0), '[]'::json)`;
}

/**
 * A thing's reactions and its comments (oldest first, each with its reactions and whether the
 * viewer voted for it), as the two columns `reactions` and `comments` of a select list: a page with
 * a busy thread makes one round trip, not four, and a page that reads more beside the thread
 * (an activity's questions) adds these to its own statement.
 */
export function communitySelections(type: unknown, id: unknown, viewerId: unknown) {
  return [
    reactionsSql(type, id, viewerId).as("reactions"),
    sql<CommentRow[]>`coalesce((select json_agg(json_build_object('id', c.id, 'parent_id', c.parent_id, 'body', c.body, 'author_id', c.author_id,
        'author_name', ${displayNameSql("u")}, 'vote_count', c.vote_count, 'created_at', c.created_at, 'hidden', c.hidden_at is not null,
        'deleted', c.deleted_at is not null,
        'voted', exists (select 1 from votes v where v.user_id = ${viewerId} and v.votable_type = 'comment' and v.votable_id = c.id),
        'reactions', ${reactionsSql(sql.lit("comment"), sql.ref("c.id"), viewerId)}) order by c.created_at, c.id)
      from (select * from comments where commentable_type = ${type} and commentable_id = ${id} order by created_at, id limit ${COMMENTS_SHOWN}) c
      left join users u on u.id = c.author_id), '[]'::json)`.as("comments"),
  ] as const;
}

const communityOf = statement((values: { type: CommentableType; id: number; viewerId: number | null }) => db().selectNoFrom(communitySelections(values.type, values.id, values.viewerId)));

function reactionsFrom(rows: readonly ReactionRow[]): Reactions {
  return { reaction_counts: reactionCounts(rows), mine: REACTION_IDS.filter((reaction) => rows.some((row) => row.mine && row.reaction_id === reaction)) };
}

/**
 * What a page shows under a blog post or an activity: its reactions (the `reaction_counts` map and
 * the viewer's own), and its comments, replies under their comment, with votes and reactions.
 */
export async function loadCommunity(target: CommentTarget, viewer: Viewer, options: { moderator: boolean }) {
  return communityFrom((await communityOf.executeTakeFirst({ type: target.type, id: target.id, viewerId: viewer.id }))!, target, viewer, options);
}

/** The community of a row read with communitySelections. */
export function communityFrom({ reactions, comments: rows }: { reactions: ReactionRow[]; comments: CommentRow[] }, target: CommentTarget, viewer: Viewer, options: { moderator: boolean }) {
  const views = new Map<number, CommentView>();
  const top: CommentView[] = [];
  for (const row of rows) {
    const { deleted, hidden } = row;
    const view: CommentView = {
      id: row.id,
      parentId: row.parent_id,
      bodyHtml: deleted || (hidden && !options.moderator) ? null : postHtml(row.body),
      deleted,
      hidden,
      authorId: deleted ? null : row.author_id,
      authorName: deleted ? null : row.author_name,
      createdAt: new Date(row.created_at),
      voteCount: row.vote_count,
      voted: row.voted,
      reactions: reactionsFrom(row.reactions),
      replies: [],
    };
    views.set(row.id, view);
    if (row.parent_id === null) top.push(view);
    else views.get(row.parent_id)?.replies.push(view);
  }
  // A deleted comment stays as a placeholder only while it has replies to hold together.
  const shown = top.filter((comment) => !comment.deleted || comment.replies.some((reply) => !reply.deleted)).map((comment) => ({ ...comment, replies: comment.replies.filter((reply) => !reply.deleted) }));
  const count = shown.reduce((sum, comment) => sum + (comment.deleted ? 0 : 1) + comment.replies.length, 0);
  return {
    target,
    viewer: { id: viewer.id, signedIn: viewer.id !== null },
    reactions: reactionsFrom(reactions),
    comments: shown,
    count,
    hasFormula: shown.some((comment) => [comment, ...comment.replies].some((each) => each.bodyHtml !== null && hasFormula(each.bodyHtml))),
  };
}

export type Community = ReturnType<typeof communityFrom>;

/**
 * A comment, or a reply to a top-level comment of the same thing (a reply is never replied to).
 * "bad-parent" when the parent is not such a comment.
 */
export async function addComment(input: { target: CommentTarget; authorId: number; body: string; parentId: number | null; now: Date }): Promise<{ kind: "added"; id: number } | { kind: "bad-parent" }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      if (input.parentId !== null) {
        const parent = await trx
          .selectFrom("comments")
          .select("id")
          .where("id", "=", input.parentId)
          .where("commentable_type", "=", input.target.type)
          .where("commentable_id", "=", input.target.id)
          .where("parent_id", "is", null)
          .where("deleted_at", "is", null)
          .forShare()
          .executeTakeFirst();
        if (!parent) return { kind: "bad-parent" } as const;
      }
      const comment = await trx
        .insertInto("comments")
        .values({ commentable_type: input.target.type, commentable_id: input.target.id, parent_id: input.parentId, author_id: input.authorId, body: input.body, created_at: input.now })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { kind: "added", id: comment.id } as const;
    });
}

/** The author deletes their own comment: its words go, its replies stay. False when it is not theirs (or already gone). */
export async function deleteOwnComment(input: { commentId: number; userId: number; now: Date }): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const deleted = await trx
        .updateTable("comments")
        .set({ deleted_at: input.now, body: "" })
        .where("id", "=", input.commentId)
        .where("author_id", "=", input.userId)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (deleted.numUpdatedRows === 0n) return false;
      await settleReports(trx, { commentId: input.commentId, moderatorId: null, resolution: "deleted", now: input.now });
      return true;
    });
}

async function settleReports(trx: Transaction<Database>, input: { commentId: number; moderatorId: number | null; resolution: "hidden" | "deleted"; now: Date }) {
  await trx
    .updateTable("reports")
    .set({ resolved_at: input.now, resolved_by: input.moderatorId, resolution: input.resolution })
    .where("reportable_type", "=", "comment")
    .where("reportable_id", "=", input.commentId)
    .where("resolved_at", "is", null)
    .execute();
}

/** A moderator hides (or shows) a comment; hiding settles its open reports. False when there is no such comment. */
export async function moderateComment(input: { commentId: number; hide: boolean; moderatorId: number; now: Date }): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const updated = await trx
        .updateTable("comments")
        .set({ hidden_at: input.hide ? input.now : null })
        .where("id", "=", input.commentId)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return false;
      if (input.hide) await settleReports(trx, { commentId: input.commentId, moderatorId: input.moderatorId, resolution: "hidden", now: input.now });
      return true;
    });
}

/**
 * Leaves (or takes back) a reaction. The reaction row is unique per person, thing and reaction,
 * and the count moves only when a row was really added or removed, in the same transaction (an
 * upsert that locks the count's row): a reaction sent twice counts once, and any number of people
 * reacting at once leave the exact count. Answers the thing's counts after.
 */
export async function toggleReaction(input: { userId: number; type: ReactionableType; id: number; reaction: ReactionId; on: boolean }): Promise<ReactionCounts> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const where = { reactionable_type: input.type, reactionable_id: input.id, reaction_id: input.reaction };
      const changed = input.on
        ? await trx
            .insertInto("resource_reactions")
            .values({ user_id: input.userId, ...where })
            .onConflict((conflict) => conflict.columns(["user_id", "reactionable_type", "reactionable_id", "reaction_id"]).doNothing())
            .returning("id")
            .executeTakeFirst()
        : await trx
            .deleteFrom("resource_reactions")
            .where("user_id", "=", input.userId)
            .where("reactionable_type", "=", input.type)
            .where("reactionable_id", "=", input.id)
            .where("reaction_id", "=", input.reaction)
            .returning("id")
            .executeTakeFirst();
      if (changed && input.on) {
        await trx
          .insertInto("reaction_counts")
          .values({ ...where, count: 1 })
          .onConflict((conflict) => conflict.columns(["reactionable_type", "reactionable_id", "reaction_id"]).doUpdateSet({ count: sql`reaction_counts.count + 1` }))
          .execute();
      } else if (changed) {
        await trx
          .updateTable("reaction_counts")
          .set({ count: sql`count - 1` })
          .where("reactionable_type", "=", input.type)
          .where("reactionable_id", "=", input.id)
          .where("reaction_id", "=", input.reaction)
          .execute();
      }
      const rows = await trx.selectFrom("reaction_counts").select(["reaction_id", "count"]).where("reactionable_type", "=", input.type).where("reactionable_id", "=", input.id).execute();
      return reactionCounts(rows);
    });
}
