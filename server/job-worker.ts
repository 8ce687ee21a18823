import type { AppConfig } from "../app/config/env.server";
import { db } from "../app/db/db.server";
import { BLOG_PUBLISHING_EVERY_SECONDS, BLOG_PUBLISHING_QUEUE, blogPublishingJobHandler } from "../app/blog/publishing.server";
import { HOUSEKEEPING_EVERY_SECONDS, HOUSEKEEPING_QUEUE, housekeepingJobHandler } from "../app/jobs/housekeeping.server";
import { pgBossJobs } from "../app/jobs/pg-boss-jobs.server";
import { closeJobBackEnd, createJobRunner, type JobRunner } from "../app/jobs/queue.server";
import { startRecurringJobs, type RecurringJob } from "../app/jobs/recurring.server";
import { MAIL_DELIVERY_QUEUE, mailDeliveryJobHandler } from "../app/mail/mailer.server";
import { BOOKLET_QUEUE, bookletJobHandler } from "../app/online-courses/booklets.server";
import { COURSE_PUBLISHED_QUEUE, coursePublishedJobHandler } from "../app/online-courses/pre-registrations.server";
import {
  STUDY_SESSION_REMINDERS_ASK_EVERY_MS,
  STUDY_SESSION_REMINDERS_EVERY_SECONDS,
  STUDY_SESSION_REMINDERS_QUEUE,
  studySessionRemindersJobHandler,
} from "../app/study-sessions/reminders.server";
import { STUDY_ROOM_BILLINGS_EVERY_SECONDS, STUDY_ROOM_BILLINGS_QUEUE, studyRoomBillingsJobHandler } from "../app/study-rooms/billings.server";
import { TUTORING_REMINDERS_EVERY_SECONDS, TUTORING_REMINDERS_QUEUE, tutoringRemindersJobHandler } from "../app/tutoring/reminders.server";
import { logger } from "../app/utils/logger.server";
import { singleton } from "../app/utils/singleton.server";

/**
 * The app's background job worker: started with the server in every HTTP process (on
 * PostgreSQL pg-boss hands each job to one of them; on the embedded database there is one
 * process) and stopped before the database closes on shutdown, after the job in hand finishes.
 */
const slot = () =>
  singleton("job-worker", () => ({ runner: undefined as JobRunner | undefined, recurring: [] as { stop(): Promise<void> }[], starting: undefined as Promise<void> | undefined, stopping: false }));

/** How long a job worker that could not reach the database waits before trying again. */
const START_RETRY_MS = 2_000;

function jobHandlers() {
  return {
    [BOOKLET_QUEUE]: bookletJobHandler({ db }),
    [COURSE_PUBLISHED_QUEUE]: coursePublishedJobHandler({ db }),
    [HOUSEKEEPING_QUEUE]: housekeepingJobHandler({ db }),
    [MAIL_DELIVERY_QUEUE]: mailDeliveryJobHandler({ db }),
    [STUDY_SESSION_REMINDERS_QUEUE]: studySessionRemindersJobHandler({ db }),
    [TUTORING_REMINDERS_QUEUE]: tutoringRemindersJobHandler({ db }),
    [STUDY_ROOM_BILLINGS_QUEUE]: studyRoomBillingsJobHandler(),
    [BLOG_PUBLISHING_QUEUE]: blogPublishingJobHandler({ db }),
  };
}

/** Jobs made on a schedule (app/jobs/recurring.server.ts): one per slot whatever the number of processes. */
const RECURRING_JOBS: RecurringJob[] = [{ queue: HOUSEKEEPING_QUEUE, everySeconds: HOUSEKEEPING_EVERY_SECONDS }];
/** Asked for every minute, so a reminder's slot gets its job early in the slot and billing stops within a minute of its maximum. */
const FREQUENT_RECURRING_JOBS: RecurringJob[] = [
  { queue: STUDY_SESSION_REMINDERS_QUEUE, everySeconds: STUDY_SESSION_REMINDERS_EVERY_SECONDS },
  { queue: TUTORING_REMINDERS_QUEUE, everySeconds: TUTORING_REMINDERS_EVERY_SECONDS },
  { queue: STUDY_ROOM_BILLINGS_QUEUE, everySeconds: STUDY_ROOM_BILLINGS_EVERY_SECONDS },
  { queue: BLOG_PUBLISHING_QUEUE, everySeconds: BLOG_PUBLISHING_EVERY_SECONDS },
];

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

/**
 * Starts taking jobs; resolves once it does. The database may be out of reach as a process starts
 * (a restart, a failover): the worker then tries again every START_RETRY_MS instead of failing,
 * so the HTTP server beside it keeps answering (503 while the database is gone) and jobs resume
 * once it is back. Callers that must not wait for that (the server's start) need not await it.
 */
export function startJobWorker(): Promise<void> {
  const state = slot();
  if (state.starting) return state.starting;
  state.stopping = false;
  const runner = createJobRunner({ handlers: jobHandlers() });
  state.runner = runner;
  state.starting = (async () => {
    for (;;) {
      try {
        await runner.start();
        break;
      } catch (error) {
        if (state.stopping) return;
        logger().warn({ err: error }, "background jobs could not start; trying again");
        await new Promise((resolve) => setTimeout(resolve, START_RETRY_MS).unref());
        if (state.stopping) return;
      }
    }
    state.recurring = [startRecurringJobs(RECURRING_JOBS), startRecurringJobs(FREQUENT_RECURRING_JOBS, STUDY_SESSION_REMINDERS_ASK_EVERY_MS)];
  })();
  return state.starting;
}

/** Stops taking jobs (or trying to start), waits for the one in hand, and closes the job back end's connections. */
export async function stopJobWorker() {
  const state = slot();
  state.stopping = true;
  await state.starting;
  const { runner, recurring } = state;
  Object.assign(state, { runner: undefined, recurring: [], starting: undefined });
  await Promise.all(recurring.map((job) => job.stop()));
  await runner?.stop();
  await closeJobBackEnd();
}
