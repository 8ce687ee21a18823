import { sql } from "kysely";
import { hasInstructorPage } from "~/catalog/educators.server";
import { db } from "~/db/db.server";

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

/** Tutors with their profile and tutored course codes, in one query. */
export async function listTutors() {
  return db()
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
      eb
        .selectFrom("user_courses")
        .innerJoin("courses", "courses.id", "user_courses.course_id")
        .whereRef("user_courses.user_id", "=", "users.id")
        .where("user_courses.relation", "=", "tutored")
        .select(sql<string[]>`coalesce(array_agg(courses.code order by courses.code), '{}')`.as("codes"))
        .as("course_codes"),
    ])
    .orderBy("tutor_profiles.accepting_students", "desc")
    .orderBy("tutor_profiles.sessions_taught", "desc")
    .orderBy("users.id")
    .execute();
}
