import { sql } from "kysely";
import { db } from "~/db/db.server";
import { reviewTotalsOf } from "~/reviews/reviews.server";
import type { StudentFacts, TutorCandidate } from "~/tutoring/ranking";

/** Every active tutor with what ranking.ts weighs, in one statement. */
export async function listTutorCandidates(): Promise<TutorCandidate[]> {
  const rows = await db()
    .selectFrom("tutor_profiles as p")
    .innerJoin("users", "users.id", "p.user_id")
    .where("users.deactivated_at", "is", null)
    .select((eb) => [
      "users.id",
      "users.first_name",
      "users.last_name",
      "p.headline",
      "p.hourly_rate_cents",
      "p.currency",
      "p.accepting_students",
      "p.sessions_taught",
      sql<{ id: number; code: string; school_id: number }[]>`coalesce((select json_agg(json_build_object('id', c.id, 'code', c.code, 'school_id', c.school_id) order by c.code)
        from user_courses uc join courses c on c.id = uc.course_id where uc.user_id = users.id and uc.relation = 'tutored'), '[]'::json)`.as("courses"),
      reviewTotalsOf(eb.ref("users.id")).as("reviews"),
      eb.exists(eb.selectFrom("tutor_availabilities as a").whereRef("a.tutor_id", "=", "users.id").select("a.id")).as("has_weekly_hours"),
    ])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    headline: row.headline,
    rateCents: row.hourly_rate_cents,
    currency: row.currency,
    acceptingStudents: row.accepting_students,
    sessionsTaught: row.sessions_taught,
    tutoredCourseIds: row.courses.map((course) => course.id),
    tutoredCourseCodes: row.courses.map((course) => course.code),
    schoolIds: [...new Set(row.courses.map((course) => course.school_id))],
    reviews: row.reviews,
    hasWeeklyHours: Boolean(row.has_weekly_hours),
  }));
}

/** A student's courses and school, as ranking.ts reads them; a guest (or an unknown id) has none. */
export async function studentFacts(userId: number | null): Promise<StudentFacts> {
  if (userId === null) return { id: null, courseIds: [], schoolId: null };
  const row = await db()
    .selectFrom("users")
    .where("users.id", "=", userId)
    .select((eb) => [
      "users.school_id",
      eb
        .selectFrom("user_courses")
        .whereRef("user_courses.user_id", "=", "users.id")
        .where("user_courses.relation", "=", "enrolled")
        .select(sql<number[]>`coalesce(array_agg(user_courses.course_id), '{}')`.as("ids"))
        .as("course_ids"),
    ])
    .executeTakeFirst();
  return row ? { id: userId, courseIds: row.course_ids ?? [], schoolId: row.school_id ?? null } : { id: null, courseIds: [], schoolId: null };
}

/** The courses a request may name: those some tutor takes (or `tutorId` takes), the student's own first. */
export async function requestableCourses(tutorId: number | null, studentCourseIds: readonly number[]) {
  const rows = await db()
    .selectFrom("courses as c")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("user_courses as uc")
          .innerJoin("tutor_profiles as p", "p.user_id", "uc.user_id")
          .whereRef("uc.course_id", "=", "c.id")
          .where("uc.relation", "=", "tutored")
          .$if(tutorId !== null, (query) => query.where("uc.user_id", "=", tutorId!))
          .select("uc.course_id"),
      ),
    )
    .select(["c.id", "c.code", "c.name"])
    .orderBy("c.code")
    .execute();
  const own = (id: number) => (studentCourseIds.includes(id) ? 0 : 1);
  return rows.sort((a, b) => own(a.id) - own(b.id));
}
