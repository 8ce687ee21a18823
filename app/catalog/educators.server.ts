import { sql } from "kysely";
import { educatorProfile } from "~/accounts/educators.server";
import { INSTRUCTOR_ROLES } from "~/accounts/roles";
import { db } from "~/db/db.server";
import { listUpcomingStudySessions } from "~/study-sessions/upcoming.server";
import { parseRecordId } from "~/utils/record-id";

/**
 * Who has a page at /instructors/{id}: an active user with an instructor role, or one who teaches
 * a published online course whatever their role (a teacher or a content creator named on the
 * course's page). Every link to an instructor page is drawn by this rule, so none answers 404.
 * Reads the `users` table of the query it is used in.
 */
export const hasInstructorPage = sql<boolean>`(users.deactivated_at is null and (
  users.roles && array[${sql.join(INSTRUCTOR_ROLES.map((role) => sql.lit(role)))}]::text[]
  or exists (select 1 from online_courses where online_courses.instructor_id = users.id and online_courses.status = 'published')
))`;

/** Whether /instructors/{id} answers for this user: whether a course page may link its educator there. */
export async function instructorPageExists(userId: number): Promise<boolean> {
  const row = await db().selectFrom("users").where("users.id", "=", userId).where(hasInstructorPage).select("users.id").executeTakeFirst();
  return Boolean(row);
}

/** The public page of an instructor (`kind: "instructor"`) or a tutor; undefined when the user has none. */
export async function findEducatorPage(idParam: string | undefined, kind: "instructor" | "tutor") {
  const id = parseRecordId(idParam);
  if (id === null) return undefined;
  const profile = kind === "instructor" ? await instructorProfile(id) : await educatorProfile(id);
  if (!profile) return undefined;
  if (kind === "tutor" && !profile.tutorProfile) return undefined;
  const sessions = await listUpcomingStudySessions({ now: new Date(), limit: 5, instructorId: id });
  return { ...profile, sessions };
}

/**
 * An instructor page's profile, the same public fields as `educatorProfile` (the educators API),
 * for everyone `hasInstructorPage` admits: that API's profile is only for users with an educator
 * role, and a content creator who teaches a course has none.
 */
async function instructorProfile(userId: number) {
  const educator = await db()
    .selectFrom("users")
    .where("users.id", "=", userId)
    .where(hasInstructorPage)
    .select(["users.id", "users.first_name", "users.last_name", "users.display_name", "users.roles", "users.bio", "users.avatar"])
    .executeTakeFirst();
  if (!educator) return undefined;
  const [tutorProfile, tutoredCourses, onlineCourses] = await Promise.all([
    db()
      .selectFrom("tutor_profiles")
      .select(["headline", "hourly_rate_cents", "currency", "accepting_students", "sessions_taught"])
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    db()
      .selectFrom("user_courses")
      .innerJoin("courses", "courses.id", "user_courses.course_id")
      .where("user_courses.user_id", "=", userId)
      .where("user_courses.relation", "=", "tutored")
      .select(["courses.id", "courses.code", "courses.name", "courses.slug"])
      .orderBy("courses.code")
      .execute(),
    db()
      .selectFrom("online_courses")
      .where("instructor_id", "=", userId)
      .where("status", "=", "published")
      .select(["id", "name", "slug", "course_code", "price_cents", "currency"])
      .orderBy("name")
      .execute(),
  ]);
  return { educator, tutorProfile: tutorProfile ?? null, tutoredCourses, onlineCourses };
}
