import { sql } from "kysely";
import { answersQuestions, questionInboxScope } from "~/accounts/policy/permissions";
import { viewerOf } from "~/accounts/session.server";
import { openQuestionsByCourse, questionCounts } from "~/community/questions.server";
import { catalogueCourses, classesTaught } from "~/classes/classes.server";
import { db } from "~/db/db.server";
import { statement } from "~/db/statement.server";
import { jsonArrayFrom, jsonObjectFrom } from "kysely/helpers/postgres";
import { dueSummaryQuery } from "~/flash-cards/decks.server";
import { enrolledCoursesQuery, withProgress } from "~/online-courses/progress.server";
import { groupMySessions, mySessionView } from "~/study-sessions/my-sessions";
import { myEnrolmentsFromRows, myEnrolmentsQuery } from "~/study-sessions/my-sessions.server";
import { studyTilesQuery, tilesFromRow } from "~/study-stats/stats.server";
import { listUpcomingStudySessions, upcomingFromJson, upcomingStudySessionsQuery } from "~/study-sessions/upcoming.server";

/**
 * The student's home, in one statement: their courses, their own live sessions and the ones
 * coming up for their courses, their stats tiles and study time by week, and what onboarding
 * needs to know (their school's type and the courses they tutor).
 */
const studentDashboard = statement((values: { userId: number; now: Date }) =>
  db()
    .selectNoFrom([
      jsonArrayFrom(
        db()
          .selectFrom("user_courses")
          .innerJoin("courses", "courses.id", "user_courses.course_id")
          .innerJoin("schools", "schools.id", "courses.school_id")
          .where("user_courses.user_id", "=", values.userId)
          .where("user_courses.relation", "=", "enrolled")
          .select(["courses.id", "courses.slug", "courses.code", "courses.name", "courses.subject", "schools.name as school_name"])
          .orderBy("courses.code"),
      ).as("courses"),
      jsonArrayFrom(upcomingStudySessionsQuery({ now: values.now, limit: 6, studentId: values.userId })).as("sessions"),
      jsonArrayFrom(enrolledCoursesQuery(values.userId)).as("onlineCourses"),
      jsonArrayFrom(myEnrolmentsQuery(values.userId)).as("myStudySessions"),
      jsonObjectFrom(dueSummaryQuery(values.userId, values.now)).as("flashCards"),
      jsonObjectFrom(studyTilesQuery(values.userId, values.now)).as("studyTiles"),
      db()
        .selectFrom("users")
        .innerJoin("schools", "schools.id", "users.school_id")
        .where("users.id", "=", values.userId)
        .select("schools.school_type")
        .as("schoolType"),
      db()
        .selectFrom("user_courses")
        .where("user_id", "=", values.userId)
        .where("relation", "=", "tutored")
        .select(sql<number>`count(*)::int`.as("n"))
        .as("tutoredCourseCount"),
    ]),
);

export async function loadStudentDashboard(userId: number, now = new Date()) {
  const row = (await studentDashboard.executeTakeFirst({ userId, now }))!;
  const mine = groupMySessions(myEnrolmentsFromRows(row.myStudySessions), now);
  return {
    courses: row.courses,
    sessions: upcomingFromJson(row.sessions),
    onlineCourses: withProgress(row.onlineCourses),
    // Live first, then upcoming, then past sessions whose material is still open: what a student may act on.
    myStudySessions: [...mine.live, ...mine.upcoming, ...mine.past.filter((session) => session.hasAccess)].map(mySessionView),
    /** Flash cards due now, across the decks they study. */
    flashCards: row.flashCards ?? { due: 0, decks: 0 },
    ...tilesFromRow(row.studyTiles!, now),
    schoolType: row.schoolType ?? null,
    tutoredCourseCount: row.tutoredCourseCount ?? 0,
  };
}

/** Instructors and tutors: the online courses and live sessions they teach, the courses they tutor. */
export async function loadInstructorDashboard(userId: number, now = new Date()) {
  const [onlineCourses, sessions, tutoredCourses, tutorProfile] = await Promise.all([
    db()
      .selectFrom("online_courses")
      .where("instructor_id", "=", userId)
      .select((eb) => [
        "online_courses.id",
        "online_courses.name",
        "online_courses.status",
        "online_courses.course_type",
        "online_courses.currency",
        eb
          .selectFrom("chapters")
          .whereRef("chapters.online_course_id", "=", "online_courses.id")
          .select(sql<number>`count(*)::int`.as("n"))
          .as("chapter_count"),
        // Enrolments that hold access (SPEC §4: active or pending payment) or are trying the course.
        eb
          .selectFrom("online_course_users")
          .whereRef("online_course_users.online_course_id", "=", "online_courses.id")
          .where("online_course_users.status", "in", ["active", "pending_payment", "trialing"])
          .select(sql<number>`count(*)::int`.as("n"))
          .as("enrolment_count"),
        // What students paid for the course before tax, in the course's own currency (integer cents).
        eb
          .selectFrom("purchases")
          .whereRef("purchases.online_course_id", "=", "online_courses.id")
          .where("purchases.kind", "in", ["online_course", "elite_deposit", "elite_full"])
          .where("purchases.status", "=", "paid")
          .select(sql<number>`coalesce(sum(purchases.subtotal_cents), 0)::int`.as("n"))
          .as("revenue_cents"),
      ])
      .orderBy("online_courses.name")
      .execute(),
    listUpcomingStudySessions({ now, limit: 20, instructorId: userId }),
    db()
      .selectFrom("user_courses")
      .innerJoin("courses", "courses.id", "user_courses.course_id")
      .innerJoin("schools", "schools.id", "courses.school_id")
      .where("user_courses.user_id", "=", userId)
      .where("user_courses.relation", "=", "tutored")
      .select(["courses.id", "courses.slug", "courses.code", "courses.name", "schools.name as school_name"])
      .orderBy("courses.code")
      .execute(),
    db().selectFrom("tutor_profiles").selectAll().where("user_id", "=", userId).executeTakeFirst(),
  ]);
  return { onlineCourses, sessions, tutoredCourses, tutorProfile: tutorProfile ?? null };
}

/**
 * The instructor dashboard for other clients (GET /api/v1/users/{id}/instructor_dashboard): the
 * educator home's data with the open questions on each online course and across everything the
 * user answers. Undefined when there is no such user.
 */
export async function instructorDashboardOf(userId: number, now: Date) {
  const user = await db().selectFrom("users").select(["id", "roles", "user_type"]).where("id", "=", userId).executeTakeFirst();
  if (!user) return undefined;
  const scope = questionInboxScope(viewerOf(user));
  const [home, counts, openByCourse] = await Promise.all([loadInstructorDashboard(user.id, now), questionCounts(scope), openQuestionsByCourse(scope)]);
  return {
    id: user.id,
    ...home,
    onlineCourses: home.onlineCourses.map((course) => ({ ...course, open_question_count: openByCourse.get(course.id) ?? 0 })),
    answersQuestions: answersQuestions(scope),
    questionCounts: counts,
  };
}

export type InstructorDashboardData = NonNullable<Awaited<ReturnType<typeof instructorDashboardOf>>>;

/** Teachers: their school, the classes they teach with their students, and the catalogue to add a class from. */
export async function loadTeacherDashboard(userId: number) {
  const [school, classes, courses] = await Promise.all([
    db()
      .selectFrom("users")
      .leftJoin("schools", "schools.id", "users.school_id")
      .where("users.id", "=", userId)
      .select(["schools.name as school_name", "schools.city as school_city"])
      .executeTakeFirst(),
    classesTaught(userId),
    catalogueCourses(),
  ]);
  return { schoolName: school?.school_name ?? null, schoolCity: school?.school_city ?? null, classes, courses };
}
