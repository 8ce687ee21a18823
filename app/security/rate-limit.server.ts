import { sql } from "kysely";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";

/**
 * No rule counts over a longer window (the longest today: an hour, for sign-ups, contact
 * messages, job applications, chats started and reset mail per address). The housekeeping job
 * (app/jobs/housekeeping.server.ts) drops windows older than twice this, so a rule with a longer
 * window would lose its counts early: such a rule is refused.
 */
export const LONGEST_RATE_LIMIT_WINDOW_SECONDS = 60 * 60;

export interface RateLimitRule {
  /** Distinguishes limits: "sign-in:ip", "sign-in:account", … */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts a hit against a fixed window in PostgreSQL (so every app machine shares the count)
 * and says whether it is within the limit. One upsert per check.
 */
export async function hitRateLimit(rule: RateLimitRule, subject: string, now = new Date()) {
  const windowStart = windowStartOf(rule, now);
  const row = await db()
    .insertInto("rate_limit_counters")
    .values({ bucket: bucketOf(rule, subject), window_start: windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(["bucket", "window_start"]).doUpdateSet({ hits: sql`rate_limit_counters.hits + 1` }))
    .returning("hits")
    .executeTakeFirstOrThrow();
  return { allowed: row.hits <= rule.limit, hits: row.hits, retryAfterSeconds: secondsLeft(rule, windowStart, now) };
}

/** The subject's hits in the current window and the seconds until it ends (reads, counts nothing). */
export async function readRateLimit(rule: RateLimitRule, subject: string, now = new Date()) {
  const windowStart = windowStartOf(rule, now);
  const row = await db()
    .selectFrom("rate_limit_counters")
    .select("hits")
    .where("bucket", "=", bucketOf(rule, subject))
    .where("window_start", "=", windowStart)
    .executeTakeFirst();
  return { hits: row?.hits ?? 0, retryAfterSeconds: secondsLeft(rule, windowStart, now) };
}

function windowStartOf(rule: RateLimitRule, now: Date) {
  if (rule.windowSeconds > LONGEST_RATE_LIMIT_WINDOW_SECONDS) {
    throw new Error(`Rate limit ${rule.name} counts over ${rule.windowSeconds} s, past LONGEST_RATE_LIMIT_WINDOW_SECONDS: raise that first`);
  }
  const windowMs = rule.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Whole seconds until the window ends, at least 1: what a refused client is told to wait. */
function secondsLeft(rule: RateLimitRule, windowStart: Date, now: Date) {
  return Math.max(1, Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000));
}

function bucketOf(rule: RateLimitRule, subject: string) {
  return `${rule.name}:${subject.toLowerCase()}`;
}

/**
 * Deletes up to `batchSize` counters of windows that started before `olderThan`; answers how
 * many went. The housekeeping job calls it until a batch comes back short.
 */
export async function pruneRateLimitCounters(olderThan: Date, batchSize: number, executor: Executor = db()): Promise<number> {
  const result = await executor
    .deleteFrom("rate_limit_counters")
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple("bucket", "window_start"),
        "in",
        selectFrom("rate_limit_counters as old")
          .select(["old.bucket", "old.window_start"])
          .where("old.window_start", "<", olderThan)
          .limit(batchSize)
          .$asTuple("bucket", "window_start"),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
