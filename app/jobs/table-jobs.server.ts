import { sql, type Kysely } from "kysely";
import type { Executor } from "~/db/executor";
import type { Database } from "~/db/schema";
import {
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_RETRY_DELAY_SECONDS,
  type JobBackEnd,
  type JobContext,
  type JobData,
  type JobOptions,
  type JobRunner,
  type JobRunnerOptions,
} from "~/jobs/types";
import { logger } from "~/utils/logger.server";

/**
 * The embedded back end: jobs are rows of `background_jobs`, read and written only through
 * Kysely, because the embedded database is one in-process connection that a second client
 * (such as pg-boss) could not share without landing inside the app's open transactions.
 * A job is claimed with `for update skip locked`, retried with backoff and marked failed
 * after its last attempt; one left active by a process that died runs again.
 */

export interface TableJobsOptions {
  db: () => Kysely<Database>;
  /** Base of the exponential retry delay (default 2 s; tests pass 0). */
  retryDelaySeconds?: number;
  /** An active job older than this is taken to be from a process that died, and runs again. */
  staleAfterMs?: number;
}

export function tableJobs(options: TableJobsOptions): JobBackEnd {
  const runners = new Set<TableJobRunner>();
  return {
    kind: "table",
    async enqueue(executor: Executor, queue: string, data: JobData, jobOptions: JobOptions = {}) {
      // One process owns the embedded database, so looking for this slot's job is enough.
      if (jobOptions.oncePerSeconds && (await madeInThisSlot(executor, queue, jobOptions.oncePerSeconds))) return null;
      const row = await executor
        .insertInto("background_jobs")
        .values({
          queue,
          data: JSON.stringify(data),
          max_attempts: jobOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          ...(jobOptions.runAfter ? { run_after: jobOptions.runAfter } : {}),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return String(row.id);
    },
    runner(runnerOptions: JobRunnerOptions) {
      const runner = new TableJobRunner(options, runnerOptions);
      runners.add(runner);
      return runner;
    },
    async close() {
      await Promise.all([...runners].map((runner) => runner.stop()));
      runners.clear();
    },
  };
}

async function madeInThisSlot(executor: Executor, queue: string, seconds: number) {
  const slotStart = sql<Date>`to_timestamp(floor(extract(epoch from now()) / ${seconds}) * ${seconds})`;
  const row = await executor.selectFrom("background_jobs").select("id").where("queue", "=", queue).where("created_at", ">=", slotStart).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Runs jobs one at a time in this process until stopped. */
class TableJobRunner implements JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;
  private readonly pollIntervalMs: number;

  constructor(
    private readonly backEnd: TableJobsOptions,
    private readonly options: JobRunnerOptions,
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
  }

  async start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .catch((error) => logger().error({ err: error }, "background jobs: poll failed"))
        .finally(() => {
          this.running = undefined;
          this.schedule(this.pollIntervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  private async drain() {
    await this.requeueStale();
    while (!this.stopped && (await this.runOnce())) {
      // keep going while there is work
    }
  }

  private async requeueStale() {
    const staleAfter = this.backEnd.staleAfterMs ?? 10 * 60_000;
    await this.backEnd
      .db()
      .updateTable("background_jobs")
      .set({ state: "created" })
      .where("state", "=", "active")
      .where("started_at", "<", new Date(Date.now() - staleAfter))
      .execute();
  }

  async runOnce(): Promise<boolean> {
    const db = this.backEnd.db();
    const queues = Object.keys(this.options.handlers);
    if (queues.length === 0) return false;
    const { rows } = await sql<{ id: string | number; queue: string; data: JobData; attempts: number; max_attempts: number }>`
      update background_jobs set state = 'active', started_at = now(), attempts = attempts + 1
      where id = (
        select id from background_jobs
        where state = 'created' and run_after <= now() and queue in (${sql.join(queues)})
        order by run_after, id
        limit 1
        for update skip locked
      )
      returning id, queue, data, attempts, max_attempts`.execute(db);
    const claimed = rows[0];
    if (!claimed) return false;
    const handler = this.options.handlers[claimed.queue]!;
    const job: JobContext = { id: String(claimed.id), attempt: claimed.attempts, maxAttempts: claimed.max_attempts };
    try {
      await handler.run(claimed.data, job);
      await db.updateTable("background_jobs").set({ state: "completed", finished_at: new Date(), last_error: null }).where("id", "=", job.id).execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = job.attempt >= job.maxAttempts;
      logger().warn({ err: error, job: job.id, queue: claimed.queue, attempt: job.attempt, last }, "background job failed");
      const retryDelayMs = (this.backEnd.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS) * 2 ** (job.attempt - 1) * 1000;
      await db
        .updateTable("background_jobs")
        .set(
          last
            ? { state: "failed", finished_at: new Date(), last_error: message.slice(0, 2000) }
            : { state: "created", run_after: new Date(Date.now() + retryDelayMs), last_error: message.slice(0, 2000) },
        )
        .where("id", "=", job.id)
        .execute();
      if (last) await handler.onFailed?.(claimed.data, job, error).catch((failure) => logger().error({ err: failure }, "background job: onFailed failed"));
    }
    return true;
  }
}
