import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/accounts/roles";
import { createUserSession } from "~/accounts/session.server";
import { createJobRunner, useJobBackEnd } from "~/jobs/queue.server";
import { tableJobs } from "~/jobs/table-jobs.server";
import { applyEditorCommand, changeStatus, createCourse } from "~/online-courses/editor.server";
import { loadCourseForViewer } from "~/online-courses/in-course.server";
import { loadOverview } from "~/online-courses/overview.server";
import { COURSE_PUBLISHED_NOTIFICATION } from "~/online-courses/pre-registration";
import { COURSE_PUBLISHED_QUEUE, coursePublishedJobHandler, countPreRegistrations, preRegister } from "~/online-courses/pre-registrations.server";
import { action as overviewAction } from "~/routes/online-courses+/$id._index";
import { useTestDatabase } from "../../support/database";
import { routeAnswer } from "../../support/route-answer";

const database = useTestDatabase();

async function user(email: string): Promise<Viewer & { id: number; email: string }> {
  const row = await database().db.selectFrom("users").select(["id", "roles", "email"]).where("email", "=", email).executeTakeFirstOrThrow();
  return { id: row.id, roles: row.roles, userType: "student", email: row.email };
}

async function preparingCourse(name: string) {
  const { db } = database();
  const instructor = await db.selectFrom("users").select("id").where("email", "=", "instructor@demo.test").executeTakeFirstOrThrow();
  const course = await createCourse(db, { name, course_code: "MATH 136", course_type: "exam_prep", description: "A review." }, instructor.id);
  const chapter = Number((await applyEditorCommand(db, course.id, { intent: "add-chapter", title: "Vectors", kind: "chapter" })).anchor.split("-")[1]);
  const section = Number((await applyEditorCommand(db, course.id, { intent: "add-section", chapter_id: chapter, title: "Lessons", section_type: "core" })).anchor.split("-")[1]);
  await applyEditorCommand(db, course.id, { intent: "add-activity", section_id: section, title: "Dot products", activity_type: "reading", can_preview: false });
  await changeStatus(db, course.id, "preparing");
  return course;
}

/** The overview page's pre-registration forms, as the signed-in student's browser posts them. */
async function post(student: { id: number }, courseId: number, intent: string) {
  const cookie = (await createUserSession({ userId: student.id, rememberMe: false, request: new Request("http://app.test") })).split(";")[0]!;
  const request = new Request(`http://app.test/online-courses/${courseId}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams({ intent }),
  });
  return routeAnswer(() => overviewAction({ request, params: { id: String(courseId) }, context: {} } as unknown as ActionFunctionArgs));
}

// The embedded database's job back end, on both databases (tests/integration/jobs/pg-boss.test.ts covers pg-boss).
beforeAll(() => useJobBackEnd(tableJobs({ db: () => database().db, retryDelaySeconds: 0 })));

const runner = () => createJobRunner({ handlers: { [COURSE_PUBLISHED_QUEUE]: coursePublishedJobHandler({ db: () => database().db }) } });

async function drain() {
  const jobs = runner();
  let ran = 0;
  while (await jobs.runOnce()) ran += 1;
  return ran;
}

async function told(userId: number, courseId: number, email: string, courseName: string) {
  const { db } = database();
  const notifications = await db
    .selectFrom("notifications")
    .selectAll()
    .where("user_id", "=", userId)
    .where("type", "=", COURSE_PUBLISHED_NOTIFICATION)
    .where("notifiable_id", "=", String(courseId))
    .execute();
  const mails = await db.selectFrom("outbox_emails").selectAll().where("to_address", "=", email).where("subject", "=", `${courseName} is open`).execute();
  return { notifications, mails };
}

describe("pre-registration for a preparing course", () => {
  it("pre-registers once however often the student asks, shows the state, and withdraws", async () => {
    const course = await preparingCourse("Pre-registration Course");
    const student = await user("student@demo.test");
    expect((await loadOverview(student, String(course.id)))!.preRegistration).toBe("open");

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await post(student, course.id, "pre-register");
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/online-courses/${course.id}#pre-registration`);
    }
    expect(await countPreRegistrations(database().db, course.id)).toBe(1);
    const overview = (await loadOverview(student, String(course.id)))!;
    expect(overview.preRegistration).toBe("pre-registered");
    // The count is for staff only.
    expect(overview.preRegistrationCount).toBeNull();
    const instructor = await user("instructor@demo.test");
    expect((await loadOverview({ ...instructor, roles: ["instructor"], userType: "educator" }, String(course.id)))!.preRegistrationCount).toBe(1);

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await post(student, course.id, "withdraw-pre-registration");
      expect(response.headers.get("Location")).toBe(`/online-courses/${course.id}#pre-registration`);
    }
    expect(await countPreRegistrations(database().db, course.id)).toBe(0);
    expect((await loadOverview(student, String(course.id)))!.preRegistration).toBe("open");
  });

  it("refuses pre-registration once the course is published, and for courses students cannot see", async () => {
    const { db } = database();
    const course = await preparingCourse("Opened Course");
    const student = await user("student@demo.test");
    await changeStatus(db, course.id, "published");
    const refused = await post(student, course.id, "pre-register");
    expect(refused.status).toBe(409);
    expect(refused.data.result.error).toEqual({ "": ["This course is open: register for it below."] });
    expect(await countPreRegistrations(db, course.id)).toBe(0);

    const hidden = await createCourse(db, { name: "Hidden Course", course_code: "X 1", course_type: "exam_prep", description: "" }, null);
    const missing = await post(student, hidden.id, "pre-register");
    expect(missing.status).toBe(404);
    expect(await countPreRegistrations(db, hidden.id)).toBe(0);
  });

  it("tells every pre-registered student once when the course is published, by notification and mail", async () => {
    const { db } = database();
    const course = await preparingCourse("Notify Once Course");
    const first = await user("student@demo.test");
    const second = await user("partner_member@demo.test");
    await preRegister(db, course.id, first.id);
    await preRegister(db, course.id, second.id);

    expect(await changeStatus(db, course.id, "published")).toEqual({ preRegistrantsNotified: 2 });
    const marked = await db.selectFrom("online_course_pre_registrations").select("notified_at").where("online_course_id", "=", course.id).execute();
    expect(marked.every((row) => row.notified_at instanceof Date)).toBe(true);
    expect(await drain()).toBe(2);

    for (const student of [first, second]) {
      const { notifications, mails } = await told(student.id, course.id, student.email, "Notify Once Course");
      expect(notifications).toHaveLength(1);
      expect(notifications[0]!.data).toMatchObject({ path: `/online-courses/${course.id}`, course_name: "Notify Once Course" });
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text_body).toContain(`/online-courses/${course.id}`);
    }

    // Publishing again (after the course went back to preparing) tells only who has not been told.
    await db.updateTable("online_courses").set({ status: "preparing" }).where("id", "=", course.id).execute();
    const third = await user("class_rep@demo.test");
    await preRegister(db, course.id, third.id);
    expect(await changeStatus(db, course.id, "published")).toEqual({ preRegistrantsNotified: 1 });
    expect(await drain()).toBe(1);
    for (const student of [first, second, third]) {
      const { notifications, mails } = await told(student.id, course.id, student.email, "Notify Once Course");
      expect([notifications.length, mails.length]).toEqual([1, 1]);
    }

    // A job run twice (a retry after a crash) repeats neither the notification nor the mail.
    await db.insertInto("background_jobs").values({ queue: COURSE_PUBLISHED_QUEUE, data: JSON.stringify({ online_course_id: course.id, user_id: first.id }) }).execute();
    expect(await drain()).toBe(1);
    const again = await told(first.id, course.id, first.email, "Notify Once Course");
    expect([again.notifications.length, again.mails.length]).toEqual([1, 1]);
  });

  it("tells no one when publishing fails, and no one when a course without pre-registrations is published", async () => {
    const { db } = database();
    const course = await preparingCourse("Quiet Course");
    const student = await user("student@demo.test");
    await preRegister(db, course.id, student.id);
    // preparing → closed skips a step and is refused: the pre-registration stays untold.
    await expect(changeStatus(db, course.id, "closed")).rejects.toThrow();
    const row = await db.selectFrom("online_course_pre_registrations").select("notified_at").where("online_course_id", "=", course.id).executeTakeFirstOrThrow();
    expect(row.notified_at).toBeNull();

    const empty = await preparingCourse("Empty Course");
    expect(await changeStatus(db, empty.id, "published")).toEqual({ preRegistrantsNotified: 0 });
  });

  it("opens no content: a pre-registered student of a published course still needs a package", async () => {
    const { db } = database();
    const course = await preparingCourse("Locked Course");
    const student = await user("student@demo.test");
    await preRegister(db, course.id, student.id);
    const preparing = await loadCourseForViewer(student, String(course.id));
    expect(preparing!.tree.activities.map((activity) => activity.access)).toEqual([{ allowed: false, reason: "not-open-yet" }]);
    await changeStatus(db, course.id, "published");
    const published = await loadCourseForViewer(student, String(course.id));
    expect(published!.enrolment).toBeNull();
    expect(published!.tree.activities.map((activity) => activity.access)).toEqual([{ allowed: false, reason: "needs-learn" }]);
  });
});
