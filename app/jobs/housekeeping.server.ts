import type { Kysely } from "kysely";
import { pruneExpiredSessions } from "~/accounts/session.server";
import { pruneExpiredUserTokens } from "~/accounts/user-tokens.server";
import type { Executor } from "~/db/executor";
import type { Database } from "~/db/schema";
import type { JobHandler } from "~/jobs/types";
import { LONGEST_RATE_LIMIT_WINDOW_SECONDS, pruneRateLimitCounters } from "~/security/rate-limit.server";

/**
 * Deletes rows that only ever accumulate: rate-limit counters of windows long over (every
 * sign-in attempt, contact message and tracking event adds one per address and window),
 * sessions past their expiry, and mailed tokens (password reset, confirmation) a month past theirs. A recurring job (app/jobs/recurring.server.ts) made once an hour
 * whatever the number of processes; idempotent, so a retry or a second run deletes nothing more.
 */
export const HOUSEKEEPING_QUEUE = "housekeeping";
export const HOUSEKEEPING_EVERY_SECONDS = 60 * 60;

/** Counters are kept for twice the longest rule window: a window still counting is never touched. */
export const RATE_LIMIT_COUNTERS_KEPT_SECONDS = 2 * LONGEST_RATE_LIMIT_WINDOW_SECONDS;

const BATCH_SIZE = 5_000;
/** Per table and run; what is left over (after a long outage, say) goes in the next runs. */
const MAX_BATCHES = 100;

export interface PrunedRows {
  rateLimitCounters: number;
  sessions: number;
  userTokens: number;
}

/** One housekeeping pass: deletes in batches of `batchSize` rows, each its own statement. */
export async function pruneExpiredRows(executor: Executor, now = new Date(), batchSize = BATCH_SIZE): Promise<PrunedRows> {
  const countersBefore = new Date(now.getTime() - RATE_LIMIT_COUNTERS_KEPT_SECONDS * 1000);
  return {
    rateLimitCounters: await inBatches(batchSize, () => pruneRateLimitCounters(countersBefore, batchSize, executor)),
    sessions: await inBatches(batchSize, () => pruneExpiredSessions(now, batchSize, executor)),
    userTokens: await inBatches(batchSize, () => pruneExpiredUserTokens(now, batchSize, executor)),
  };
}

async function inBatches(batchSize: number, deleteBatch: () => Promise<number>) {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < batchSize) break;
  }
  return total;
}

export function housekeepingJobHandler(options: { db: () => Kysely<Database>; now?: () => Date }): JobHandler {
  return {
    async run() {
      await pruneExpiredRows(options.db(), options.now?.() ?? new Date());
    },
  };
}
