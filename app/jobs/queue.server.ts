import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { logger } from "~/utils/logger.server";

/**
 * Background jobs on a table of the app's own database (docs/decisions/006-background-jobs.md):
 * the same on PostgreSQL and on embedded PGlite. A job is enqueued in the transaction that asks
 * for it (so it exists exactly when that commits), claimed with `for update skip locked` (so
 * several processes never run one job twice), retried with backoff, and marked failed after its
 * last attempt.
 */

type Executor = Kysely<Database> | Transaction<Database>;

export interface JobOptions {
  /** How many times to try before giving up (default 3). */
  maxAttempts?: number;
  /** Not before this time (default now). */
  runAfter?: Date;
}

/** Enqueues a job; pass the transaction it belongs to. Returns the job id. */
export async function enqueueJob(executor: Executor, queue: string, data: Record<string, unknown>, options: JobOptions = {}): Promise<string> {
  const row = await executor
    .insertInto("background_jobs")
    .values({
      queue,
      data: JSON.stringify(data),
      max_attempts: options.maxAttempts ?? 3,
      ...(options.runAfter ? { run_after: options.runAfter } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export interface JobContext {
  id: string;
  attempt: number;
  maxAttempts: number;
}

export interface JobHandler {
  run(data: Record<string, unknown>, job: JobContext): Promise<void>;
  /** Called once when the job has failed its last attempt. */
  onFailed?(data: Record<string, unknown>, job: JobContext, error: unknown): Promise<void>;
}

export interface JobRunnerOptions {
  db: () => Kysely<Database>;
  handlers: Record<string, JobHandler>;
  /** How often to look for work when idle (default 1 s). */
  pollIntervalMs?: number;
  /** Delay before retry n (1-based), default 2^n seconds. */
  retryDelayMs?: (attempt: number) => number;
  /** An active job older than this is taken to be from a process that died, and runs again. */
  staleAfterMs?: number;
}

/** Runs jobs one at a time in this process until stopped. */
export class JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;
  private readonly pollIntervalMs: number;

  constructor(private readonly options: JobRunnerOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the job in hand to finish. */
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
    const staleAfter = this.options.staleAfterMs ?? 10 * 60_000;
    await this.options
      .db()
      .updateTable("background_jobs")
      .set({ state: "created" })
      .where("state", "=", "active")
      .where("started_at", "<", new Date(Date.now() - staleAfter))
      .execute();
  }

  /** Claims and runs one ready job; false when there was none. */
  async runOnce(): Promise<boolean> {
    const db = this.options.db();
    const queues = Object.keys(this.options.handlers);
    if (queues.length === 0) return false;
    const { rows } = await sql<{ id: string | number; queue: string; data: Record<string, unknown> | string; attempts: number; max_attempts: number }>`
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
    const data = typeof claimed.data === "string" ? (JSON.parse(claimed.data) as Record<string, unknown>) : claimed.data;
    const job: JobContext = { id: String(claimed.id), attempt: claimed.attempts, maxAttempts: claimed.max_attempts };
    try {
      await handler.run(data, job);
      await db.updateTable("background_jobs").set({ state: "completed", finished_at: new Date(), last_error: null }).where("id", "=", job.id).execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = job.attempt >= job.maxAttempts;
      logger().warn({ err: error, job: job.id, queue: claimed.queue, attempt: job.attempt, last }, "background job failed");
      const retryDelay = this.options.retryDelayMs?.(job.attempt) ?? 2 ** job.attempt * 1000;
      await db
        .updateTable("background_jobs")
        .set(
          last
            ? { state: "failed", finished_at: new Date(), last_error: message.slice(0, 2000) }
            : { state: "created", run_after: new Date(Date.now() + retryDelay), last_error: message.slice(0, 2000) },
        )
        .where("id", "=", job.id)
        .execute();
      if (last) await handler.onFailed?.(data, job, error).catch((failure) => logger().error({ err: failure }, "background job: onFailed failed"));
    }
    return true;
  }
}
