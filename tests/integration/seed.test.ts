import { PGlite } from "@electric-sql/pglite";
import argon2 from "argon2";
import { Kysely, sql } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMBEDDED_OPTIONS } from "../../app/db/dialect.server";
import { migrateToLatest } from "../../app/db/migrate.server";
import type { Database } from "../../app/db/schema";
import { DEMO_PASSWORD, ROLES, demoAccounts } from "../../server/seed/demo-accounts";
import { seedDemoData, type SeedSummary } from "../../server/seed/seed";

// A database of its own (not the shared seeded template) so the seed runs here from empty.
const now = new Date("2026-03-10T15:30:00Z");
let db: Kysely<Database>;
let summary: SeedSummary;

beforeAll(async () => {
  const pglite = await PGlite.create(EMBEDDED_OPTIONS);
  db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest(db);
  summary = await seedDemoData(db, { now });
}, 60_000);

afterAll(async () => {
  await db?.destroy();
});

describe("seedDemoData", () => {
  it("fills every seeded table", () => {
    for (const [table, count] of Object.entries(summary)) {
      expect(count, table).toBeGreaterThan(0);
    }
    expect(summary.courses).toBeGreaterThanOrEqual(55);
    expect(summary.online_courses).toBeGreaterThanOrEqual(10);
    expect(summary.study_sessions).toBeGreaterThanOrEqual(12);
    expect(summary.blog_posts).toBeGreaterThanOrEqual(12);
  });

  it("creates one account per role, plus the student, all signing in with the demo password", { timeout: 60_000 }, async () => {
    expect(new Set(demoAccounts.map((account) => account.role))).toEqual(new Set([...ROLES, "student"]));
    const users = await db
      .selectFrom("users")
      .where("email", "in", demoAccounts.map((account) => account.email))
      .select(["email", "roles", "user_type", "password_hash", "confirmed_at", "school_id"])
      .execute();
    expect(users).toHaveLength(ROLES.length + 1);
    const byEmail = new Map(users.map((user) => [user.email, user]));

    for (const account of demoAccounts) {
      const user = byEmail.get(account.email);
      expect(user, account.email).toBeDefined();
      expect(user!.roles).toEqual(account.role === "student" ? [] : [account.role]);
      expect(user!.user_type).toBe(account.userType);
      expect(user!.confirmed_at).toBeInstanceOf(Date);
      if (account.userType === "student") expect(user!.school_id, account.email).not.toBeNull();
    }
    expect(byEmail.get("admin@demo.test")!.user_type).toBe("staff");
    expect(byEmail.get("partner_member@demo.test")!.user_type).toBe("partner");
    expect(byEmail.get("tutor@demo.test")!.user_type).toBe("educator");

    const hashes = new Set(users.map((user) => user.password_hash));
    expect(hashes.size).toBe(1);
    const [hash] = [...hashes];
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(hash!, DEMO_PASSWORD)).toBe(true);
    expect(await argon2.verify(hash!, "wrong-password")).toBe(false);
  });

  it("has universities and high schools in both Canada and the US, with courses priced in the local currency", async () => {
    const kinds = await db.selectFrom("schools").select(["school_type", "country_code"]).distinct().execute();
    for (const country of ["CA", "US"] as const) {
      for (const schoolType of ["university", "high_school"] as const) {
        expect(kinds).toContainEqual({ school_type: schoolType, country_code: country });
      }
    }
    const mismatched = await db
      .selectFrom("courses")
      .innerJoin("schools", "schools.id", "courses.school_id")
      .where((eb) =>
        eb.or([
          eb.and([eb("schools.country_code", "=", "CA"), eb("courses.currency", "!=", "CAD")]),
          eb.and([eb("schools.country_code", "=", "US"), eb("courses.currency", "!=", "USD")]),
        ]),
      )
      .select("courses.slug")
      .execute();
    expect(mismatched).toEqual([]);
    const gradeLevels = await db
      .selectFrom("courses")
      .innerJoin("schools", "schools.id", "courses.school_id")
      .where("schools.school_type", "=", "high_school")
      .where("courses.grade_level", "is", null)
      .select("courses.slug")
      .execute();
    expect(gradeLevels).toEqual([]);
  });

  it("links tutors to the courses they tutor and the student to three enrolled courses", async () => {
    const tutors = await db
      .selectFrom("tutor_profiles")
      .innerJoin("users", "users.id", "tutor_profiles.user_id")
      .select(["users.email", "users.roles", "tutor_profiles.hourly_rate_cents"])
      .execute();
    expect(tutors.length).toBeGreaterThanOrEqual(8);
    for (const tutor of tutors) expect(tutor.roles).toContain("tutor");

    const tutored = await db
      .selectFrom("user_courses")
      .where("relation", "=", "tutored")
      .select(({ fn }) => fn.count<string>("user_id").distinct().as("tutors"))
      .executeTakeFirstOrThrow();
    expect(Number(tutored.tutors)).toBe(tutors.length);

    const enrolled = await db
      .selectFrom("user_courses")
      .innerJoin("users", "users.id", "user_courses.user_id")
      .where("users.email", "=", "student@demo.test")
      .where("user_courses.relation", "=", "enrolled")
      .select("user_courses.course_id")
      .execute();
    expect(enrolled).toHaveLength(3);
  });

  it("gives every online course an intro chapter at position 0 and a full curriculum", async () => {
    const courses = await db.selectFrom("online_courses").select(["id", "slug", "status", "purchase_type", "instructor_id"]).execute();
    const intros = await db.selectFrom("chapters").where("position", "=", 0).select(["online_course_id", "kind"]).execute();
    for (const course of courses) {
      expect(intros.find((chapter) => chapter.online_course_id === course.id)?.kind, course.slug).toBe("intro");
      expect(course.instructor_id, course.slug).not.toBeNull();
    }
    expect(new Set(courses.map((course) => course.status))).toEqual(new Set(["published", "preparing", "hidden"]));
    expect(new Set(courses.map((course) => course.purchase_type))).toEqual(new Set(["standard", "subscription", "course_bundle"]));

    // Every chapter has sections and every section has two to four activities.
    const emptyChapters = await db
      .selectFrom("chapters")
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom("sections").whereRef("sections.chapter_id", "=", "chapters.id").select("sections.id"))))
      .select("id")
      .execute();
    expect(emptyChapters).toEqual([]);
    const sectionSizes = await db
      .selectFrom("sections")
      .leftJoin("activities", "activities.section_id", "sections.id")
      .groupBy("sections.id")
      .select(sql<number>`count(activities.id)::int`.as("n"))
      .execute();
    for (const { n } of sectionSizes) {
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(4);
    }

    const previewable = await db
      .selectFrom("activities")
      .innerJoin("sections", "sections.id", "activities.section_id")
      .innerJoin("chapters", "chapters.id", "sections.chapter_id")
      .where("chapters.kind", "=", "intro")
      .select("activities.can_preview")
      .execute();
    expect(previewable.every((activity) => activity.can_preview)).toBe(true);

    // Every checkpoint quiz has questions, kept apart from the activity (answers stay on the server).
    const quizzes = await db
      .selectFrom("activities")
      .leftJoin("quiz_questions", "quiz_questions.activity_id", "activities.id")
      .where("activity_type", "=", "checkpoint_quiz")
      .groupBy("activities.id")
      .select(["activities.content", sql<number>`count(quiz_questions.id)::int`.as("questions")])
      .execute();
    expect(quizzes.length).toBeGreaterThan(0);
    for (const quiz of quizzes) {
      expect(quiz.questions).toBeGreaterThan(0);
      expect(quiz.content).not.toHaveProperty("questions");
    }
    const questions = await db.selectFrom("quiz_questions").select(["choices", "answer_index"]).execute();
    for (const question of questions) expect(question.choices[question.answer_index]).toBeTruthy();
  });

  it("enrols the demo student in MATH 137 Exam Prep part-way through it, and in two courses just started", async () => {
    const all = await db
      .selectFrom("online_course_users")
      .innerJoin("users", "users.id", "online_course_users.user_id")
      .innerJoin("online_courses", "online_courses.id", "online_course_users.online_course_id")
      .where("users.email", "=", "student@demo.test")
      .select(["online_course_users.id", "online_course_users.status", "online_course_users.package_type", "online_course_users.current_activity_id", "online_course_users.view_time_seconds", "online_courses.slug"])
      .execute();
    expect(all.map((row) => row.slug).sort()).toEqual(["functional-program-design", "general-chemistry-1-complete", "waterloo-math-137-exam-prep"]);
    const enrolments = all.filter((row) => row.slug === "waterloo-math-137-exam-prep");
    expect(enrolments[0]).toMatchObject({ status: "active", package_type: "learn" });
    expect(enrolments[0]!.current_activity_id).not.toBeNull();
    expect(enrolments[0]!.view_time_seconds).toBeGreaterThan(0);
    const completed = await db.selectFrom("activity_completions").where("online_course_user_id", "=", enrolments[0]!.id).select("activity_id").execute();
    expect(completed.length).toBeGreaterThan(0);
    expect(completed.map((row) => row.activity_id)).not.toContain(enrolments[0]!.current_activity_id);
  });

  it("dates every study session, with end after start and upcoming dates", async () => {
    const sessions = await db.selectFrom("study_sessions").select(["id", "session_type"]).execute();
    expect(new Set(sessions.map((session) => session.session_type))).toEqual(
      new Set(["general", "exam_prep", "weekly_tutorial", "office_hours", "exam_review"]),
    );
    const dates = await db.selectFrom("study_session_dates").select(["study_session_id", "start_time", "end_time"]).execute();
    for (const session of sessions) {
      expect(dates.some((date) => date.study_session_id === session.id)).toBe(true);
    }
    for (const date of dates) expect(date.end_time.getTime()).toBeGreaterThan(date.start_time.getTime());
    const upcoming = dates.filter((date) => date.start_time > now);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(dates.some((date) => date.end_time < now)).toBe(true);
    for (const date of upcoming) expect(date.start_time.getTime() - now.getTime()).toBeLessThanOrEqual(6 * 7 * 24 * 3600 * 1000);
  });

  it("publishes blog posts, including free resources, and schedules one for later", async () => {
    const published = await db
      .selectFrom("blog_posts")
      .where("published_at", "<=", now)
      .select(["category", "author_id"])
      .execute();
    expect(published.length).toBeGreaterThanOrEqual(10);
    expect(published.some((post) => post.category === "free_resources")).toBe(true);
    expect(published.every((post) => post.author_id !== null)).toBe(true);
    const scheduled = await db.selectFrom("blog_posts").where("published_at", ">", now).select("slug").execute();
    expect(scheduled).toHaveLength(1);
  });

  it("gives the demo teacher a class this term with the demo student in it, a graded assignment, one due, and a grade book", async () => {
    const teacher = await db.selectFrom("users").select("id").where("email", "=", "teacher@demo.test").executeTakeFirstOrThrow();
    const student = await db.selectFrom("users").select("id").where("email", "=", "student@demo.test").executeTakeFirstOrThrow();
    const klass = await db.selectFrom("course_sections").selectAll().where("class_code", "=", "MATH7K2").executeTakeFirstOrThrow();
    expect([klass.term, klass.year]).toEqual(["winter", 2026]);
    const members = await db.selectFrom("course_section_users").select(["user_id", "role"]).where("course_section_id", "=", klass.id).execute();
    expect(members).toContainEqual({ user_id: teacher.id, role: "teacher" });
    expect(members).toContainEqual({ user_id: student.id, role: "student" });
    expect(members.filter((member) => member.role === "student").length).toBeGreaterThanOrEqual(3);
    const assignments = await db.selectFrom("course_assignments").select(["kind", "due_at"]).where("course_section_id", "=", klass.id).orderBy("due_at").execute();
    expect(assignments.map((assignment) => [assignment.kind, assignment.due_at < now])).toEqual([
      ["reading", true],
      ["upload", false],
      ["quiz", false],
    ]);
    const grades = await db
      .selectFrom("course_assessment_grades")
      .innerJoin("course_assessments", "course_assessments.id", "course_assessment_grades.course_assessment_id")
      .where("course_assessments.course_section_id", "=", klass.id)
      .where("course_assessment_grades.user_id", "=", student.id)
      .select("grade")
      .execute();
    expect(grades.length).toBeGreaterThanOrEqual(2);
    // Its planner: lessons and events on days of its term.
    const lessons = await db.selectFrom("course_lessons").select(sql<string>`to_char(on_date, 'YYYY-MM-DD')`.as("date")).where("course_section_id", "=", klass.id).execute();
    const events = await db
      .selectFrom("course_schedule_events")
      .innerJoin("course_schedules", "course_schedules.id", "course_schedule_events.course_schedule_id")
      .where("course_schedules.course_section_id", "=", klass.id)
      .select(sql<string>`to_char(on_date, 'YYYY-MM-DD')`.as("date"))
      .execute();
    expect(lessons.length).toBeGreaterThanOrEqual(2);
    expect(events.length).toBeGreaterThanOrEqual(1);
    for (const { date } of [...lessons, ...events]) expect(date >= "2026-01-01" && date <= "2026-04-30").toBe(true);
  });

  it("inserts nothing when run again", { timeout: 60_000 }, async () => {
    const before = await db.selectFrom("users").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    const again = await seedDemoData(db, { now });
    expect(Object.values(again).every((count) => count === 0)).toBe(true);
    const after = await db.selectFrom("users").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
