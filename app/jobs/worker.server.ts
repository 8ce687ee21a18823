import { db } from "~/db/db.server";
import { JobRunner } from "~/jobs/queue.server";
import { BOOKLET_QUEUE, bookletJobHandler } from "~/online-courses/booklets.server";
import { COURSE_PUBLISHED_QUEUE, coursePublishedJobHandler } from "~/online-courses/pre-registrations.server";
import { singleton } from "~/utils/singleton.server";

/**
 * The app's background job worker: started with the server in every HTTP process (jobs are
 * claimed with `skip locked`, so processes share the work) and stopped before the database
 * closes on shutdown, after the job in hand finishes.
 */
const slot = () => singleton("job-worker", () => ({ runner: undefined as JobRunner | undefined }));

export function startJobWorker() {
  if (slot().runner) return slot().runner!;
  const runner = new JobRunner({
    db,
    handlers: { [BOOKLET_QUEUE]: bookletJobHandler({ db }), [COURSE_PUBLISHED_QUEUE]: coursePublishedJobHandler({ db }) },
  });
  runner.start();
  slot().runner = runner;
  return runner;
}

export async function stopJobWorker() {
  const runner = slot().runner;
  slot().runner = undefined;
  await runner?.stop();
}
