import { sql, type Transaction } from "kysely";
import { db } from "~/db/db.server";
import { displayNameSql } from "~/db/display-name";
import { likePattern } from "~/db/like-pattern";
import type { Database, VotableType } from "~/db/schema";
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

/** The course whose board the address names, by id or slug. */
export async function findBoardCourse(idOrSlug: string) {
  const id = parseRecordId(idOrSlug);
  return db()
    .selectFrom("courses")
    .select(["id", "slug", "code", "name"])
    .where(id !== null ? "id" : "slug", "=", id ?? idOrSlug)
    .executeTakeFirst();
}

export type BoardCourse = NonNullable<Awaited<ReturnType<typeof findBoardCourse>>>;

/** A page of the board, most recently active first; `query` searches titles and bodies. */
export async function listBoard(courseId: number, options: { query: string; page: number }) {
  let posts = db().selectFrom("forum_posts as p").where("p.course_id", "=", courseId);
  if (options.query) {
    const pattern = likePattern(options.query);
    posts = posts.where((eb) => eb.or([eb("p.title", "ilike", pattern), eb("p.body", "ilike", pattern)]));
  }
  const [total, rows] = await Promise.all([
    posts.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
    posts
      .leftJoin("users as u", "u.id", "p.author_id")
      .select(["p.id", "p.title", "p.reply_count", "p.vote_count", "p.accepted_reply_id", "p.created_at", "p.last_activity_at", displayNameSql("u").as("author_name")])
      .orderBy("p.last_activity_at", "desc")
      .orderBy("p.id", "desc")
      .limit(FORUM_POSTS_PER_PAGE)
      .offset((options.page - 1) * FORUM_POSTS_PER_PAGE)
      .execute(),
  ]);
  return {
    total: total.count,
    pages: Math.max(1, Math.ceil(total.count / FORUM_POSTS_PER_PAGE)),
    posts: rows.map((row) => ({ ...row, answered: row.accepted_reply_id !== null })),
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

export async function createPost(input: { courseId: number; authorId: number; title: string; body: string; now: Date }): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const post = await trx
        .insertInto("forum_posts")
        .values({ course_id: input.courseId, author_id: input.authorId, title: input.title, body: input.body, created_at: input.now, last_activity_at: input.now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await follow(trx, input.authorId, post.id);
      return post.id;
    });
}

/** A post of this course's board with its replies (rendered), and how this person stands to it: their votes, whether they follow it. */
export async function loadPost(courseId: number, postId: number, viewerId: number | null) {
  const post = await db()
    .selectFrom("forum_posts as p")
    .leftJoin("users as u", "u.id", "p.author_id")
    .select(["p.id", "p.title", "p.body", "p.author_id", "p.accepted_reply_id", "p.reply_count", "p.vote_count", "p.created_at", displayNameSql("u").as("author_name")])
    .where("p.id", "=", postId)
    .where("p.course_id", "=", courseId)
    .executeTakeFirst();
  if (!post) return null;
  const [replies, votes, subscription] = await Promise.all([
    db()
      .selectFrom("forum_replies as r")
      .leftJoin("users as u", "u.id", "r.author_id")
      .select(["r.id", "r.body", "r.author_id", "r.vote_count", "r.created_at", displayNameSql("u").as("author_name")])
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
  const replyHtml = new Map(replies.map((reply) => [reply.id, postHtml(reply.body)]));
  return {
    id: post.id,
    title: post.title,
    bodyHtml,
    hasFormula: hasFormula(bodyHtml) || [...replyHtml.values()].some(hasFormula),
    authorId: post.author_id,
    authorName: post.author_name,
    createdAt: post.created_at,
    voteCount: post.vote_count,
    voted: voted.has(`forum_post:${post.id}`),
    acceptedReplyId: post.accepted_reply_id,
    following: Boolean(subscription),
    replies: replies.map((reply) => ({
      id: reply.id,
      bodyHtml: replyHtml.get(reply.id)!,
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
export async function addReply(input: { course: BoardCourse; postId: number; authorId: number; authorName: string; postTitle: string; body: string; now: Date }): Promise<number> {
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
      for (const follower of followers) {
        await createNotification(trx, {
          userId: follower.user_id,
          type: "ForumReply",
          groupKey: `forum_post:${input.postId}`,
          notifiable: { type: "ForumPost", id: input.postId },
          data: { author_name: input.authorName, post_title: input.postTitle, course_code: input.course.code, path: `/courses/${input.course.slug}/forum/${input.postId}#reply-${reply.id}` },
        });
      }
      return reply.id;
    });
}

/** The table each votable kind counts its votes in. */
const VOTED_TABLE = { forum_post: "forum_posts", forum_reply: "forum_replies" } as const;

/**
 * Votes for (or takes back a vote for) a post or reply. The vote is unique per person and thing,
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
