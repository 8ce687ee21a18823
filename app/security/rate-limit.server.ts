import { sql } from "kysely";
import { db } from "~/db/db.server";

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
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = windowStartOf(rule, now);
  const row = await db()
    .insertInto("rate_limit_counters")
    .values({ bucket: bucketOf(rule, subject), window_start: windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(["bucket", "window_start"]).doUpdateSet({ hits: sql`rate_limit_counters.hits + 1` }))
    .returning("hits")
    .executeTakeFirstOrThrow();
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: row.hits <= rule.limit, hits: row.hits, retryAfterSeconds };
}

/** Whether the subject has already used up the current window (reads, counts nothing). */
export async function isRateLimited(rule: RateLimitRule, subject: string, now = new Date()) {
  const windowStart = windowStartOf(rule, now);
  const row = await db()
    .selectFrom("rate_limit_counters")
    .select("hits")
    .where("bucket", "=", bucketOf(rule, subject))
    .where("window_start", "=", windowStart)
    .executeTakeFirst();
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000));
  return { limited: (row?.hits ?? 0) >= rule.limit, retryAfterSeconds };
}

function windowStartOf(rule: RateLimitRule, now: Date) {
  const windowMs = rule.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

function bucketOf(rule: RateLimitRule, subject: string) {
  return `${rule.name}:${subject.toLowerCase()}`;
}

/** Old windows are useless; drop them now and then. */
export async function pruneRateLimitCounters(olderThan: Date) {
  await db().deleteFrom("rate_limit_counters").where("window_start", "<", olderThan).execute();
}
