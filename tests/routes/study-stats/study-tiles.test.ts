import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { loader as statsLoader } from "~/routes/api+/v1+/users+/$id.study_stats";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

/** The dashboard's stats tiles (SPEC §9) and study time by week, from what a student did. */
const database = useTestDatabase();
const db = () => database().db;

async function newStudent() {
  return (
    await db()
      .insertInto("users")
      .values({ email: `tiles-${randomBytes(5).toString("hex")}@example.test`, first_name: "Tia", last_name: "Les" })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

/** Two activities completed (30 and 15 minutes), a quiz of 3 questions, a CARS passage, a question asked, an MCAT session, a discounted course. */
async function study(userId: number) {
  const activities = await db()
    .selectFrom("activities")
    .innerJoin("sections", "sections.id", "activities.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .select(["activities.id", "sections.id as section_id", "chapters.id as chapter_id", "chapters.online_course_id"])
    .orderBy("activities.id")
    .limit(2)
    .execute();
  const courseId = activities[0]!.online_course_id;
  const enrolment = await db().insertInto("online_course_users").values({ user_id: userId, online_course_id: courseId, status: "active" }).returning("id").executeTakeFirstOrThrow();
  const sameCourse = activities.filter((activity) => activity.online_course_id === courseId);
  await db()
    .insertInto("activity_completions")
    .values(
      sameCourse.map((activity, index) => ({
        online_course_user_id: enrolment.id,
        activity_id: activity.id,
        chapter_id: activity.chapter_id,
        section_id: activity.section_id,
        duration_seconds: index === 0 ? 1800 : 900,
      }))
    )
    .execute();
  const quizQuestions = await db().selectFrom("quiz_questions").select(["id", "activity_id"]).orderBy("id").limit(3).execute();
  const attempt = await db()
    .insertInto("quiz_attempts")
    .values({ user_id: userId, activity_id: quizQuestions[0]!.activity_id, question_count: 3, correct_count: 2, duration_seconds: 600 })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db()
    .insertInto("quiz_question_submissions")
    .values(quizQuestions.map((question, index) => ({ quiz_attempt_id: attempt.id, quiz_question_id: question.id, choice_index: 0, correct: index < 2 })))
    .execute();
  const cars = await db().selectFrom("practice_tests").select("id").where("kind", "=", "cars").orderBy("id").executeTakeFirstOrThrow();
  await db()
    .insertInto("practice_test_attempts")
    .values({ user_id: userId, test_id: cars.id, started_at: sql<Date>`now() - interval '20 minutes'`, finished_at: sql<Date>`now()`, correct_count: 4, question_count: 5 })
    .execute();
  await db().insertInto("questions").values({ asker_id: userId, kind: "study_buddy", title: "What is a limit?", body: "Please explain." }).execute();
  const mcatSession = await db().selectFrom("study_sessions").select("id").where("mcat_type", "is not", null).orderBy("id").executeTakeFirstOrThrow();
  await db().insertInto("study_session_users").values({ study_session_id: mcatSession.id, user_id: userId, status: "active" }).execute();
  await db()
    .insertInto("purchases")
    .values({
      user_id: userId,
      kind: "online_course",
      product_key: `tiles-${userId}`,
      online_course_id: courseId,
      status: "paid",
      currency: "USD",
      subtotal_cents: 7920,
      discount_cents: 1980,
      total_cents: 7920,
      paid_at: new Date(),
    })
    .execute();
  return { activitySeconds: sameCourse.length === 2 ? 2700 : 1800 };
}

const visitorFor = async (id: number) => routeVisitor({ session: await sessionCookieFor(id) });

describe("stats tiles", () => {
  it("count what the student did, in the API and on the dashboard", async () => {
    const student = await newStudent();
    const { activitySeconds } = await study(student);
    const visitor = await visitorFor(student);
    const stats = (await visitor.get(statsLoader, `/api/v1/users/${student}/study_stats`, { params: { id: String(student) } })).data.data.attributes;
    // 20 minutes of the CARS passage, the quiz's 10 minutes, and the completions' recorded time.
    const seconds = activitySeconds + 600 + 1200;
    expect(stats.tiles).toEqual({
      med_school_coaching_sessions: 0,
      cars_passages: 1,
      mcat_events: 1,
      seconds_studied: seconds,
      booster_savings_cents: 1980,
      courses_studied: 1,
      questions_attempted: 3 + 5,
      qa_questions: 1,
    });
    expect(stats.study_time_by_week).toHaveLength(8);
    expect(stats.study_time_by_week.at(-1).seconds).toBe(seconds);

    const dashboard = await visitor.get(dashboardLoader, "/dashboard");
    expect(dashboard.status).toBe(200);
    const tiles = Object.fromEntries(dashboard.data.tiles.map((tile: { label: string; value: string }) => [tile.label, tile.value]));
    expect(tiles).toEqual({
      "Med-school coaching sessions": "0",
      "CARS passages": "1",
      "MCAT events": "1",
      "Hours studied": String(Math.floor((seconds / 3600) * 10) / 10),
      "Booster savings": "$19.80",
      "Courses studied": "1",
      "Questions attempted": "8",
      "Q&A questions": "1",
    });
    expect(dashboard.data.studyTimeByWeek.at(-1).seconds).toBe(seconds);
  });

  it("start at zero for a new student, whose dashboard offers onboarding until the profile is complete", async () => {
    const student = await newStudent();
    const dashboard = await (await visitorFor(student)).get(dashboardLoader, "/dashboard");
    expect(dashboard.data.tiles.map((tile: { value: string }) => tile.value)).toEqual(["0", "0", "0", "0", "$0", "0", "0", "0"]);
    expect(dashboard.data.studyTimeByWeek.every((week: { seconds: number }) => week.seconds === 0)).toBe(true);
    expect(dashboard.data.profileMissing).toEqual(["your school", "your year", "your faculty", "your degree"]);
    const highSchool = await db().selectFrom("schools").select("id").where("school_type", "=", "high_school").executeTakeFirstOrThrow();
    await db().updateTable("users").set({ school_id: highSchool.id, year: "Grade 11" }).where("id", "=", student).execute();
    expect((await (await visitorFor(student)).get(dashboardLoader, "/dashboard")).data.profileMissing).toEqual([]);
  });
});
