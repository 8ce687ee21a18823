import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { pgBossJobs } from "~/jobs/pg-boss-jobs.server";
import { closeJobBackEnd, createJobRunner, enqueueJob, jobBackEnd, useJobBackEnd, type JobContext, type JobData, type JobHandler } from "~/jobs/queue.server";
import { BOOKLET_QUEUE, BOOKLET_READY_NOTIFICATION, bookletJobHandler, latestBooklet, readBookletFile, requestBooklet } from "~/online-courses/booklets.server";
import { applyEditorCommand, createCourse } from "~/online-courses/editor.server";
import { useTestDatabase } from "../../support/database";
import { databaseUrl } from "../../support/database-target";

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "pg-boss-jobs-test-"));

const source = inject("testDatabase");
const database = useTestDatabase();

async function until(condition: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function recorder() {
  const runs: JobData[] = [];
  const handler: JobHandler = {
    async run(data) {
      runs.push(data);
    },
  };
  return { runs, handler };
}

async function jobStates(queue: string) {
  const { rows } = await sql<{ state: string }>`select state from pgboss.job where name = ${queue} order by created_on`.execute(database().db);
  return rows.map((row) => row.state);
}

describe.runIf(source.kind === "postgres")("background jobs on pg-boss", () => {
  // Without retry delays, so a test can run every attempt at once.
  const installTestBackEnd = () => {
    useJobBackEnd(pgBossJobs({ url: database().url!, retryDelaySeconds: 0 }));
  };
  beforeAll(installTestBackEnd);

  it("is the back end chosen on a PostgreSQL server", async () => {
    await closeJobBackEnd();
    expect(jobBackEnd().kind).toBe("pg-boss");
    await closeJobBackEnd();
    installTestBackEnd();
  });

  it("never runs a job whose transaction rolled back", async () => {
    const { runs, handler } = recorder();
    const queue = "test-rolled-back";
    await expect(
      database()
        .db.transaction()
        .execute(async (trx) => {
          await enqueueJob(trx, queue, { step: "asked" });
          throw new Error("the change that asked for it failed");
        }),
    ).rejects.toThrow("the change that asked for it failed");
    const runner = createJobRunner({ handlers: { [queue]: handler } });
    expect(await runner.runOnce()).toBe(false);
    expect(runs).toEqual([]);
    expect(await jobStates(queue)).toEqual([]);
  });

  it("runs a committed job once, and not before its transaction commits", async () => {
    const { runs, handler } = recorder();
    const queue = "test-committed";
    const runner = createJobRunner({ handlers: { [queue]: handler } });
    await database()
      .db.transaction()
      .execute(async (trx) => {
        await enqueueJob(trx, queue, { step: "asked" });
        // The job queue's own connections cannot see it yet.
        expect(await runner.runOnce()).toBe(false);
      });
    expect(await runner.runOnce()).toBe(true);
    expect(await runner.runOnce()).toBe(false);
    expect(runs).toEqual([{ step: "asked" }]);
    expect(await jobStates(queue)).toEqual(["completed"]);
  });

  it("shares jobs between running workers without running any twice", async () => {
    const { runs, handler } = recorder();
    const queue = "test-shared";
    const workers = [0, 1].map(() => createJobRunner({ handlers: { [queue]: handler }, pollIntervalMs: 500 }));
    await Promise.all(workers.map((worker) => worker.start()));
    try {
      await database()
        .db.transaction()
        .execute(async (trx) => {
          for (let n = 0; n < 6; n += 1) await enqueueJob(trx, queue, { n });
        });
      await until(async () => runs.length >= 6 && (await jobStates(queue)).every((state) => state === "completed"));
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    expect(runs.map((data) => data.n).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("retries a failing job, then calls onFailed once after the last attempt", async () => {
    const queue = "test-failing";
    const attempts: JobContext[] = [];
    const failures: Array<{ data: JobData; message: string }> = [];
    const handler: JobHandler = {
      async run(_data, job) {
        attempts.push(job);
        throw new Error("renderer crashed");
      },
      async onFailed(data, _job, error) {
        failures.push({ data, message: (error as Error).message });
      },
    };
    await enqueueJob(database().db, queue, { bookletId: 7 }, { maxAttempts: 3 });
    const runner = createJobRunner({ handlers: { [queue]: handler } });
    while (await runner.runOnce()) {
      // every attempt and the failure callback
    }
    expect(attempts.map((job) => [job.attempt, job.maxAttempts])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(failures).toEqual([{ data: { bookletId: 7 }, message: "renderer crashed" }]);
    expect(await jobStates(queue)).toEqual(["failed"]);
  });

  describe("booklets", () => {
    async function courseWithContent() {
      const { db } = database();
      const instructor = await db.selectFrom("users").where("email", "=", "instructor@demo.test").select("id").executeTakeFirstOrThrow();
      const course = await createCourse(db, { name: "Queued Booklet", course_code: "MATH 136", course_type: "exam_prep", description: "" }, instructor.id);
      const chapter = Number((await applyEditorCommand(db, course.id, { intent: "add-chapter", title: "Vectors", kind: "chapter" })).anchor.split("-")[1]);
      const section = Number((await applyEditorCommand(db, course.id, { intent: "add-section", chapter_id: chapter, title: "Lessons", section_type: "core" })).anchor.split("-")[1]);
      await applyEditorCommand(db, course.id, { intent: "add-activity", section_id: section, title: "Dot products", activity_type: "reading", can_preview: false });
      return { course, userId: instructor.id };
    }

    it("are made by the running worker, which notifies the person who asked", async () => {
      const { db } = database();
      const { course, userId } = await courseWithContent();
      const worker = createJobRunner({ handlers: { [BOOKLET_QUEUE]: bookletJobHandler({ db: () => database().db }) }, pollIntervalMs: 500 });
      await worker.start();
      try {
        const requested = await requestBooklet(db, course.id, userId);
        await until(async () => (await latestBooklet(db, course.id))?.status === "ready");
        const notification = await db
          .selectFrom("notifications")
          .selectAll()
          .where("user_id", "=", userId)
          .where("type", "=", BOOKLET_READY_NOTIFICATION)
          .orderBy("id", "desc")
          .executeTakeFirstOrThrow();
        expect(notification.data).toMatchObject({ download_path: `/online-courses/${course.id}/booklets/${requested.id}`, online_course_id: course.id });
        expect((await readBookletFile(db, course.id, requested.id))?.subarray(0, 5).toString()).toBe("%PDF-");
      } finally {
        await worker.stop();
      }
    });

    it("are marked failed when every attempt fails", async () => {
      const { db } = database();
      const { course, userId } = await courseWithContent();
      await requestBooklet(db, course.id, userId);
      let renders = 0;
      const render = async (): Promise<Buffer> => {
        renders += 1;
        throw new Error("renderer crashed");
      };
      const runner = createJobRunner({ handlers: { [BOOKLET_QUEUE]: bookletJobHandler({ db: () => database().db, render }) } });
      while (await runner.runOnce()) {
        // every attempt and the failure callback
      }
      expect(renders).toBe(3);
      expect(await latestBooklet(db, course.id)).toMatchObject({ status: "failed", downloadPath: null });
      expect((await requestBooklet(db, course.id, userId)).created).toBe(true);
    });
  });

  it("installs its schema once when several processes start on a fresh database at the same time", async () => {
    if (source.kind !== "postgres") return;
    const name = `mkt_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: source.adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const starting = [0, 1, 2, 3].map(() => pgBossJobs({ url: databaseUrl(source.adminUrl, name), retryDelaySeconds: 0, poolSize: 2 }));
    try {
      await Promise.all(starting.map((each) => each.ensureQueue("test-fresh")));
      // Every process can then use its connections (none was left in a failed transaction).
      const { runs, handler } = recorder();
      for (const [n, each] of starting.entries()) {
        await each.boss.send("test-fresh", { n });
        expect(await each.runner({ handlers: { "test-fresh": handler } }).runOnce()).toBe(true);
      }
      expect(runs).toHaveLength(4);
      const check = new pg.Client({ connectionString: databaseUrl(source.adminUrl, name) });
      await check.connect();
      const { rows } = await check.query<{ installs: number }>("select count(*)::int as installs from pgboss.version");
      await check.end();
      expect(rows[0]!.installs).toBe(1);
    } finally {
      await Promise.all(starting.map((each) => each.close()));
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }, 60_000);
});
