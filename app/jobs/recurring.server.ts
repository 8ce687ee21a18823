import { db } from "~/db/db.server";
import { enqueueJob } from "~/jobs/queue.server";
import { logger } from "~/utils/logger.server";

/**
 * Recurring jobs on either back end: every process asks, at start and then every few minutes,
 * for the current slot's job with `oncePerSeconds`, so each slot gets exactly one job however
 * many processes ask (pg-boss's throttle on PostgreSQL; a look at the jobs table on the embedded
 * database), and a slot missed while no process ran is made up at the next start.
 */
export interface RecurringJob {
  queue: string;
  everySeconds: number;
}

/** How often each process asks; well under the shortest slot, so a slot's job comes early in it. */
const ASK_EVERY_MS = 5 * 60_000;

export function startRecurringJobs(jobs: readonly RecurringJob[], askEveryMs = ASK_EVERY_MS): { stop(): Promise<void> } {
  let asking: Promise<void> | undefined;
  const ask = () => {
    asking ??= (async () => {
      for (const job of jobs) {
        try {
          await enqueueJob(db(), job.queue, {}, { oncePerSeconds: job.everySeconds });
        } catch (error) {
          // The database may be away for a moment; the next ask, minutes later, makes the slot's job.
          logger().warn({ err: error, queue: job.queue }, "background jobs: could not schedule a recurring job");
        }
      }
    })().finally(() => {
      asking = undefined;
    });
    return asking;
  };
  void ask();
  const timer = setInterval(ask, askEveryMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await asking;
    },
  };
}
