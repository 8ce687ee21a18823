import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Executor } from "~/db/executor";
import type { Database } from "~/db/schema";
import type { JobHandler } from "~/jobs/types";
import { enqueueJob } from "~/jobs/queue.server";
import { createNotification } from "~/notifications/notifications.server";

/**
 * Scheduled blog posts go out by a background job (app/jobs, run by server/job-worker.ts): when a
 * post is scheduled, a job is enqueued for its time in the same transaction (`runAfter`), and a
 * recurring sweep every minute catches any post whose job was lost or ran early (a clock skew, a
 * time moved earlier). The job publishes every scheduled post that is due, not just the one it
 * was made for, in one UPDATE guarded by `status = 'scheduled'`: running it twice, or two
 * processes at once, publishes each post once and changes nothing more.
 *
 * Its author is told (a BlogPostPublished notification) in the same transaction, so once only.
 *
 * A published post reaches guests of /blog within the guest page cache's lifetime
 * (GUEST_PAGE_CACHE_SECONDS, 10 s by default, server/guest-page-cache.ts): that cache lives in
 * each HTTP process and the job may run in another, so it is left to expire rather than cleared.
 */
export const BLOG_PUBLISHING_QUEUE = "blog-publishing";
export const BLOG_PUBLISHING_EVERY_SECONDS = 60;

/** Publishes every scheduled post due by `now` and tells their authors; the ids published by this call (none on a repeat). */
export async function publishDuePosts(database: Kysely<Database>, now = new Date()): Promise<number[]> {
  return database.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable("blog_posts")
      .set({ status: "published", updated_at: sql<Date>`now()` })
      .where("status", "=", "scheduled")
      .where("published_at", "<=", now)
      .returning(["id", "slug", "title", "author_id"])
      .execute();
    for (const post of rows) {
      if (post.author_id === null) continue;
      await createNotification(trx, {
        userId: post.author_id,
        type: "BlogPostPublished",
        notifiable: { type: "BlogPost", id: post.id },
        data: { post_title: post.title, path: `/blog/${post.slug}` },
      });
    }
    return rows.map((row) => row.id);
  });
}

/** Asks for the post's publication at its time; pass the transaction that schedules it. */
export function enqueuePublication(executor: Executor, postId: number, at: Date) {
  return enqueueJob(executor, BLOG_PUBLISHING_QUEUE, { postId }, { runAfter: at });
}

export function blogPublishingJobHandler(options: { db: () => Kysely<Database>; now?: () => Date }): JobHandler {
  return {
    async run() {
      await publishDuePosts(options.db(), options.now?.() ?? new Date());
    },
  };
}
