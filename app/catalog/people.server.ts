import { sql } from "kysely";
import { hasInstructorPage } from "~/catalog/educators.server";
import { db } from "~/db/db.server";
import { reviewTotalsOf } from "~/reviews/reviews.server";
import { tutorsOpenWithin } from "~/tutoring/availability.server";
import { matchesCourseFilters, OPEN_SOON_DAYS, type TutorFilters } from "~/tutoring/tutor-filters";

/** Everyone with an instructor page, with how many published online courses they teach, in one query. */
export async function listInstructors() {
  return db()
    .selectFrom("users")
    .where(hasInstructorPage)
    .select((eb) => [
      "users.id",
      "users.first_name",
      "users.last_name",
      "users.bio",
      "users.roles",
      eb
        .selectFrom("online_courses")
        .whereRef("online_courses.instructor_id", "=", "users.id")
        .where("online_courses.status", "=", "published")
        .select(sql<number>`count(*)::int`.as("n"))
        .as("course_count"),
    ])
    .orderBy("users.last_name")
    .orderBy("users.first_name")
    .orderBy("users.id")
    .execute();
}

/**
 * Tutors with their profile, rating and tutored courses (one statement), narrowed by /tutors'
 * filters: the course ones on those courses, "open soon" on their calendars (one more statement).
 */
export async function listTutors(filters: TutorFilters, now = new Date()) {
  const rows = await db()
    .selectFrom("tutor_profiles")
    .innerJoin("users", "users.id", "tutor_profiles.user_id")
    .where("users.deactivated_at", "is", null)
    .select((eb) => [
      "users.id",
      "users.first_name",
      "users.last_name",
      "tutor_profiles.headline",
      "tutor_profiles.hourly_rate_cents",
      "tutor_profiles.currency",
      "tutor_profiles.accepting_students",
      "tutor_profiles.sessions_taught",
      sql<{ id: number; code: string; subject: string; school_id: number }[]>`coalesce((select json_agg(json_build_object('id', c.id, 'code', c.code, 'subject', c.subject, 'school_id', c.school_id) order by c.code)
        from user_courses uc join courses c on c.id = uc.course_id where uc.user_id = users.id and uc.relation = 'tutored'), '[]'::json)`.as("courses"),
      reviewTotalsOf(eb.ref("users.id")).as("reviews"),
    ])
    .orderBy("tutor_profiles.accepting_students", "desc")
    .orderBy("tutor_profiles.sessions_taught", "desc")
    .orderBy("users.id")
    .execute();
  const matching = rows.filter((row) => matchesCourseFilters(row.courses, filters));
  const open = filters.openSoon ? await tutorsOpenWithin(matching.map((row) => row.id), now, OPEN_SOON_DAYS) : null;
  return matching.filter((row) => !open || open.has(row.id)).map(({ courses, ...row }) => ({ ...row, course_codes: courses.map((course) => course.code) }));
}

/** What /tutors' filters offer: the courses, subjects and schools some tutor takes. */
export async function tutorFilterChoices() {
  const courses = await db()
    .selectFrom("courses as c")
    .innerJoin("schools as s", "s.id", "c.school_id")
    .where((eb) => eb.exists(eb.selectFrom("user_courses as uc").innerJoin("tutor_profiles as p", "p.user_id", "uc.user_id").whereRef("uc.course_id", "=", "c.id").where("uc.relation", "=", "tutored").select("uc.course_id")))
    .select(["c.id", "c.code", "c.name", "c.subject", "s.id as school_id", "s.name as school_name"])
    .orderBy("c.code")
    .execute();
  const schools = [...new Map(courses.map((course) => [course.school_id, { id: course.school_id, name: course.school_name }])).values()].sort((a, b) => a.name.localeCompare(b.name));
  const subjects = [...new Set(courses.map((course) => course.subject))].sort();
  return { courses: courses.map(({ id, code, name }) => ({ id, code, name })), subjects, schools };
}
