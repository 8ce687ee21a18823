import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { referencesTo } from "~/catalog/merge.server";
import { action as coursesAction, loader as coursesLoader } from "~/routes/admin+/courses";
import { loader as homeLoader } from "~/routes/admin+/_index";
import { action as onlineCoursesAction, loader as onlineCoursesLoader } from "~/routes/admin+/online-courses";
import { loader as reportsLoader } from "~/routes/admin+/reports";
import { loader as csvLoader } from "~/routes/admin+/reports_.$report.csv";
import { action as schoolsAction, loader as schoolsLoader } from "~/routes/admin+/schools";
import { action as studySessionsAction, loader as studySessionsLoader } from "~/routes/admin+/study-sessions";
import { action as userAction, loader as userLoader } from "~/routes/admin+/users.$id._index";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";
import { expectRedirectWithToast } from "../../support/toast";

/**
 * The back office's people and catalogue screens as a browser without JavaScript uses them:
 * who is refused, a user's roles and status, merging duplicate schools and courses (nothing
 * points at the removed row afterwards), and the reports with their CSV.
 */
const database = useTestDatabase();
const db = () => database().db;
const tag = () => randomBytes(4).toString("hex");

async function person(roles: string[] = [], extra: { confirmed?: boolean } = {}) {
  const user = await db()
    .insertInto("users")
    .values({ email: `office-${tag()}@example.test`, first_name: "Ola", last_name: `Office${tag()}`, roles: roles as never, confirmed_at: extra.confirmed === false ? null : new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Object.assign(routeVisitor({ session: await sessionCookieFor(user.id) }), { userId: user.id });
}

async function school(name = `Test University ${tag()}`) {
  const row = await db()
    .insertInto("schools")
    .values({ name, slug: `test-u-${tag()}`, school_type: "university", country_code: "CA", region_code: "ON", city: "Guelph" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function course(schoolId: number, code: string) {
  const row = await db()
    .insertInto("courses")
    .values({ code, name: `Course ${code}`, slug: `c-${tag()}`, school_id: schoolId, subject: "general" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How many rows of each referencing column still point at the id. */
async function pointingAt(table: "schools" | "courses", id: number) {
  const counts: Record<string, number> = {};
  for (const reference of await referencesTo(table, db())) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(reference.table)} where ${sql.ref(reference.column)} = ${id}`.execute(db());
    counts[`${reference.table}.${reference.column}`] = rows[0]!.n;
  }
  return counts;
}

describe("who may use the back office's screens", () => {
  it("refuses a student and a teacher every screen and every change", async () => {
    for (const visitor of [await person(), await person(["teacher"])]) {
      const target = await person();
      expect((await visitor.get(userLoader, `/admin/users/${target.userId}`, { params: { id: String(target.userId) } })).status).toBe(403);
      expect((await visitor.form(userAction, `/admin/users/${target.userId}`, { intent: "deactivate" }, { params: { id: String(target.userId) } })).status).toBe(403);
      expect((await visitor.get(schoolsLoader, "/admin/schools")).status).toBe(403);
      expect((await visitor.form(schoolsAction, "/admin/schools", { intent: "merge", duplicate_id: "1", kept_id: "2" })).status).toBe(403);
      expect((await visitor.get(coursesLoader, "/admin/courses")).status).toBe(403);
      expect((await visitor.get(onlineCoursesLoader, "/admin/online-courses")).status).toBe(403);
      expect((await visitor.get(studySessionsLoader, "/admin/study-sessions")).status).toBe(403);
      expect((await visitor.get(reportsLoader, "/admin/reports")).status).toBe(403);
      expect((await visitor.get(csvLoader, "/admin/reports/revenue/csv", { params: { report: "revenue" } })).status).toBe(403);
      expect(await db().selectFrom("users").select("deactivated_at").where("id", "=", target.userId).executeTakeFirstOrThrow()).toEqual({ deactivated_at: null });
    }
  });

  it("shows a manager only the sections the policy allows, and refuses the others", async () => {
    const manager = await person(["manager"]);
    const home = await manager.get(homeLoader, "/admin");
    expect(home.data.sections.map((section: { path: string }) => section.path)).toEqual(["/admin/reports", "/admin/online-courses", "/admin/faqs"]);
    expect(home.data.directory).toBeNull();
    expect((await manager.get(reportsLoader, "/admin/reports")).status).toBe(200);
    expect((await manager.get(onlineCoursesLoader, "/admin/online-courses")).status).toBe(200);
    expect((await manager.get(schoolsLoader, "/admin/schools")).status).toBe(403);
    expect((await manager.get(userLoader, "/admin/users/1", { params: { id: "1" } })).status).toBe(403);
  });
});

describe("a user's page", () => {
  it("grants and revokes roles, each on the audit record; an admin cannot drop their own admin role", async () => {
    const admin = await person(["admin"]);
    const target = await person();
    const path = `/admin/users/${target.userId}`;
    const params = { params: { id: String(target.userId) } };
    await expectRedirectWithToast(await admin.form(userAction, path, { intent: "grant_role", role: "tutor" }, params), path, "Role tutor granted.");
    expect((await admin.form(userAction, path, { intent: "grant_role", role: "tutor" }, params)).status).toBe(409);
    expect((await admin.form(userAction, path, { intent: "grant_role", role: "wizard" }, params)).status).toBe(400);
    await expectRedirectWithToast(await admin.form(userAction, path, { intent: "revoke_role", role: "tutor" }, params), path, "Role tutor removed.");
    expect((await db().selectFrom("users").select("roles").where("id", "=", target.userId).executeTakeFirstOrThrow()).roles).toEqual([]);
    const events = await db().selectFrom("audit_events").select(["action", "details"]).where("actor_id", "=", admin.userId).orderBy("id").execute();
    expect(events.map((event) => event.details)).toEqual([
      expect.objectContaining({ target_user_id: target.userId, granted: "tutor" }),
      expect.objectContaining({ target_user_id: target.userId, revoked: "tutor" }),
    ]);

    const own = `/admin/users/${admin.userId}`;
    const refused = await admin.form(userAction, own, { intent: "revoke_role", role: "admin" }, { params: { id: String(admin.userId) } });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain("You cannot remove your own admin role");
    expect((await db().selectFrom("users").select("roles").where("id", "=", admin.userId).executeTakeFirstOrThrow()).roles).toEqual(["admin"]);
  });

  it("deactivates (ending the user's sessions) and reactivates, and leaves another admin alone", async () => {
    const admin = await person(["admin"]);
    const target = await person();
    const path = `/admin/users/${target.userId}`;
    const params = { params: { id: String(target.userId) } };
    await expectRedirectWithToast(await admin.form(userAction, path, { intent: "deactivate" }, params), path, "Account deactivated: they are signed out and cannot sign in.");
    expect(await db().selectFrom("sessions").select("user_id").where("user_id", "=", target.userId).execute()).toEqual([]);
    expect((await admin.get(userLoader, path, params)).data.user).toMatchObject({ deactivated: true, sessions: 0 });
    expect((await admin.form(userAction, path, { intent: "deactivate" }, params)).status).toBe(409);
    await expectRedirectWithToast(await admin.form(userAction, path, { intent: "reactivate" }, params), path, "Account reactivated: they can sign in again.");
    expect((await db().selectFrom("users").select("deactivated_at").where("id", "=", target.userId).executeTakeFirstOrThrow()).deactivated_at).toBeNull();
    expect((await admin.form(userAction, path, { intent: "reactivate" }, params)).status).toBe(409);

    const otherAdmin = await person(["admin"]);
    expect((await admin.form(userAction, `/admin/users/${otherAdmin.userId}`, { intent: "deactivate" }, { params: { id: String(otherAdmin.userId) } })).status).toBe(403);
    expect((await admin.get(userLoader, "/admin/users/999999999", { params: { id: "999999999" } })).status).toBe(404);
  });

  it("mails the confirmation link again to an unconfirmed account only, and no more than the limit", async () => {
    const admin = await person(["admin"]);
    const target = await person([], { confirmed: false });
    const path = `/admin/users/${target.userId}`;
    const params = { params: { id: String(target.userId) } };
    const email = (await db().selectFrom("users").select("email").where("id", "=", target.userId).executeTakeFirstOrThrow()).email;
    const sent = await admin.form(userAction, path, { intent: "resend_confirmation" }, params);
    await expectRedirectWithToast(sent, path, `A new confirmation link was sent to ${email}.`);
    expect(await db().selectFrom("outbox_emails").select("id").where("to_address", "=", email).execute()).toHaveLength(1);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await admin.form(userAction, path, { intent: "resend_confirmation" }, params)).status);
    expect(statuses).toEqual([303, 303, 429]);
    const confirmed = await person();
    expect((await admin.form(userAction, `/admin/users/${confirmed.userId}`, { intent: "resend_confirmation" }, { params: { id: String(confirmed.userId) } })).status).toBe(409);
  });
});

describe("merging duplicates", () => {
  it("finds every foreign key pointing at schools and courses", async () => {
    const schools = (await referencesTo("schools", db())).map((reference) => `${reference.table}.${reference.column}`);
    expect(schools).toEqual(expect.arrayContaining(["users.school_id", "courses.school_id", "online_courses.school_id", "partners.school_id"]));
    const courses = (await referencesTo("courses", db())).map((reference) => `${reference.table}.${reference.column}`);
    expect(courses).toEqual(
      expect.arrayContaining([
        "user_courses.course_id",
        "online_course_courses.course_id",
        "study_session_courses.course_id",
        "forum_posts.course_id",
        "textbook_chapter_courses.course_id",
        "polls.course_id",
      ])
    );
  });

  it("moves everything of the duplicate school to the one kept, collapses courses sharing a code, and leaves nothing pointing at it", async () => {
    const admin = await person(["admin"]);
    const kept = await school();
    const duplicate = await school();
    const keptCourse = await course(kept, "BIO 101");
    const twinCourse = await course(duplicate, "BIO 101");
    const ownCourse = await course(duplicate, "CHEM 200");
    const student = await person();
    await db().updateTable("users").set({ school_id: duplicate }).where("id", "=", student.userId).execute();
    await db()
      .insertInto("user_courses")
      .values([
        { user_id: student.userId, course_id: keptCourse },
        { user_id: student.userId, course_id: twinCourse },
        { user_id: student.userId, course_id: ownCourse },
      ])
      .execute();
    const post = await db().insertInto("forum_posts").values({ course_id: twinCourse, author_id: student.userId, title: "Where is the lab?", body: "Room?" }).returning("id").executeTakeFirstOrThrow();

    const merged = await admin.form(schoolsAction, "/admin/schools", { intent: "merge", duplicate_id: String(duplicate), kept_id: String(kept) });
    await expectRedirectWithToast(merged, "/admin/schools", "Schools merged: everything of the duplicate now belongs to the school kept.");

    expect(Object.values(await pointingAt("schools", duplicate)).every((count) => count === 0)).toBe(true);
    expect(Object.values(await pointingAt("courses", twinCourse)).every((count) => count === 0)).toBe(true);
    expect(await db().selectFrom("schools").select("id").where("id", "=", duplicate).execute()).toEqual([]);
    expect(await db().selectFrom("courses").select("id").where("id", "=", twinCourse).execute()).toEqual([]);
    expect((await db().selectFrom("users").select("school_id").where("id", "=", student.userId).executeTakeFirstOrThrow()).school_id).toBe(kept);
    expect((await db().selectFrom("courses").select("school_id").where("id", "=", ownCourse).executeTakeFirstOrThrow()).school_id).toBe(kept);
    const enrolments = await db().selectFrom("user_courses").select("course_id").where("user_id", "=", student.userId).orderBy("course_id").execute();
    expect(enrolments.map((row) => row.course_id)).toEqual([keptCourse, ownCourse].sort((a, b) => a - b));
    expect((await db().selectFrom("forum_posts").select("course_id").where("id", "=", post.id).executeTakeFirstOrThrow()).course_id).toBe(keptCourse);
    expect(await db().selectFrom("audit_events").select("action").where("actor_id", "=", admin.userId).execute()).toEqual([{ action: "catalogue.merge" }]);

    // The duplicate is gone now: merging it again changes nothing and says so.
    expect((await admin.form(schoolsAction, "/admin/schools", { intent: "merge", duplicate_id: String(duplicate), kept_id: String(kept) })).status).toBe(404);
    expect((await admin.form(schoolsAction, "/admin/schools", { intent: "merge", duplicate_id: String(kept), kept_id: String(kept) })).status).toBe(400);
  });

  it("merges a duplicate course: enrolments collapse, everything else moves, nothing points at it", async () => {
    const admin = await person(["admin"]);
    const at = await school();
    const kept = await course(at, "MATH 1");
    const duplicate = await course(at, "MATH 01");
    const both = await person();
    const onlyDuplicate = await person();
    await db()
      .insertInto("user_courses")
      .values([
        { user_id: both.userId, course_id: kept },
        { user_id: both.userId, course_id: duplicate },
        { user_id: onlyDuplicate.userId, course_id: duplicate },
      ])
      .execute();
    const answer = await admin.form(coursesAction, "/admin/courses", { intent: "merge", duplicate_id: String(duplicate), kept_id: String(kept) });
    await expectRedirectWithToast(answer, "/admin/courses", "Courses merged: everything of the duplicate now belongs to the course kept.");
    expect(Object.values(await pointingAt("courses", duplicate)).every((count) => count === 0)).toBe(true);
    const rows = await db().selectFrom("user_courses").select(["user_id", "course_id"]).where("user_id", "in", [both.userId, onlyDuplicate.userId]).orderBy("user_id").execute();
    expect(rows).toEqual([
      { user_id: both.userId, course_id: kept },
      { user_id: onlyDuplicate.userId, course_id: kept },
    ]);
  });

  it("creates and edits a school and a course; a taken course code is refused", async () => {
    const admin = await person(["admin"]);
    const name = `Lakehead ${tag()}`;
    const created = await admin.form(schoolsAction, "/admin/schools", {
      intent: "create",
      name,
      short_name: "",
      school_type: "university",
      country_code: "CA",
      region_code: "ON",
      city: "Thunder Bay",
    });
    expect(created.status).toBe(303);
    const schoolId = Number(/edit=(\d+)/.exec(created.headers.get("Location")!)![1]);
    expect((await admin.form(schoolsAction, "/admin/schools", { intent: "create", name: "", school_type: "university", country_code: "CA", region_code: "ON", city: "X" })).status).toBe(400);
    const first = await admin.form(coursesAction, "/admin/courses", { intent: "create", code: "ECON 1", name: "Economics", school_id: String(schoolId), subject: "economics", price_cents: "1500" });
    expect(first.status).toBe(303);
    const again = await admin.form(coursesAction, "/admin/courses", { intent: "create", code: "ECON 1", name: "Economics again", school_id: String(schoolId), subject: "economics", price_cents: "0" });
    expect(again.status).toBe(409);
    await expectRedirectWithToast(
      await admin.form(schoolsAction, "/admin/schools", {
        intent: "update",
        school_id: String(schoolId),
        name: `${name} U`,
        short_name: "LU",
        school_type: "university",
        country_code: "CA",
        region_code: "ON",
        city: "Thunder Bay",
      }),
      "/admin/schools",
      `School ${name} U saved.`
    );
  });
});

describe("online courses and study sessions", () => {
  it("moves an online course's status one step on only, each move on the audit record and a refused one nowhere, and sets and removes its instructor", async () => {
    const admin = await person(["admin"]);
    const instructor = await person(["instructor"]);
    const student = await person();
    const course = await db()
      .insertInto("online_courses")
      .values({ name: `Back office course ${tag()}`, slug: `bo-${tag()}`, course_code: "BO 1", course_type: "exam_prep", packages_config: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const post = (fields: Record<string, string>) => admin.form(onlineCoursesAction, "/admin/online-courses", { online_course_id: String(course.id), ...fields });
    expect((await post({ intent: "status", status: "published" })).status).toBe(409);
    expect((await post({ intent: "status", status: "preparing" })).status).toBe(303);
    const statusEvents = await db().selectFrom("audit_events").select(["action", "details"]).where("actor_id", "=", admin.userId).execute();
    expect(statusEvents).toEqual([{ action: "online_course.change", details: { online_course_id: course.id, status: "preparing" } }]);
    expect((await post({ intent: "instructor", instructor_id: String(student.userId) })).status).toBe(400);
    expect((await post({ intent: "instructor", instructor_id: String(instructor.userId) })).status).toBe(303);
    expect(await db().selectFrom("online_courses").select(["status", "instructor_id"]).where("id", "=", course.id).executeTakeFirstOrThrow()).toEqual({
      status: "preparing",
      instructor_id: instructor.userId,
    });
    expect((await post({ intent: "remove_instructor" })).status).toBe(303);
    const listed = await admin.get(onlineCoursesLoader, "/admin/online-courses?status=preparing");
    expect(listed.data.courses.find((row: { id: number }) => row.id === course.id)).toMatchObject({ instructor_id: null, statusLabel: "Preparing", next: { status: "published" } });
  });

  it("confirms a study session's instructor and sets who teaches", async () => {
    const admin = await person(["admin"]);
    const instructor = await person(["instructor"]);
    const session = await db()
      .insertInto("study_sessions")
      .values({ title: `Review ${tag()}`, session_type: "general", instructor_pending: true })
      .returning("id")
      .executeTakeFirstOrThrow();
    const post = (fields: Record<string, string>) => admin.form(studySessionsAction, "/admin/study-sessions", { study_session_id: String(session.id), ...fields });
    expect((await post({ intent: "instructor", instructor_id: String(instructor.userId) })).status).toBe(303);
    expect((await post({ intent: "confirm_instructor" })).status).toBe(303);
    expect(await db().selectFrom("study_sessions").select(["instructor_id", "instructor_pending"]).where("id", "=", session.id).executeTakeFirstOrThrow()).toEqual({
      instructor_id: instructor.userId,
      instructor_pending: false,
    });
    const pending = await admin.get(studySessionsLoader, "/admin/study-sessions?status=instructor_pending");
    expect(pending.data.sessions.some((row: { id: number }) => row.id === session.id)).toBe(false);
    expect((await post({ intent: "nonsense" })).status).toBe(400);
  });
});

describe("the reports", () => {
  it("sums paid purchases by product and month, less refunds, and downloads them as CSV", async () => {
    const admin = await person(["admin"]);
    const buyer = await person();
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const month = (date: Date) => date.toISOString().slice(0, 7);
    const before = await admin.raw(csvLoader, "/admin/reports/revenue/csv", { params: { report: "revenue" } });
    const baseline = parseCsv(await before.text());
    await db()
      .insertInto("purchases")
      .values([
        { user_id: buyer.userId, kind: "tokens", product_key: `t-${tag()}`, status: "paid", currency: "USD", subtotal_cents: 2500, total_cents: 2500, paid_at: lastMonth, token_amount: 10 },
        {
          user_id: buyer.userId,
          kind: "tokens",
          product_key: `t-${tag()}`,
          status: "refunded",
          currency: "USD",
          subtotal_cents: 1000,
          total_cents: 1000,
          paid_at: lastMonth,
          refunded_at: now,
          token_amount: 5,
        },
      ])
      .execute();
    const answer = await admin.raw(csvLoader, "/admin/reports/revenue/csv", { params: { report: "revenue" } });
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toMatch(/^attachment; filename="revenue-\d{4}-\d{2}-\d{2}\.csv"$/);
    const after = parseCsv(await answer.text());
    const delta = (table: Map<string, string>, key: string) => Number(table.get(key) ?? "0") * 100;
    expect(delta(after, `${month(lastMonth)}|tokens (USD)`) - delta(baseline, `${month(lastMonth)}|tokens (USD)`)).toBeCloseTo(3500);
    expect(delta(after, `${month(now)}|tokens (USD)`) - delta(baseline, `${month(now)}|tokens (USD)`)).toBeCloseTo(-1000);

    const page = await admin.get(reportsLoader, "/admin/reports");
    expect(page.data.reports.map((report: { kind: string }) => report.kind)).toEqual(["signups", "revenue", "active-students", "landing-pages", "landing-page-conversions"]);
    expect(page.data.reports[0].rows).toHaveLength(12);
    expect((await admin.get(csvLoader, "/admin/reports/nothing/csv", { params: { report: "nothing" } })).status).toBe(404);
  });
});

/** A report's CSV as month|column → cell. */
function parseCsv(text: string): Map<string, string> {
  const [header, ...lines] = text
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));
  const table = new Map<string, string>();
  for (const line of lines) header!.slice(1).forEach((column, index) => table.set(`${line[0]}|${column}`, line[index + 1]!));
  return table;
}
