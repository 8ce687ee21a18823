import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { EXPIRED_TOKENS_KEPT_MS } from "~/accounts/user-tokens.server";
import { HOUSEKEEPING_QUEUE, housekeepingJobHandler, pruneExpiredRows } from "~/jobs/housekeeping.server";
import { pgBossJobs } from "~/jobs/pg-boss-jobs.server";
import { closeJobBackEnd, createJobRunner, enqueueJob, useJobBackEnd } from "~/jobs/queue.server";
import { tableJobs } from "~/jobs/table-jobs.server";
import { hitRateLimit, LONGEST_RATE_LIMIT_WINDOW_SECONDS } from "~/security/rate-limit.server";
import { useTestDatabase } from "../../support/database";
import { createTestUser } from "../accounts/helpers";

const source = inject("testDatabase");
const database = useTestDatabase();

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);
const later = (ms: number) => new Date(now.getTime() + ms);

/** Counter rows of this test's own, one per window start; answers the bucket. */
async function counters(windowStarts: Date[]) {
  const bucket = `housekeeping-test:${randomBytes(6).toString("hex")}`;
  await database()
    .db.insertInto("rate_limit_counters")
    .values(windowStarts.map((window_start) => ({ bucket, window_start, hits: 3 })))
    .execute();
  return bucket;
}

async function windowsLeft(bucket: string) {
  const rows = await database().db.selectFrom("rate_limit_counters").select("window_start").where("bucket", "=", bucket).orderBy("window_start").execute();
  return rows.map((row) => row.window_start.getTime());
}

/** Sessions of a fresh user, one per (remember me, expires at); answers the user's id. */
async function sessions(list: Array<{ rememberMe: boolean; createdAt: Date; expiresAt: Date; label: string }>) {
  const user = await createTestUser(database().db);
  await database()
    .db.insertInto("sessions")
    .values(
      list.map((session) => ({
        id_hash: `${session.label}-${randomBytes(8).toString("hex")}`,
        user_id: user.id,
        remember_me: session.rememberMe,
        authenticated_at: session.createdAt,
        last_seen_at: session.createdAt,
        created_at: session.createdAt,
        expires_at: session.expiresAt,
      })),
    )
    .execute();
  return user.id;
}

async function sessionsLeft(userId: number) {
  const rows = await database().db.selectFrom("sessions").select("id_hash").where("user_id", "=", userId).execute();
  return rows.map((row) => row.id_hash.split("-")[0]).sort();
}

describe("housekeeping: pruning what grows without bound", () => {
  it("deletes rate-limit windows older than twice the longest rule window and keeps the rest", async () => {
    const bucket = await counters([
      ago(30 * DAY_MS),
      ago(3 * HOUR_MS),
      ago(2 * HOUR_MS + 1_000),
      // Past the longest window (an hour) but inside the margin; and the windows counting now.
      ago(2 * HOUR_MS - 60_000),
      ago(HOUR_MS),
      ago(5 * 60_000),
      now,
    ]);
    const pruned = await pruneExpiredRows(database().db, now);
    expect(pruned.rateLimitCounters).toBeGreaterThanOrEqual(3);
    expect(await windowsLeft(bucket)).toEqual([ago(2 * HOUR_MS - 60_000), ago(HOUR_MS), ago(5 * 60_000), now].map((date) => date.getTime()));
  });

  it("deletes sessions past their expiry, remembered or not, and keeps live ones", async () => {
    const userId = await sessions([
      { label: "browserexpired", rememberMe: false, createdAt: ago(13 * HOUR_MS), expiresAt: ago(HOUR_MS) },
      { label: "rememberedexpired", rememberMe: true, createdAt: ago(31 * DAY_MS), expiresAt: ago(DAY_MS) },
      { label: "justexpired", rememberMe: false, createdAt: ago(12 * HOUR_MS), expiresAt: now },
      { label: "browserlive", rememberMe: false, createdAt: ago(11 * HOUR_MS), expiresAt: later(HOUR_MS) },
      // Idle for weeks but not expired: there is no idle timeout, so it stays.
      { label: "rememberedlive", rememberMe: true, createdAt: ago(29 * DAY_MS), expiresAt: later(DAY_MS) },
    ]);
    const pruned = await pruneExpiredRows(database().db, now);
    expect(pruned.sessions).toBeGreaterThanOrEqual(3);
    expect(await sessionsLeft(userId)).toEqual(["browserlive", "rememberedlive"]);
  });

  it("deletes mailed tokens a month after they expired, used or not, and keeps newer ones for their links' messages", async () => {
    const user = await createTestUser(database().db);
    const token = (label: string, expiresAt: Date, used: boolean) => ({
      token_hash: `${label}-${randomBytes(8).toString("hex")}`,
      user_id: user.id,
      purpose: "confirm_email" as const,
      expires_at: expiresAt,
      used_at: used ? ago(40 * DAY_MS) : null,
    });
    await database()
      .db.insertInto("user_tokens")
      .values([
        token("usedlongago", ago(EXPIRED_TOKENS_KEPT_MS + DAY_MS), true),
        token("unusedlongago", ago(EXPIRED_TOKENS_KEPT_MS + HOUR_MS), false),
        token("expiredlastweek", ago(7 * DAY_MS), true),
        token("live", later(DAY_MS), false),
      ])
      .execute();
    const pruned = await pruneExpiredRows(database().db, now);
    expect(pruned.userTokens).toBeGreaterThanOrEqual(2);
    const left = await database().db.selectFrom("user_tokens").select("token_hash").where("user_id", "=", user.id).execute();
    expect(left.map((row) => row.token_hash.split("-")[0]).sort()).toEqual(["expiredlastweek", "live"]);
  });

  it("deletes in bounded batches until none is left, and a second pass deletes nothing", async () => {
    const bucket = await counters(Array.from({ length: 7 }, (_, n) => ago(3 * HOUR_MS + n * 60_000)).concat([now]));
    const userId = await sessions(Array.from({ length: 5 }, (_, n) => ({ label: `old${n}`, rememberMe: false, createdAt: ago(DAY_MS), expiresAt: ago(HOUR_MS + n) })));
    await pruneExpiredRows(database().db, now, 2);
    expect(await windowsLeft(bucket)).toEqual([now.getTime()]);
    expect(await sessionsLeft(userId)).toEqual([]);
    expect(await pruneExpiredRows(database().db, now, 2)).toEqual({ rateLimitCounters: 0, sessions: 0, userTokens: 0 });
  });

  it("refuses a rate limit rule whose window is longer than the windows housekeeping keeps", async () => {
    await expect(hitRateLimit({ name: "too-long", limit: 1, windowSeconds: LONGEST_RATE_LIMIT_WINDOW_SECONDS + 1 }, "x")).rejects.toThrow(/LONGEST_RATE_LIMIT_WINDOW_SECONDS/);
  });
});

const backEnds = [
  { kind: "table", install: () => useJobBackEnd(tableJobs({ db: () => database().db, retryDelaySeconds: 0 })) },
  ...(source.kind === "postgres" ? [{ kind: "pg-boss", install: () => useJobBackEnd(pgBossJobs({ url: database().url!, retryDelaySeconds: 0 })) }] : []),
];

describe.each(backEnds)("the recurring housekeeping job on the $kind back end", ({ install }) => {
  beforeAll(async () => {
    await closeJobBackEnd();
    install();
    return () => closeJobBackEnd();
  });

  it("is made once per slot however often it is asked for, and prunes when it runs", async () => {
    const { db } = database();
    const bucket = await counters([ago(3 * HOUR_MS), now]);
    const userId = await sessions([
      { label: "expired", rememberMe: false, createdAt: ago(DAY_MS), expiresAt: ago(HOUR_MS) },
      { label: "live", rememberMe: true, createdAt: ago(DAY_MS), expiresAt: later(DAY_MS) },
    ]);
    // A long slot (pg-boss allows up to 12 hours), so both asks land in the same one.
    const oncePerSeconds = 6 * 60 * 60;
    const first = await enqueueJob(db, HOUSEKEEPING_QUEUE, {}, { oncePerSeconds });
    const second = await db.transaction().execute((trx) => enqueueJob(trx, HOUSEKEEPING_QUEUE, {}, { oncePerSeconds }));
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();

    const runner = createJobRunner({ handlers: { [HOUSEKEEPING_QUEUE]: housekeepingJobHandler({ db: () => db }) } });
    expect(await runner.runOnce()).toBe(true);
    expect(await runner.runOnce()).toBe(false);
    expect(await windowsLeft(bucket)).toEqual([now.getTime()]);
    expect(await sessionsLeft(userId)).toEqual(["live"]);
  });
});

describe("the job worker", () => {
  it("schedules housekeeping at start: one job in the current slot", async () => {
    await closeJobBackEnd();
    useJobBackEnd(tableJobs({ db: () => database().db, retryDelaySeconds: 0 }));
    const { startJobWorker, stopJobWorker } = await import("../../../server/job-worker");
    await startJobWorker();
    await stopJobWorker();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from background_jobs where queue = ${HOUSEKEEPING_QUEUE} and created_at >= now() - interval '1 hour'`.execute(database().db);
    expect(rows[0]!.n).toBe(1);
  });
});
