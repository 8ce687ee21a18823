import { CompiledQuery } from "kysely";
import type pg from "pg";
import PgBoss from "pg-boss";
import { createPostgresPool } from "~/db/dialect.server";
import type { Executor } from "~/db/executor";
import {
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_RETRY_DELAY_SECONDS,
  type JobBackEnd,
  type JobData,
  type JobHandler,
  type JobOptions,
  type JobRunner,
  type JobRunnerOptions,
} from "~/jobs/types";
import { logger } from "~/utils/logger.server";

/**
 * The PostgreSQL back end: pg-boss in its own schema, on a pool of its own. A job is sent
 * through the caller's Kysely transaction (pg-boss's `db` option), so it exists exactly when
 * that commits. pg-boss retries with exponential backoff; a job that fails its last attempt —
 * by throwing or by being cut off when its process died — is moved by pg-boss to the queue's
 * dead-letter queue, whose runner calls the handler's `onFailed`.
 */

export const DEFAULT_JOBS_SCHEMA = "pgboss";
/** pg-boss marks an active job failed (and retries it) after this long, e.g. when its process died. */
const JOB_EXPIRY_SECONDS = 15 * 60;
/** pg-boss runs no handlers itself (the runners below do); this bounds its own stop within the 10 s grace. */
const STOP_TIMEOUT_MS = 8_000;
const DEADLOCK = "40P01";
const UNIQUE_VIOLATION = "23505";

export interface PgBossJobsOptions {
  url: string;
  schema?: string;
  /** Base of the exponential retry delay in whole seconds (default 2; tests pass 0). */
  retryDelaySeconds?: number;
  poolSize?: number;
}

/** Where pg-boss puts a queue's jobs that failed their last attempt. */
export function failedJobsQueue(queue: string) {
  return `${queue}__failed`;
}

export function pgBossJobs(options: PgBossJobsOptions): PgBossJobs {
  return new PgBossJobs(options);
}

export class PgBossJobs implements JobBackEnd {
  readonly kind = "pg-boss" as const;
  readonly boss: PgBoss;
  private readonly pool: pg.Pool;
  private readonly retryDelaySeconds: number;
  private started: Promise<void> | undefined;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly runners = new Set<PgBossJobRunner>();

  constructor(options: PgBossJobsOptions) {
    this.retryDelaySeconds = options.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS;
    // Statements get longer than the app's request timeout: installing the schema may wait
    // for another process that installs it at the same moment.
    this.pool = createPostgresPool({ url: options.url, poolSize: options.poolSize ?? 3, statementTimeoutMs: 60_000, connectTimeoutMs: 5_000 });
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => this.executeSql(text, values) },
      schema: options.schema ?? DEFAULT_JOBS_SCHEMA,
      migrate: true,
      supervise: true,
      schedule: false,
    });
    this.boss.on("error", (error) => logger().warn({ err: error }, "background jobs: pg-boss reported an error"));
  }

  /**
   * Schema installs and migrations arrive as one multi-statement text with its own BEGIN/COMMIT;
   * when one loses a race to another process, the connection is left in an aborted transaction,
   * so it is rolled back before going back to the pool.
   */
  private async executeSql(text: string, values?: unknown[]) {
    if (values?.length) return this.pool.query(text, values);
    const client = await this.pool.connect();
    try {
      return await client.query(text);
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Installs (or migrates) pg-boss's schema once; concurrent processes wait on pg-boss's advisory lock. */
  start(): Promise<void> {
    this.started ??= this.boss.start().then(
      () => undefined,
      (error: unknown) => {
        this.started = undefined;
        throw error;
      },
    );
    return this.started;
  }

  /** Creates the queue and its dead-letter queue when they are missing. */
  ensureQueue(queue: string): Promise<void> {
    let ready = this.queues.get(queue);
    if (!ready) {
      ready = (async () => {
        await this.start();
        await this.createQueue(failedJobsQueue(queue));
        await this.createQueue(queue, failedJobsQueue(queue));
      })();
      ready.catch(() => this.queues.delete(queue));
      this.queues.set(queue, ready);
    }
    return ready;
  }

  /**
   * pg-boss's create_queue is idempotent but takes no lock: processes creating the same queue
   * at once can deadlock, and the one PostgreSQL picks to abort simply tries again.
   */
  private async createQueue(name: string, deadLetter?: string) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (await this.boss.getQueue(name)) return;
        await this.boss.createQueue(name, { name, ...(deadLetter ? { deadLetter } : {}) });
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= 5 || (code !== DEADLOCK && code !== UNIQUE_VIOLATION)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }

  async enqueue(executor: Executor, queue: string, data: JobData, options: JobOptions = {}) {
    await this.ensureQueue(queue);
    const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const id = await this.boss.send(queue, data, {
      // Through the caller's transaction: the job commits or rolls back with it.
      db: {
        executeSql: async (text: string, values: unknown[]) => {
          const result = await executor.executeQuery(CompiledQuery.raw(text, values));
          return { rows: result.rows as unknown[] };
        },
      },
      retryLimit: maxAttempts - 1,
      retryDelay: this.retryDelaySeconds,
      // pg-boss makes a backed-off delay at least 1 s; a zero delay means none at all.
      retryBackoff: this.retryDelaySeconds > 0,
      expireInSeconds: JOB_EXPIRY_SECONDS,
      deadLetter: failedJobsQueue(queue),
      ...(options.runAfter ? { startAfter: options.runAfter } : {}),
      // pg-boss's throttle: a unique index on (queue, slot) makes a second job in the slot none.
      ...(options.oncePerSeconds ? { singletonSeconds: options.oncePerSeconds } : {}),
    });
    if (!id && options.oncePerSeconds) return null;
    if (!id) throw new Error(`The job queue refused a job for ${queue}`);
    return id;
  }

  runner(options: JobRunnerOptions): JobRunner {
    const runner = new PgBossJobRunner(this, options);
    this.runners.add(runner);
    return runner;
  }

  async close() {
    await Promise.all([...this.runners].map((runner) => runner.stop()));
    this.runners.clear();
    if (this.started) {
      await this.started.catch(() => undefined);
      await this.boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS }).catch((error: unknown) => {
        logger().warn({ err: error }, "background jobs: pg-boss did not stop cleanly");
      });
    }
    await this.pool.end();
  }
}

type BossJob = PgBoss.JobWithMetadata<JobData>;

/**
 * Polls the handlers' queues and their dead-letter queues through pg-boss's fetch/complete/fail,
 * one job at a time, so that stopping can wait for the job in hand.
 */
class PgBossJobRunner implements JobRunner {
  private stopped = true;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly jobs: PgBossJobs,
    private readonly options: JobRunnerOptions,
  ) {}

  async start() {
    for (const queue of Object.keys(this.options.handlers)) await this.jobs.ensureQueue(queue);
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.poll();
  }

  async stop() {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    this.loop = undefined;
  }

  private async poll() {
    const idleMs = this.options.pollIntervalMs ?? 1000;
    while (!this.stopped) {
      let ran = false;
      try {
        ran = await this.runOnce();
      } catch (error) {
        logger().error({ err: error }, "background jobs: poll failed");
      }
      if (ran || this.stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, idleMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  async runOnce(): Promise<boolean> {
    for (const [queue, handler] of Object.entries(this.options.handlers)) {
      await this.jobs.ensureQueue(queue);
      for (const [name, process] of this.steps(queue, handler)) {
        const [job] = await this.jobs.boss.fetch<JobData>(name, { batchSize: 1, includeMetadata: true });
        if (!job) continue;
        try {
          await process(job);
          await this.jobs.boss.complete(name, job.id);
        } catch (error) {
          await this.jobs.boss.fail(name, job.id, error instanceof Error ? error : { message: String(error) });
        }
        return true;
      }
    }
    return false;
  }

  /** A queue's jobs are run by the handler; its dead letters (jobs out of attempts) go to onFailed. */
  private steps(queue: string, handler: JobHandler): Array<[string, (job: BossJob) => Promise<void>]> {
    return [
      [queue, (job) => attempt(queue, handler, job)],
      [failedJobsQueue(queue), (job) => giveUp(queue, handler, job)],
    ];
  }
}

async function attempt(queue: string, handler: JobHandler, job: BossJob) {
  const context = { id: job.id, attempt: job.retryCount + 1, maxAttempts: job.retryLimit + 1 };
  try {
    await handler.run(job.data, context);
  } catch (error) {
    logger().warn({ err: error, job: job.id, queue, attempt: context.attempt, last: context.attempt >= context.maxAttempts }, "background job failed");
    throw error;
  }
}

async function giveUp(queue: string, handler: JobHandler, job: BossJob) {
  const output = job.output as { message?: string; value?: { message?: string } } | null;
  const error = new Error(output?.message ?? output?.value?.message ?? "the job failed");
  const maxAttempts = job.retryLimit + 1;
  logger().error({ job: job.id, queue, err: error }, "background job gave up after its last attempt");
  try {
    await handler.onFailed?.(job.data, { id: job.id, attempt: maxAttempts, maxAttempts }, error);
  } catch (failure) {
    logger().error({ err: failure, queue }, "background job: onFailed failed");
    throw failure;
  }
}
