import { sql, type Transaction } from "kysely";
import { db } from "~/db/db.server";
import { displayNameSql } from "~/db/display-name";
import { likePattern } from "~/db/like-pattern";
import type { Database, ReportReason, VotableType } from "~/db/schema";
import { can } from "~/accounts/policy/permissions";
import type { Viewer } from "~/accounts/roles";
import { postingAllowance, type PostingAllowance, type PostModeration } from "~/community/moderation";
import { moderateComment } from "~/community/comments.server";
import { hasFormula, postHtml } from "~/content/markdown.server";
import { createNotification } from "~/notifications/notifications.server";
import { parseRecordId } from "~/utils/record-id";

/**
 * Course forums over PostgreSQL: each course's board of posts, their replies, votes (once per
 * person, counts kept exact in the vote's transaction), the accepted answer and who follows a post.
 * Takes plain values; who may accept an answer is the policy's (`accept_forum_answer`).
 */

export const FORUM_POSTS_PER_PAGE = 20;
/** A thread shows at most this many replies, oldest first. */
const REPLIES_SHOWN = 500;

/**
 * A discussion board: a course's (/courses/{slug}/forum) or an online course's
 * (/online-courses/{id}/forum). `home` is the page it belongs to, `path` the board's own address.
 */
export interface Board {
  kind: "course" | "online_course";
  id: number;
  slug: string;
  code: string;
  name: string;
  /** The board's name: "MATH 137 forum" for a course, the online course's name for one of those. */
  title: string;
  home: string;
  path: string;
}

/** The board the address names: a course's by id or slug, or an open online course's by id or slug. */
export async function findBoard(kind: Board["kind"], idOrSlug: string): Promise<Board | undefined> {
  const id = parseRecordId(idOrSlug);
  if (kind === "course") {
    const course = await db()
      .selectFrom("courses")
      .select(["id", "slug", "code", "name"])
      .where(id !== null ? "id" : "slug", "=", id ?? idOrSlug)
      .executeTakeFirst();
    return course && { kind, ...course, title: `${course.code} forum`, home: `/courses/${course.slug}`, path: `/courses/${course.slug}/forum` };
  }
  // A hidden online course has no board anyone finds.
  const course = await db()
    .selectFrom("online_courses")
    .select(["id", "slug", "course_code as code", "name"])
    .where(id !== null ? "id" : "slug", "=", id ?? idOrSlug)
    .where("status", "!=", "hidden")
    .executeTakeFirst();
  return course && { kind, ...course, title: `${course.name} forum`, home: `/online-courses/${course.id}`, path: `/online-courses/${course.id}/forum` };
}

/** The posts of this board, as a where clause's column and value. */
const boardColumn = (board: Pick<Board, "kind">) => (board.kind === "course" ? "p.course_id" : "p.online_course_id");

/** A page of the board, most recently active first; `query` searches titles and bodies. */
export async function listBoard(board: Pick<Board, "kind" | "id">, options: { query: string; page: number; moderator: boolean }) {
  let posts = db().selectFrom("forum_posts as p").where(boardColumn(board), "=", board.id);
  // Hidden posts are the moderators' to see.
  if (!options.moderator) posts = posts.where("p.hidden_at", "is", null);
  if (options.query) {
    const pattern = likePattern(options.query);
    posts = posts.where((eb) => eb.or([eb("p.title", "ilike", pattern), eb("p.body", "ilike", pattern)]));
  }
  const [total, rows] = await Promise.all([
    posts.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
    posts
      .leftJoin("users as u", "u.id", "p.author_id")
      .select([
        "p.id",
        "p.title",
        "p.reply_count",
        "p.vote_count",
        "p.accepted_reply_id",
        "p.created_at",
        "p.last_activity_at",
        "p.hidden_at",
        "p.locked_at",
        "p.pinned_at",
        displayNameSql("u").as("author_name"),
      ])
      .orderBy(sql`p.pinned_at is null`)
      .orderBy("p.last_activity_at", "desc")
      .orderBy("p.id", "desc")
      .limit(FORUM_POSTS_PER_PAGE)
      .offset((options.page - 1) * FORUM_POSTS_PER_PAGE)
      .execute(),
  ]);
  return {
    total: total.count,
    pages: Math.max(1, Math.ceil(total.count / FORUM_POSTS_PER_PAGE)),
    posts: rows.map((row) => ({ ...row, answered: row.accepted_reply_id !== null, hidden: row.hidden_at !== null, locked: row.locked_at !== null, pinned: row.pinned_at !== null })),
  };
}

/** Whoever posts or replies follows the post: they hear of its new replies. */
async function follow(trx: Transaction<Database>, userId: number, postId: number) {
  await trx
    .insertInto("forum_subscriptions")
    .values({ user_id: userId, post_id: postId })
    .onConflict((conflict) => conflict.columns(["user_id", "post_id"]).doNothing())
    .execute();
}

export async function createPost(input: { board: Pick<Board, "kind" | "id">; authorId: number; title: string; body: string; now: Date }): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const post = await trx
        .insertInto("forum_posts")
        .values({
          course_id: input.board.kind === "course" ? input.board.id : null,
          online_course_id: input.board.kind === "online_course" ? input.board.id : null,
          author_id: input.authorId,
          title: input.title,
          body: input.body,
          created_at: input.now,
          last_activity_at: input.now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await follow(trx, input.authorId, post.id);
      return post.id;
    });
}

/** A post of this board with its replies (rendered), and how this person stands to it: their votes, whether they follow it. */
export async function loadPost(board: Pick<Board, "kind" | "id">, postId: number, viewerId: number | null, moderator = false) {
  const post = await db()
    .selectFrom("forum_posts as p")
    .leftJoin("users as u", "u.id", "p.author_id")
    .select([
      "p.id",
      "p.title",
      "p.body",
      "p.author_id",
      "p.accepted_reply_id",
      "p.reply_count",
      "p.vote_count",
      "p.created_at",
      "p.hidden_at",
      "p.locked_at",
      "p.pinned_at",
      "p.edited_at",
      displayNameSql("u").as("author_name"),
    ])
    .where("p.id", "=", postId)
    .where(boardColumn(board), "=", board.id)
    .executeTakeFirst();
  // A hidden post is not found, but by moderators.
  if (!post || (post.hidden_at !== null && !moderator)) return null;
  const [replies, votes, subscription] = await Promise.all([
    db()
      .selectFrom("forum_replies as r")
      .leftJoin("users as u", "u.id", "r.author_id")
      .select(["r.id", "r.body", "r.author_id", "r.vote_count", "r.created_at", "r.hidden_at", "r.edited_at", displayNameSql("u").as("author_name")])
      .where("r.post_id", "=", postId)
      .orderBy("r.created_at")
      .orderBy("r.id")
      .limit(REPLIES_SHOWN)
      .execute(),
    viewerId === null
      ? Promise.resolve([])
      : db()
          .selectFrom("votes")
          .select(["votable_type", "votable_id"])
          .where("user_id", "=", viewerId)
          .where((eb) =>
            eb.or([
              eb.and([eb("votable_type", "=", "forum_post"), eb("votable_id", "=", postId)]),
              eb.and([eb("votable_type", "=", "forum_reply"), eb("votable_id", "in", eb.selectFrom("forum_replies").select("id").where("post_id", "=", postId))]),
            ])
          )
          .execute(),
    viewerId === null ? Promise.resolve(undefined) : db().selectFrom("forum_subscriptions").select("post_id").where("user_id", "=", viewerId).where("post_id", "=", postId).executeTakeFirst(),
  ]);
  const voted = new Set(votes.map((vote) => `${vote.votable_type}:${vote.votable_id}`));
  const bodyHtml = postHtml(post.body);
  // A hidden reply's words are the moderators' to read; everyone else sees that it was hidden.
  const replyHtml = new Map(replies.map((reply) => [reply.id, reply.hidden_at !== null && !moderator ? null : postHtml(reply.body)]));
  return {
    id: post.id,
    title: post.title,
    bodyHtml,
    hasFormula: hasFormula(bodyHtml) || [...replyHtml.values()].some((html) => html !== null && hasFormula(html)),
    hidden: post.hidden_at !== null,
    locked: post.locked_at !== null,
    pinned: post.pinned_at !== null,
    // The words as written, for its author's edit form.
    body: post.body,
    editedAt: post.edited_at,
    authorId: post.author_id,
    authorName: post.author_name,
    createdAt: post.created_at,
    voteCount: post.vote_count,
    voted: voted.has(`forum_post:${post.id}`),
    acceptedReplyId: post.accepted_reply_id,
    following: Boolean(subscription),
    replies: replies.map((reply) => ({
      id: reply.id,
      bodyHtml: replyHtml.get(reply.id) ?? null,
      body: replyHtml.get(reply.id) === null ? null : reply.body,
      editedAt: reply.edited_at,
      hidden: reply.hidden_at !== null,
      authorId: reply.author_id,
      authorName: reply.author_name,
      createdAt: reply.created_at,
      voteCount: reply.vote_count,
      voted: voted.has(`forum_reply:${reply.id}`),
      accepted: reply.id === post.accepted_reply_id,
    })),
  };
}

export type ForumThread = NonNullable<Awaited<ReturnType<typeof loadPost>>>;

/**
 * A reply: counted on the post, which moves up the board; its author follows the post, and
 * everyone else following it is told (a ForumReply notification leading to the thread).
 */
export async function addReply(input: { board: Board; postId: number; authorId: number; postTitle: string; body: string; now: Date }): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const reply = await trx
        .insertInto("forum_replies")
        .values({ post_id: input.postId, author_id: input.authorId, body: input.body, created_at: input.now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("forum_posts")
        .set({ reply_count: sql`reply_count + 1`, last_activity_at: input.now })
        .where("id", "=", input.postId)
        .execute();
      await follow(trx, input.authorId, input.postId);
      const followers = await trx.selectFrom("forum_subscriptions").select("user_id").where("post_id", "=", input.postId).where("user_id", "!=", input.authorId).execute();
      const author = followers.length > 0 ? await trx.selectFrom("users").select(displayNameSql("users").as("name")).where("id", "=", input.authorId).executeTakeFirstOrThrow() : null;
      for (const follower of followers) {
        await createNotification(trx, {
          userId: follower.user_id,
          type: "ForumReply",
          groupKey: `forum_post:${input.postId}`,
          notifiable: { type: "ForumPost", id: input.postId },
          data: { author_name: author?.name ?? "Someone", post_title: input.postTitle, course_code: input.board.code, path: `${input.board.path}/${input.postId}#reply-${reply.id}` },
        });
      }
      return reply.id;
    });
}

/** Its author (or a moderator) changes a post's title and words. */
export async function editPost(input: { postId: number; title: string; body: string; now: Date }) {
  await db().updateTable("forum_posts").set({ title: input.title, body: input.body, edited_at: input.now }).where("id", "=", input.postId).execute();
}

/** Its author (or a moderator) changes a reply's words; false when the post has no such reply. */
export async function editReply(input: { postId: number; replyId: number; body: string; now: Date }): Promise<boolean> {
  const changed = await db().updateTable("forum_replies").set({ body: input.body, edited_at: input.now }).where("id", "=", input.replyId).where("post_id", "=", input.postId).executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}

/** The table each votable kind counts its votes in. */
const VOTED_TABLE = { forum_post: "forum_posts", forum_reply: "forum_replies", comment: "comments" } as const;

/**
 * Votes for (or takes back a vote for) a post, reply or comment (app/community/comments.server.ts). The vote is unique per person and thing,
 * and the count moves only when a vote row was really added or removed, in the same transaction:
 * a vote sent twice counts once, and any number at once leave the exact count.
 */
export async function castVote(input: { userId: number; votableType: VotableType; votableId: number; on: boolean }): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const changed = input.on
        ? await trx
            .insertInto("votes")
            .values({ user_id: input.userId, votable_type: input.votableType, votable_id: input.votableId })
            .onConflict((conflict) => conflict.columns(["user_id", "votable_type", "votable_id"]).doNothing())
            .returning("id")
            .executeTakeFirst()
        : await trx.deleteFrom("votes").where("user_id", "=", input.userId).where("votable_type", "=", input.votableType).where("votable_id", "=", input.votableId).returning("id").executeTakeFirst();
      const table = VOTED_TABLE[input.votableType];
      const row = await trx
        .updateTable(table)
        .set({ vote_count: changed ? sql`vote_count + ${input.on ? 1 : -1}` : sql`vote_count` })
        .where("id", "=", input.votableId)
        .returning("vote_count")
        .executeTakeFirstOrThrow();
      return row.vote_count;
    });
}

/** Marks a reply of the post as its answer, or none (null). False when the reply is not the post's. */
export async function acceptAnswer(postId: number, replyId: number | null): Promise<boolean> {
  const updated = await db()
    .updateTable("forum_posts")
    .set({ accepted_reply_id: replyId })
    .where("id", "=", postId)
    .$if(replyId !== null, (query) => query.where(({ exists, selectFrom }) => exists(selectFrom("forum_replies").select("id").where("id", "=", replyId!).where("post_id", "=", postId))))
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

export async function setFollowing(userId: number, postId: number, on: boolean) {
  if (on)
    await db()
      .transaction()
      .execute((trx) => follow(trx, userId, postId));
  else await db().deleteFrom("forum_subscriptions").where("user_id", "=", userId).where("post_id", "=", postId).execute();
}

// ── Moderation ───────────────────────────────────────────────────────────────────────────────

/** Posts, replies and comments this person wrote since then: what a new account's pace is counted in. */
export async function postsSince(userId: number, since: Date): Promise<number> {
  const { count } = await db()
    .selectFrom((eb) =>
      eb
        .selectFrom("forum_posts")
        .select("id")
        .where("author_id", "=", userId)
        .where("created_at", ">=", since)
        .unionAll(eb.selectFrom("forum_replies").select("id").where("author_id", "=", userId).where("created_at", ">=", since))
        .unionAll(eb.selectFrom("comments").select("id").where("author_id", "=", userId).where("created_at", ">=", since))
        .as("written")
    )
    .select(sql<number>`count(*)::int`.as("count"))
    .executeTakeFirstOrThrow();
  return count;
}

/** Resolves the open reports on a thing, as a moderator settled it. */
async function resolveReports(trx: Transaction<Database>, input: { type: VotableType; id: number; moderatorId: number; resolution: "hidden" | "dismissed" | "deleted"; now: Date }) {
  await trx
    .updateTable("reports")
    .set({ resolved_at: input.now, resolved_by: input.moderatorId, resolution: input.resolution })
    .where("reportable_type", "=", input.type)
    .where("reportable_id", "=", input.id)
    .where("resolved_at", "is", null)
    .execute();
}

/** A moderator's action on a post; hiding or deleting it settles its reports (and its replies' when deleted). */
export async function moderatePost(input: { postId: number; action: PostModeration; moderatorId: number; now: Date }) {
  await db()
    .transaction()
    .execute(async (trx) => {
      const { postId, now } = input;
      if (input.action === "delete") {
        const replies = await trx.selectFrom("forum_replies").select("id").where("post_id", "=", postId).execute();
        for (const reply of replies) await resolveReports(trx, { type: "forum_reply", id: reply.id, moderatorId: input.moderatorId, resolution: "deleted", now });
        await resolveReports(trx, { type: "forum_post", id: postId, moderatorId: input.moderatorId, resolution: "deleted", now });
        await trx.deleteFrom("votes").where("votable_type", "=", "forum_post").where("votable_id", "=", postId).execute();
        await trx.deleteFrom("votes").where("votable_type", "=", "forum_reply").where("votable_id", "in", trx.selectFrom("forum_replies").select("id").where("post_id", "=", postId)).execute();
        await trx.deleteFrom("forum_posts").where("id", "=", postId).execute();
        return;
      }
      const column = { hide: "hidden_at", unhide: "hidden_at", lock: "locked_at", unlock: "locked_at", pin: "pinned_at", unpin: "pinned_at" } as const;
      const on = input.action === "hide" || input.action === "lock" || input.action === "pin";
      await trx
        .updateTable("forum_posts")
        .set({ [column[input.action]]: on ? now : null })
        .where("id", "=", postId)
        .execute();
      if (input.action === "hide") await resolveReports(trx, { type: "forum_post", id: postId, moderatorId: input.moderatorId, resolution: "hidden", now });
    });
}

/** Hides or shows a reply of the post; hiding settles its reports. False when the reply is not the post's. */
export async function moderateReply(input: { postId: number; replyId: number; hide: boolean; moderatorId: number; now: Date }): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const updated = await trx
        .updateTable("forum_replies")
        .set({ hidden_at: input.hide ? input.now : null })
        .where("id", "=", input.replyId)
        .where("post_id", "=", input.postId)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return false;
      if (input.hide) await resolveReports(trx, { type: "forum_reply", id: input.replyId, moderatorId: input.moderatorId, resolution: "hidden", now: input.now });
      return true;
    });
}

/** Reports a post or reply to the moderators: once while the person's report of it is open. */
export async function fileReport(input: { reporterId: number; type: VotableType; id: number; reason: ReportReason; details: string }) {
  await db()
    .insertInto("reports")
    .values({ reporter_id: input.reporterId, reportable_type: input.type, reportable_id: input.id, reason: input.reason, details: input.details })
    .onConflict((conflict) => conflict.columns(["reporter_id", "reportable_type", "reportable_id"]).where("resolved_at", "is", null).doNothing())
    .execute();
}

/** Dismisses the open reports of a thing: the moderator found nothing wrong. */
export async function dismissReports(input: { type: VotableType; id: number; moderatorId: number; now: Date }) {
  await db()
    .transaction()
    .execute((trx) => resolveReports(trx, { ...input, resolution: "dismissed" }));
}

/**
 * The moderators' queue: each reported post, reply or comment with open reports, most reported first,
 * with the reasons given, where it is, and its opening words.
 */
export async function reportQueue() {
  const rows = await db()
    .selectFrom("reports as r")
    .leftJoin("forum_replies as fr", (join) => join.onRef("fr.id", "=", "r.reportable_id").on("r.reportable_type", "=", "forum_reply"))
    .leftJoin("forum_posts as p", (join) =>
      join.on((eb) => eb.or([eb.and([eb("r.reportable_type", "=", "forum_post"), eb("p.id", "=", eb.ref("r.reportable_id"))]), eb("p.id", "=", eb.ref("fr.post_id"))]))
    )
    .leftJoin("courses as c", "c.id", "p.course_id")
    .leftJoin("comments as cm", (join) => join.onRef("cm.id", "=", "r.reportable_id").on("r.reportable_type", "=", "comment"))
    .leftJoin("blog_posts as bp", (join) => join.onRef("bp.id", "=", "cm.commentable_id").on("cm.commentable_type", "=", "blog_post"))
    .leftJoin("activities as act", (join) => join.onRef("act.id", "=", "cm.commentable_id").on("cm.commentable_type", "=", "activity"))
    .select([
      sql<number | null>`max(p.online_course_id)`.as("online_course_id"),
      "r.reportable_type",
      "r.reportable_id",
      sql<number>`count(*)::int`.as("reports"),
      sql<string[]>`array_agg(distinct r.reason)`.as("reasons"),
      sql<Date>`min(r.created_at)`.as("first_reported_at"),
      sql<string | null>`max(coalesce(p.title, bp.title, act.title))`.as("post_title"),
      sql<number | null>`max(p.id)`.as("post_id"),
      sql<string | null>`max(c.slug)`.as("course_slug"),
      sql<string | null>`max(coalesce(cm.body, fr.body, p.body))`.as("body"),
      sql<boolean>`bool_or(coalesce(cm.hidden_at, cm.deleted_at, fr.hidden_at, p.hidden_at) is not null)`.as("hidden"),
    ])
    .where("r.resolved_at", "is", null)
    .groupBy(["r.reportable_type", "r.reportable_id"])
    .orderBy(sql`count(*)`, "desc")
    .orderBy(sql`min(r.created_at)`)
    .limit(100)
    .execute();
  return rows.map((row) => ({
    type: row.reportable_type,
    id: row.reportable_id,
    reports: row.reports,
    reasons: row.reasons,
    firstReportedAt: row.first_reported_at,
    postTitle: row.post_title,
    excerpt: (row.body ?? "").slice(0, 280),
    hidden: row.hidden,
    // A comment's page is found as its reader reaches it (/community/interactions?comment=).
    href: row.reportable_type === "comment" ? `/community/interactions?comment=${row.reportable_id}` : threadHref(row),
  }));
}

/**
 * From the reports queue: hides a reported post, reply or comment, which settles its reports.
 * False when it is gone.
 */
export async function hideReported(input: { type: "forum_post" | "forum_reply" | "comment"; id: number; moderatorId: number; now: Date }): Promise<boolean> {
  if (input.type === "comment") return moderateComment({ commentId: input.id, hide: true, moderatorId: input.moderatorId, now: input.now });
  if (input.type === "forum_post") {
    const post = await db().selectFrom("forum_posts").select("id").where("id", "=", input.id).executeTakeFirst();
    if (!post) return false;
    await moderatePost({ postId: input.id, action: "hide", moderatorId: input.moderatorId, now: input.now });
    return true;
  }
  const reply = await db().selectFrom("forum_replies").select(["id", "post_id"]).where("id", "=", input.id).executeTakeFirst();
  if (!reply) return false;
  await moderateReply({ postId: reply.post_id, replyId: input.id, hide: true, moderatorId: input.moderatorId, now: input.now });
  return true;
}

/** Where a reported post or reply is read: its thread on its board. */
function threadHref(row: { course_slug: string | null; online_course_id: number | null; post_id: number | null; reportable_type: string; reportable_id: number }) {
  const board = row.course_slug ? `/courses/${row.course_slug}/forum` : row.online_course_id ? `/online-courses/${row.online_course_id}/forum` : null;
  if (!board || !row.post_id) return null;
  return `${board}/${row.post_id}${row.reportable_type === "forum_reply" ? `#reply-${row.reportable_id}` : ""}`;
}

/** Whether this person may post or reply now: a new account's pace is limited, a moderator's never. */
export async function postingAllowanceFor(viewer: Viewer, now: Date): Promise<PostingAllowance> {
  const moderator = can(viewer, "moderate_forum", "forum");
  if (viewer.id === null) return { ok: false, message: "Sign in to post." };
  if (moderator) return { ok: true };
  const [user, recent] = await Promise.all([
    db().selectFrom("users").select("created_at").where("id", "=", viewer.id).executeTakeFirstOrThrow(),
    postsSince(viewer.id, new Date(now.getTime() - 60 * 60 * 1000)),
  ]);
  return postingAllowance({ accountCreatedAt: user.created_at, now, postsInLastHour: recent, moderator });
}
