import { databaseKind, databaseUrl, db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import { pgBossJobs } from "~/jobs/pg-boss-jobs.server";
import { tableJobs } from "~/jobs/table-jobs.server";
import type { JobBackEnd, JobData, JobOptions, JobRunner, JobRunnerOptions } from "~/jobs/types";
import { singleton } from "~/utils/singleton.server";

/**
 * Background jobs (docs/decisions/006-background-jobs.md): one seam, two back ends. On a
 * PostgreSQL server jobs run on pg-boss; on the embedded database (a single in-process
 * connection) they run on the app's own `background_jobs` table. Either way a job is enqueued
 * in the transaction that asks for it (so it exists exactly when that commits), is retried
 * with backoff, and after its last attempt the handler's `onFailed` runs once.
 */

export type { JobBackEnd, JobContext, JobData, JobHandler, JobOptions, JobRunner, JobRunnerOptions } from "~/jobs/types";

const slot = () => singleton("job-back-end", () => ({ current: undefined as JobBackEnd | undefined }));

/** The back end for the app's database: pg-boss on a PostgreSQL server, the table on the embedded one. */
export function jobBackEnd(): JobBackEnd {
  const current = slot().current;
  if (current) return current;
  const url = databaseUrl();
  const chosen = databaseKind() === "postgres" && url ? pgBossJobs({ url }) : tableJobs({ db });
  slot().current = chosen;
  return chosen;
}

/** Lets tests install a back end of their own (e.g. without retry delays). */
export function useJobBackEnd(backEnd: JobBackEnd) {
  slot().current = backEnd;
}

export async function closeJobBackEnd() {
  const current = slot().current;
  slot().current = undefined;
  await current?.close();
}

/** Enqueues a job; pass the transaction it belongs to. Returns the job id (null when `oncePerSeconds` skipped it). */
export function enqueueJob(executor: Executor, queue: string, data: JobData, options: JobOptions = {}): Promise<string | null> {
  return jobBackEnd().enqueue(executor, queue, data, options);
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  return jobBackEnd().runner(options);
}
