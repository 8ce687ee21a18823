import { sql } from "kysely";
import { db } from "~/db/db.server";
import { listUpcomingStudySessions } from "~/study-sessions/upcoming.server";

/** What the homepage shows every visitor: featured courses, the next live sessions, fresh posts. */
export async function loadHomepage(now = new Date()) {
  const [featuredCourses, upcomingSessions, latestPosts, counts] = await Promise.all([
    db()
      .selectFrom("online_courses")
      .leftJoin("users as instructor", "instructor.id", "online_courses.instructor_id")
      .where("online_courses.status", "=", "published")
      .where("online_courses.read_access", "=", "public")
      .select([
        "online_courses.id",
        "online_courses.slug",
        "online_courses.name",
        "online_courses.description",
        "online_courses.course_type",
        "online_courses.price_cents",
        "online_courses.regular_price_cents",
        "online_courses.currency",
        sql<string | null>`nullif(trim(concat(instructor.first_name, ' ', instructor.last_name)), '')`.as("instructor_name"),
      ])
      .orderBy("online_courses.updated_at", "desc")
      .orderBy("online_courses.id")
      .limit(6)
      .execute(),
    listUpcomingStudySessions({ now, limit: 4 }),
    db()
      .selectFrom("blog_posts")
      .where("status", "=", "published")
      .where("published_at", "<=", now)
      .select(["id", "slug", "title", "excerpt", "category", "published_at"])
      .orderBy("published_at", "desc")
      .limit(3)
      .execute(),
    db()
      .selectNoFrom((eb) => [
        eb.selectFrom("courses").select(sql<number>`count(*)::int`.as("n")).as("courses"),
        eb.selectFrom("schools").select(sql<number>`count(*)::int`.as("n")).as("schools"),
        eb
          .selectFrom("users")
          .where(sql<boolean>`'tutor' = any(roles)`)
          .select(sql<number>`count(*)::int`.as("n"))
          .as("tutors"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    featuredCourses,
    upcomingSessions,
    latestPosts,
    counts: { courses: counts.courses ?? 0, schools: counts.schools ?? 0, tutors: counts.tutors ?? 0 },
  };
}
