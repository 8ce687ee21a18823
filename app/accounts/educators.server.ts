import { sql, type RawBuilder } from "kysely";
import { INSTRUCTOR_ROLES, type Role } from "~/accounts/roles";
import { db } from "~/db/db.server";

/**
 * The public side of educators (GET /api/v1/users/educators and /{id}/educator_profile):
 * only what a visitor may see — never email, balance or school details.
 */
export const EDUCATOR_ROLES = [...INSTRUCTOR_ROLES, "tutor", "teacher"] as const satisfies readonly Role[];

const hasEducatorRole = sql<boolean>`users.roles && array[${sql.join(EDUCATOR_ROLES.map((role) => sql.lit(role)))}]::text[]`;

const publicColumns = ["users.id", "users.first_name", "users.last_name", "users.display_name", "users.roles", "users.bio", "users.avatar"] as const;

export async function listEducators(page: { perPage: number; offset: number }) {
  const base = db().selectFrom("users").where(hasEducatorRole).where("users.deactivated_at", "is", null);
  const [items, count] = await Promise.all([
    base.select(publicColumns).orderBy("users.last_name").orderBy("users.first_name").orderBy("users.id").limit(page.perPage).offset(page.offset).execute(),
    base.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
  ]);
  return { items, total: count.total };
}

export type EducatorSummary = Awaited<ReturnType<typeof listEducators>>["items"][number];

const isActiveEducator = sql<boolean>`(${hasEducatorRole} and users.deactivated_at is null)`;

/**
 * The educator's public profile, or undefined when the user is not an (active) educator, or not
 * one `admitted` admits (a condition on `users`; an instructor page admits more than the roles).
 */
export async function educatorProfile(userId: number, admitted: RawBuilder<boolean> = isActiveEducator) {
  const educator = await db()
    .selectFrom("users")
    .where("users.id", "=", userId)
    .where(admitted)
    .select(publicColumns)
    .executeTakeFirst();
  if (!educator) return undefined;
  const [tutorProfile, tutoredCourses, onlineCourses] = await Promise.all([
    db()
      .selectFrom("tutor_profiles")
      .select(["headline", "hourly_rate_cents", "currency", "accepting_students", "sessions_taught", "time_zone"])
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    db()
      .selectFrom("user_courses")
      .innerJoin("courses", "courses.id", "user_courses.course_id")
      .where("user_courses.user_id", "=", userId)
      .where("user_courses.relation", "=", "tutored")
      .select(["courses.id", "courses.code", "courses.name", "courses.slug", "courses.subject", "courses.school_id", "courses.price_cents", "courses.currency"])
      .orderBy("courses.code")
      .execute(),
    // Only what the catalogue shows to everyone.
    db()
      .selectFrom("online_courses")
      .where("instructor_id", "=", userId)
      .where("status", "=", "published")
      .select(["id", "name", "slug", "course_code", "course_type", "price_cents", "currency"])
      .orderBy("name")
      .execute(),
  ]);
  return { educator, tutorProfile: tutorProfile ?? null, tutoredCourses, onlineCourses };
}
