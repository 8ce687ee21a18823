import { sql } from "kysely";
import { db } from "~/db/db.server";
import { likePattern } from "~/db/like-pattern";
import { listUpcomingStudySessions } from "~/study-sessions/upcoming.server";

const SCHOOL_COLUMNS = ["schools.id", "schools.slug", "schools.name", "schools.short_name", "schools.school_type", "schools.city", "schools.region_code", "schools.country_code"] as const;

/** A school with its courses and upcoming live sessions (/schools/{id}, /live-prep/schools/{slug}). */
export async function findSchoolPage(by: { id: number } | { slug: string }, now = new Date()) {
  const school = await db()
    .selectFrom("schools")
    .where("id" in by ? "schools.id" : "schools.slug", "=", "id" in by ? by.id : by.slug)
    .select(SCHOOL_COLUMNS)
    .executeTakeFirst();
  if (!school) return undefined;
  const courses = await db()
    .selectFrom("courses")
    .where("school_id", "=", school.id)
    .select(["id", "slug", "code", "name", "subject", "high_priority"])
    .orderBy("high_priority", "desc")
    .orderBy("code")
    .execute();
  const sessions = await listUpcomingStudySessions({ now, limit: 20, courseIds: courses.map((course) => course.id) });
  return { school, courses, sessions };
}

/** Schools with upcoming live sessions for their courses, with how many (/live-prep). */
export async function listLivePrepSchools(now = new Date()) {
  return db()
    .selectFrom("schools")
    .innerJoin("courses", "courses.school_id", "schools.id")
    .innerJoin("study_session_courses", "study_session_courses.course_id", "courses.id")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("study_session_dates")
          .whereRef("study_session_dates.study_session_id", "=", "study_session_courses.study_session_id")
          .where("study_session_dates.end_time", ">", now)
          .select("study_session_dates.id"),
      ),
    )
    .groupBy("schools.id")
    .select([...SCHOOL_COLUMNS, sql<number>`count(distinct study_session_courses.study_session_id)::int`.as("session_count")])
    .orderBy("schools.name")
    .execute();
}

/** Courses looking for a class rep (/class-rep-positions): popular courses without one, by school. */
export async function listClassRepOpenings() {
  return db()
    .selectFrom("courses")
    .innerJoin("schools", "schools.id", "courses.school_id")
    .where("courses.has_class_rep", "=", false)
    .where("courses.high_priority", "=", true)
    .select(["courses.id", "courses.slug", "courses.code", "courses.name", "schools.name as school_name"])
    .orderBy("schools.name")
    .orderBy("courses.code")
    .execute();
}

/** Published online courses of some kinds, newest first (/on-demand, /high-school, /university). */
export async function listPublishedOnlineCourses({ schoolType, limit }: { schoolType?: "university" | "high_school"; limit: number }) {
  let query = db()
    .selectFrom("online_courses")
    .leftJoin("schools", "schools.id", "online_courses.school_id")
    .where("online_courses.status", "=", "published")
    .where("online_courses.read_access", "=", "public");
  if (schoolType) query = query.where("schools.school_type", "=", schoolType);
  return query
    .select([
      "online_courses.id",
      "online_courses.slug",
      "online_courses.name",
      "online_courses.description",
      "online_courses.course_type",
      "online_courses.price_cents",
      "online_courses.currency",
    ])
    .orderBy("online_courses.updated_at", "desc")
    .orderBy("online_courses.id")
    .limit(limit)
    .execute();
}

/** Schools of one type with their course counts. */
export async function listSchoolsOfType(schoolType: "university" | "high_school") {
  return db()
    .selectFrom("schools")
    .where("school_type", "=", schoolType)
    .select((eb) => [...SCHOOL_COLUMNS, eb.selectFrom("courses").whereRef("courses.school_id", "=", "schools.id").select(sql<number>`count(*)::int`.as("n")).as("course_count")])
    .orderBy("schools.name")
    .execute();
}

/** Published public online courses whose code or name contains a word (e.g. "lsat"). */
export async function listOnlineCoursesMatching(word: string) {
  const pattern = likePattern(word);
  return db()
    .selectFrom("online_courses")
    .where("status", "=", "published")
    .where("read_access", "=", "public")
    .where((eb) => eb.or([eb(sql`lower(course_code)`, "like", pattern), eb(sql`lower(name)`, "like", pattern)]))
    .select(["id", "slug", "name", "description", "course_type", "price_cents", "currency"])
    .orderBy("name")
    .execute();
}
