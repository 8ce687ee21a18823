import type { Executor } from "~/db/executor";

/** The shapes shared by the job seam (app/jobs/queue.server.ts) and its two back ends. */

export type JobData = Record<string, unknown>;

export interface JobOptions {
  /** How many times to try before giving up (default 3). */
  maxAttempts?: number;
  /** Not before this time (default now). */
  runAfter?: Date;
  /**
   * At most one job of this queue per slot of this many seconds (slots counted from the epoch,
   * on the database's clock): a second enqueue in the same slot, from any process, makes no job
   * and answers null. How recurring jobs are scheduled once whatever the number of processes.
   * At most 12 hours: pg-boss archives completed jobs after that, and refuses longer slots.
   */
  oncePerSeconds?: number;
}

export interface JobContext {
  id: string;
  /** 1 for the first try. */
  attempt: number;
  maxAttempts: number;
}

export interface JobHandler {
  run(data: JobData, job: JobContext): Promise<void>;
  /** Called once when the job has failed its last attempt. */
  onFailed?(data: JobData, job: JobContext, error: unknown): Promise<void>;
}

export interface JobRunnerOptions {
  handlers: Record<string, JobHandler>;
  /** How often to look for work when idle (default 1 s). */
  pollIntervalMs?: number;
}

/** Runs the handlers' jobs in this process. */
export interface JobRunner {
  /** Starts polling in the background. */
  start(): Promise<void>;
  /** Stops polling; the job in hand finishes first. */
  stop(): Promise<void>;
  /** Claims and runs one ready job (or one failure callback); false when there was none. */
  runOnce(): Promise<boolean>;
}

export interface JobBackEnd {
  readonly kind: "pg-boss" | "table";
  /** The job's id; null when `oncePerSeconds` found one already made in this slot. */
  enqueue(executor: Executor, queue: string, data: JobData, options?: JobOptions): Promise<string | null>;
  runner(options: JobRunnerOptions): JobRunner;
  /** Stops what runs on this back end and lets go of its connections. */
  close(): Promise<void>;
}

export const DEFAULT_MAX_ATTEMPTS = 3;
/** Retry n waits about base × 2^(n-1) seconds (pg-boss adds up to as much again as jitter). */
export const DEFAULT_RETRY_DELAY_SECONDS = 2;
