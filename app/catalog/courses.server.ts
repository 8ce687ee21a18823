import { sql } from "kysely";
import { guestViewer } from "~/accounts/roles";
import { db } from "~/db/db.server";
import { likePattern } from "~/db/like-pattern";
import { visibleTo } from "~/online-courses/visibility.server";
import { listUpcomingStudySessions } from "~/study-sessions/upcoming.server";
import { parseRecordId } from "~/utils/record-id";

export interface CatalogueQuery {
  query?: string;
  schoolSlug?: string;
  page: number;
  perPage: number;
}

/** One page of the course catalogue with its total, in two queries. */
export async function listCatalogueCourses({ query, schoolSlug, page, perPage }: CatalogueQuery) {
  let base = db()
    .selectFrom("courses")
    .innerJoin("schools", "schools.id", "courses.school_id");
  if (query) {
    const pattern = likePattern(query);
    base = base.where((eb) =>
      eb.or([eb(sql`lower(courses.name)`, "like", pattern), eb(sql`lower(courses.code)`, "like", pattern)]),
    );
  }
  if (schoolSlug) base = base.where("schools.slug", "=", schoolSlug);

  const [rows, total] = await Promise.all([
    base
      .select([
        "courses.id",
        "courses.slug",
        "courses.code",
        "courses.name",
        "courses.subject",
        "courses.high_priority",
        "schools.name as school_name",
        "schools.slug as school_slug",
        "schools.school_type",
      ])
      .orderBy("courses.high_priority", "desc")
      .orderBy("schools.name")
      .orderBy("courses.code")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
  ]);
  return { courses: rows, total: total.total };
}

export async function listSchoolsWithCourses() {
  return db()
    .selectFrom("schools")
    .where((eb) => eb.exists(eb.selectFrom("courses").select("courses.id").whereRef("courses.school_id", "=", "schools.id")))
    .select(["schools.slug", "schools.name"])
    .orderBy("schools.name")
    .execute();
}

/** A course by numeric id or slug, with what is offered for it, in a fixed number of queries. */
export async function findCourseDetail(idOrSlug: string) {
  const id = parseRecordId(idOrSlug);
  const course = await db()
    .selectFrom("courses")
    .innerJoin("schools", "schools.id", "courses.school_id")
    .where(id !== null ? "courses.id" : "courses.slug", "=", id ?? idOrSlug)
    .select([
      "courses.id",
      "courses.slug",
      "courses.code",
      "courses.name",
      "courses.subject",
      "courses.description",
      "courses.grade_level",
      "schools.name as school_name",
      "schools.slug as school_slug",
      "schools.city as school_city",
      "schools.region_code as school_region",
    ])
    .executeTakeFirst();
  if (!course) return undefined;

  const [onlineCourses, studySessions] = await Promise.all([
    db()
      .selectFrom("online_courses")
      .innerJoin("online_course_courses", "online_course_courses.online_course_id", "online_courses.id")
      .where("online_course_courses.course_id", "=", course.id)
      // The page is the same for every visitor (and cached for guests): what a guest may see.
      .where(visibleTo(guestViewer))
      .select([
        "online_courses.id",
        "online_courses.slug",
        "online_courses.name",
        "online_courses.course_type",
        "online_courses.status",
        "online_courses.price_cents",
        "online_courses.regular_price_cents",
        "online_courses.currency",
      ])
      .orderBy("online_courses.name")
      .execute(),
    listUpcomingStudySessions({ now: new Date(), limit: 10, courseIds: [course.id] }),
  ]);
  return { course, onlineCourses, studySessions };
}
