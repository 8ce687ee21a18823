import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readStoredFile } from "~/files/storage.server";
import { createJobRunner, useJobBackEnd } from "~/jobs/queue.server";
import { tableJobs } from "~/jobs/table-jobs.server";
import {
  BOOKLET_QUEUE,
  BOOKLET_READY_NOTIFICATION,
  BOOKLET_SLOW_EVENT,
  bookletJobHandler,
  latestBooklet,
  readBookletFile,
  requestBooklet,
} from "~/online-courses/booklets.server";
import { applyEditorCommand, changeStatus, createCourse, EditorError, loadCurriculum, updateCourseDetails } from "~/online-courses/editor.server";
import { courseDetailsSchema } from "~/online-courses/editor-forms";
import { useTestDatabase } from "../../support/database";

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "course-editor-test-"));

const database = useTestDatabase();

async function instructorId() {
  const { db } = database();
  return (await db.selectFrom("users").where("email", "=", "instructor@demo.test").select("id").executeTakeFirstOrThrow()).id;
}

async function newCourse(name = "Linear Algebra Review") {
  return createCourse(database().db, { name, course_code: "MATH 136", course_type: "exam_prep", description: "" }, await instructorId());
}

async function chapterTitles(courseId: number) {
  return (await loadCurriculum(database().db, courseId)).map((chapter) => [chapter.position, chapter.title]);
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EditorError);
  return error as EditorError;
}

describe("the course editor", () => {
  it("creates a hidden course taught by its creator, with a slug of its own", async () => {
    const first = await newCourse("Calculus Crash Course");
    const second = await newCourse("Calculus Crash Course");
    expect(first).toMatchObject({ status: "hidden", instructor_id: await instructorId() });
    expect(second.slug).not.toBe(first.slug);
  });

  it("saves details and packages in cents", async () => {
    const course = await newCourse();
    const input = courseDetailsSchema.parse({
      intent: "details",
      name: "Linear Algebra Final Review",
      course_code: "MATH 136",
      course_type: "exam_prep",
      purchase_type: "standard",
      read_access: "public",
      currency: "CAD",
      price: "79.99",
      pro_enabled: "on",
      pro_price: "49.50",
      practice_price: "19",
    });
    await updateCourseDetails(database().db, course.id, input);
    const row = await database().db.selectFrom("online_courses").selectAll().where("id", "=", course.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Linear Algebra Final Review", currency: "CAD", price_cents: 7999, regular_price_cents: null });
    expect(row.packages_config).toEqual({
      pro: { enabled: true, price_cents: 4950, regular_price_cents: null },
      practice: { enabled: false, price_cents: 1900, regular_price_cents: null },
    });
  });

  it("adds, renames, reorders and deletes chapters, keeping positions 0…n-1", async () => {
    const { db } = database();
    const course = await newCourse();
    const ids: number[] = [];
    for (const title of ["Vectors", "Matrices", "Eigenvalues"]) {
      const outcome = await applyEditorCommand(db, course.id, { intent: "add-chapter", title, kind: "chapter" });
      ids.push(Number(outcome.anchor.replace("chapter-", "")));
    }
    await applyEditorCommand(db, course.id, { intent: "move-chapter", chapter_id: ids[2]!, direction: "up" });
    expect(await chapterTitles(course.id)).toEqual([
      [0, "Vectors"],
      [1, "Eigenvalues"],
      [2, "Matrices"],
    ]);
    // Moving the first one up changes nothing.
    await applyEditorCommand(db, course.id, { intent: "move-chapter", chapter_id: ids[0]!, direction: "up" });
    await applyEditorCommand(db, course.id, { intent: "edit-chapter", chapter_id: ids[0]!, title: "Vectors and spaces", kind: "intro" });
    await applyEditorCommand(db, course.id, { intent: "delete-chapter", chapter_id: ids[2]! });
    expect(await chapterTitles(course.id)).toEqual([
      [0, "Vectors and spaces"],
      [1, "Matrices"],
    ]);
  });

  it("adds sections and activities, moves and deletes them within their parent", async () => {
    const { db } = database();
    const course = await newCourse();
    const chapter = Number((await applyEditorCommand(db, course.id, { intent: "add-chapter", title: "Vectors", kind: "chapter" })).anchor.split("-")[1]);
    const core = Number((await applyEditorCommand(db, course.id, { intent: "add-section", chapter_id: chapter, title: "Lessons", section_type: "core" })).anchor.split("-")[1]);
    await applyEditorCommand(db, course.id, { intent: "add-section", chapter_id: chapter, title: "Extra practice", section_type: "additional" });
    const activity = (title: string, type: "video" | "reading" | "quiz", preview = false) =>
      applyEditorCommand(db, course.id, { intent: "add-activity", section_id: core, title, activity_type: type, can_preview: preview });
    const first = Number((await activity("What is a vector", "video", true)).anchor.split("-")[1]);
    await activity("Dot products", "reading");
    const third = Number((await activity("Vector quiz", "quiz")).anchor.split("-")[1]);
    await applyEditorCommand(db, course.id, { intent: "move-activity", activity_id: first, direction: "down" });
    await applyEditorCommand(db, course.id, { intent: "edit-activity", activity_id: third, title: "Checkpoint", activity_type: "quiz", can_preview: true });
    await applyEditorCommand(db, course.id, { intent: "move-section", section_id: core, direction: "down" });
    let [tree] = await loadCurriculum(db, course.id);
    expect(tree!.sections.map((section) => [section.position, section.title, section.section_type])).toEqual([
      [0, "Extra practice", "additional"],
      [1, "Lessons", "core"],
    ]);
    expect(tree!.sections[1]!.activities.map((a) => [a.position, a.title, a.activity_type, a.can_preview])).toEqual([
      [0, "Dot products", "reading", false],
      [1, "What is a vector", "video", true],
      [2, "Checkpoint", "quiz", true],
    ]);
    await applyEditorCommand(db, course.id, { intent: "delete-activity", activity_id: first });
    [tree] = await loadCurriculum(db, course.id);
    expect(tree!.sections[1]!.activities.map((a) => [a.position, a.title])).toEqual([
      [0, "Dot products"],
      [1, "Checkpoint"],
    ]);
    await applyEditorCommand(db, course.id, { intent: "delete-section", section_id: core });
    [tree] = await loadCurriculum(db, course.id);
    expect(tree!.sections.map((section) => [section.position, section.title])).toEqual([[0, "Extra practice"]]);
  });

  it("keeps positions dense under concurrent adds, moves and deletes", async () => {
    const { db } = database();
    const course = await newCourse();
    const added = await Promise.all(
      Array.from({ length: 8 }, (_, i) => applyEditorCommand(db, course.id, { intent: "add-chapter", title: `Chapter ${i}`, kind: "chapter" })),
    );
    const ids = added.map((outcome) => Number(outcome.anchor.split("-")[1]));
    await Promise.all([
      ...ids.slice(0, 4).map((id, i) => applyEditorCommand(db, course.id, { intent: "move-chapter", chapter_id: id, direction: i % 2 ? "up" : "down" })),
      applyEditorCommand(db, course.id, { intent: "delete-chapter", chapter_id: ids[5]! }),
      applyEditorCommand(db, course.id, { intent: "add-chapter", title: "Late chapter", kind: "chapter" }),
      applyEditorCommand(db, course.id, { intent: "delete-chapter", chapter_id: ids[7]! }),
    ]);
    const positions = (await loadCurriculum(db, course.id)).map((chapter) => chapter.position);
    expect(positions).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("refuses an item of another course with 404, and changes nothing", async () => {
    const { db } = database();
    const mine = await newCourse();
    const other = await newCourse("Someone else's course");
    const outcome = await applyEditorCommand(db, other.id, { intent: "add-chapter", title: "Theirs", kind: "chapter" });
    const theirs = Number(outcome.anchor.split("-")[1]);
    expect((await refusal(applyEditorCommand(db, mine.id, { intent: "delete-chapter", chapter_id: theirs }))).status).toBe(404);
    expect((await refusal(applyEditorCommand(db, mine.id, { intent: "add-section", chapter_id: theirs, title: "x", section_type: "core" }))).status).toBe(404);
    expect(await chapterTitles(other.id)).toEqual([[0, "Theirs"]]);
  });

  it("moves the status one step at a time, and a closed course takes no edits", async () => {
    const { db } = database();
    const course = await newCourse();
    expect((await refusal(changeStatus(db, course.id, "published"))).status).toBe(409);
    await changeStatus(db, course.id, "preparing");
    await changeStatus(db, course.id, "published");
    await changeStatus(db, course.id, "closed");
    const closed = await refusal(applyEditorCommand(db, course.id, { intent: "add-chapter", title: "Too late", kind: "chapter" }));
    expect(closed).toMatchObject({ status: 409, message: expect.stringContaining("closed") });
    expect((await refusal(changeStatus(db, course.id, "published"))).status).toBe(409);
    expect(await chapterTitles(course.id)).toEqual([]);
  });
});

describe("booklets", () => {
  async function courseWithContent() {
    const { db } = database();
    const course = await newCourse("Booklet Course");
    const chapter = Number((await applyEditorCommand(db, course.id, { intent: "add-chapter", title: "Vectors", kind: "chapter" })).anchor.split("-")[1]);
    const section = Number((await applyEditorCommand(db, course.id, { intent: "add-section", chapter_id: chapter, title: "Lessons", section_type: "core" })).anchor.split("-")[1]);
    await applyEditorCommand(db, course.id, { intent: "add-activity", section_id: section, title: "Dot products", activity_type: "reading", can_preview: false });
    return course;
  }

  // The embedded database's job back end, on both databases; tests/integration/jobs/pg-boss.test.ts
  // runs booklets through pg-boss.
  beforeAll(() => useJobBackEnd(tableJobs({ db: () => database().db, retryDelaySeconds: 0 })));

  function runner(options: { now?: () => number; slowThresholdMs?: number; render?: () => Promise<Buffer> } = {}) {
    return createJobRunner({ handlers: { [BOOKLET_QUEUE]: bookletJobHandler({ db: () => database().db, ...options }) } });
  }

  it("generates the PDF in the background, stores it and notifies the person who asked", async () => {
    const { db } = database();
    const course = await courseWithContent();
    const userId = await instructorId();
    const requested = await requestBooklet(db, course.id, userId);
    // Asking again while it is being made does not start a second one.
    expect(await requestBooklet(db, course.id, userId)).toEqual({ id: requested.id, created: false });
    expect(await latestBooklet(db, course.id)).toMatchObject({ status: "generating", downloadPath: null });
    expect(await runner().runOnce()).toBe(true);
    const booklet = await latestBooklet(db, course.id);
    expect(booklet).toMatchObject({ id: requested.id, status: "ready", downloadPath: `/online-courses/${course.id}/booklets/${requested.id}` });
    const pdf = await readBookletFile(db, course.id, requested.id);
    expect(pdf?.subarray(0, 5).toString()).toBe("%PDF-");
    // Only through its own course.
    expect(await readBookletFile(db, course.id + 1, requested.id)).toBeNull();
    const notification = await db
      .selectFrom("notifications")
      .selectAll()
      .where("user_id", "=", userId)
      .where("type", "=", BOOKLET_READY_NOTIFICATION)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(notification.data).toMatchObject({ download_path: booklet!.downloadPath });
    expect(await runner().runOnce()).toBe(false);
  });

  it("records a slow event when making the booklet takes longer than the threshold", async () => {
    const { db } = database();
    const course = await courseWithContent();
    let clock = 0;
    const ticking = () => {
      clock += 100_000;
      return clock;
    };
    await requestBooklet(db, course.id, await instructorId());
    await runner({ now: ticking, slowThresholdMs: 90_000 }).runOnce();
    const slow = await db.selectFrom("tracking_events").selectAll().where("event_type", "=", BOOKLET_SLOW_EVENT).where("target_id", "=", String(course.id)).execute();
    expect(slow).toHaveLength(1);
    expect(slow[0]!.parameters).toMatchObject({ duration_ms: 100_000, threshold_ms: 90_000 });

    const quick = await courseWithContent();
    await requestBooklet(db, quick.id, await instructorId());
    await runner({ slowThresholdMs: 90_000 }).runOnce();
    const none = await db.selectFrom("tracking_events").select("id").where("event_type", "=", BOOKLET_SLOW_EVENT).where("target_id", "=", String(quick.id)).execute();
    expect(none).toHaveLength(0);
  });

  it("retries a failing job and marks the booklet failed after the last attempt", async () => {
    const { db } = database();
    const course = await courseWithContent();
    await requestBooklet(db, course.id, await instructorId());
    const failing = runner({ render: () => Promise.reject(new Error("renderer crashed")) });
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await failing.runOnce()).toBe(true);
    expect(await failing.runOnce()).toBe(false);
    expect(await latestBooklet(db, course.id)).toMatchObject({ status: "failed" });
    const job = await db.selectFrom("background_jobs").selectAll().where("queue", "=", BOOKLET_QUEUE).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: "failed", attempts: 3, last_error: "renderer crashed" });
    // A new request starts afresh.
    expect((await requestBooklet(db, course.id, await instructorId())).created).toBe(true);
  });

  it("stores the PDF where the download route reads it", async () => {
    const { db } = database();
    const course = await courseWithContent();
    const { id } = await requestBooklet(db, course.id, await instructorId());
    const jobs = runner();
    while (await jobs.runOnce()) {
      // every booklet asked for so far
    }
    const row = await db.selectFrom("online_course_booklets").select("file_name").where("id", "=", id).executeTakeFirstOrThrow();
    expect(await readStoredFile("booklets", row.file_name!)).not.toBeNull();
  });
});
