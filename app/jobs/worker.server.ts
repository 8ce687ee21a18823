import type { AppConfig } from "~/config/env.server";
import { db } from "~/db/db.server";
import { pgBossJobs } from "~/jobs/pg-boss-jobs.server";
import { closeJobBackEnd, createJobRunner, type JobRunner } from "~/jobs/queue.server";
import { BOOKLET_QUEUE, bookletJobHandler } from "~/online-courses/booklets.server";
import { COURSE_PUBLISHED_QUEUE, coursePublishedJobHandler } from "~/online-courses/pre-registrations.server";
import { singleton } from "~/utils/singleton.server";

/**
 * The app's background job worker: started with the server in every HTTP process (on
 * PostgreSQL pg-boss hands each job to one of them; on the embedded database there is one
 * process) and stopped before the database closes on shutdown, after the job in hand finishes.
 */
const slot = () => singleton("job-worker", () => ({ runner: undefined as JobRunner | undefined }));

function jobHandlers() {
  return { [BOOKLET_QUEUE]: bookletJobHandler({ db }), [COURSE_PUBLISHED_QUEUE]: coursePublishedJobHandler({ db }) };
}

/**
 * On PostgreSQL, installs pg-boss's schema and the app's queues once, before the HTTP
 * processes start (so they do not all race to do it).
 */
export async function prepareJobQueues(config: Pick<AppConfig, "database">) {
  if (config.database.kind !== "postgres") return;
  const jobs = pgBossJobs({ url: config.database.url, poolSize: 1 });
  try {
    for (const queue of Object.keys(jobHandlers())) await jobs.ensureQueue(queue);
  } finally {
    await jobs.close();
  }
}

export async function startJobWorker() {
  if (slot().runner) return slot().runner!;
  const runner = createJobRunner({ handlers: jobHandlers() });
  slot().runner = runner;
  await runner.start();
  return runner;
}

/** Stops taking jobs, waits for the one in hand, and closes the job back end's connections. */
export async function stopJobWorker() {
  const runner = slot().runner;
  slot().runner = undefined;
  await runner?.stop();
  await closeJobBackEnd();
}
