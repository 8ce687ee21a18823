import { sql } from "kysely";
import { AccessLevel, type Viewer } from "~/accounts/roles";
import type { OnlineCourseApiRow, ProgressRow } from "~/api/resources/online-courses";
import { db } from "~/db/db.server";
import { courseAccessLevel, courseFactsOf } from "~/online-courses/access";
import { enrolmentFacts } from "~/online-courses/enrolments.server";
import type { CourseForViewer } from "~/online-courses/in-course.server";
import { visibleTo } from "~/online-courses/visibility.server";

/** Queries behind /api/v1 online courses, enrolments and progress; each list is filtered and paged in SQL. */

const COURSE_COLUMNS = [
  "online_courses.id",
  "online_courses.name",
  "online_courses.slug",
  "online_courses.course_code",
  "online_courses.description",
  "online_courses.course_type",
  "online_courses.status",
  "online_courses.purchase_type",
  "online_courses.price_cents",
  "online_courses.regular_price_cents",
  "online_courses.currency",
  "online_courses.packages_config",
  "online_courses.read_access",
  "online_courses.instructor_id",
  "online_courses.school_id",
  "online_courses.instructor_intro",
  "online_courses.updated_at",
] as const;

/** The courses the viewer may see, a page at a time, each with the viewer's access level; three queries. */
export async function listVisibleCourses(viewer: Viewer, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    db()
      .selectFrom("online_courses")
      .select(COURSE_COLUMNS)
      .where(visibleTo(viewer))
      .orderBy("online_courses.name")
      .orderBy("online_courses.id")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db().selectFrom("online_courses").where(visibleTo(viewer)).select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
  ]);
  const enrolments =
    viewer.id === null || rows.length === 0
      ? []
      : await db()
          .selectFrom("online_course_users")
          .selectAll()
          .where("user_id", "=", viewer.id)
          .where(
            "online_course_id",
            "in",
            rows.map((row) => row.id),
          )
          .execute();
  const byCourse = new Map(enrolments.map((row) => [row.online_course_id, row]));
  const courses: OnlineCourseApiRow[] = rows.map((row) => ({
    ...row,
    user_access_level: courseAccessLevel(viewer, courseFactsOf(row), enrolmentFacts(byCourse.get(row.id))),
  }));
  return { courses, total: count.n };
}

export function apiCourseRow(loaded: CourseForViewer): OnlineCourseApiRow {
  return { ...loaded.course, user_access_level: loaded.access.accessLevel };
}

/** The online course an activity belongs to (to ask the access module about it). */
export async function courseOfActivity(activityId: number) {
  const row = await db()
    .selectFrom("activities")
    .innerJoin("sections", "sections.id", "activities.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .where("activities.id", "=", activityId)
    .select(["chapters.online_course_id", "activities.content"])
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Enrolments a viewer may list: their own; with `onlineCourseId`, a course's instructor,
 * managers and admins (access level EDIT and above) see every enrolment of that course.
 */
export async function listEnrolments(viewer: Viewer, filter: { onlineCourseId: number | null; accessLevel: number | null }, page: { offset: number; limit: number }) {
  const canSeeAll = filter.onlineCourseId !== null && filter.accessLevel !== null && filter.accessLevel >= AccessLevel.EDIT;
  let query = db().selectFrom("online_course_users");
  if (!canSeeAll) query = query.where("online_course_users.user_id", "=", viewer.id ?? -1);
  if (filter.onlineCourseId !== null) query = query.where("online_course_users.online_course_id", "=", filter.onlineCourseId);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy("online_course_users.updated_at", "desc").orderBy("online_course_users.id").offset(page.offset).limit(page.limit).execute(),
    query.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { enrolments: rows, total: count.n };
}

/** Courses by id, each with the viewer's access level, for `include=online_course`. */
export async function coursesByIds(viewer: Viewer, ids: number[]): Promise<OnlineCourseApiRow[]> {
  if (ids.length === 0) return [];
  const [rows, enrolments] = await Promise.all([
    db().selectFrom("online_courses").select(COURSE_COLUMNS).where("online_courses.id", "in", ids).where(visibleTo(viewer)).execute(),
    viewer.id === null
      ? Promise.resolve([])
      : db().selectFrom("online_course_users").selectAll().where("user_id", "=", viewer.id).where("online_course_id", "in", ids).execute(),
  ]);
  const byCourse = new Map(enrolments.map((row) => [row.online_course_id, row]));
  return rows.map((row) => ({ ...row, user_access_level: courseAccessLevel(viewer, courseFactsOf(row), enrolmentFacts(byCourse.get(row.id))) }));
}

/** The progress of one enrolment (SPEC §3), in one query. */
export async function progressOf(enrolment: { id: number; online_course_id: number; current_activity_id: number | null; view_time_seconds: number }): Promise<ProgressRow> {
  const completed = await db()
    .selectFrom("activity_completions")
    .where("online_course_user_id", "=", enrolment.id)
    .select([
      "activity_id",
      "duration_seconds as duration",
      "chapter_id",
      "section_id",
      "assessment_id",
      "completed_at",
    ])
    .orderBy("completed_at")
    .orderBy("id")
    .execute();
  return {
    id: enrolment.id,
    online_course_id: enrolment.online_course_id,
    current: enrolment.current_activity_id,
    view_time: enrolment.view_time_seconds,
    completed,
  };
}

export type CurriculumLevel = "chapter" | "section" | "activity";

/** An item with its course and its editable fields, in one query; undefined when there is none. */
export async function findCurriculumItem(level: CurriculumLevel, id: number) {
  if (level === "chapter") {
    const row = await db().selectFrom("chapters").select(["online_course_id", "title", "kind"]).where("id", "=", id).executeTakeFirst();
    return row && { level, courseId: row.online_course_id, title: row.title, kind: row.kind };
  }
  if (level === "section") {
    const row = await db()
      .selectFrom("sections")
      .innerJoin("chapters", "chapters.id", "sections.chapter_id")
      .select(["chapters.online_course_id", "sections.title", "sections.section_type"])
      .where("sections.id", "=", id)
      .executeTakeFirst();
    return row && { level, courseId: row.online_course_id, title: row.title, section_type: row.section_type };
  }
  const row = await db()
    .selectFrom("activities")
    .innerJoin("sections", "sections.id", "activities.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .select(["chapters.online_course_id", "activities.title", "activities.activity_type", "activities.can_preview", "activities.content"])
    .where("activities.id", "=", id)
    .executeTakeFirst();
  return row && { level, courseId: row.online_course_id, title: row.title, activity_type: row.activity_type, can_preview: row.can_preview, content: row.content };
}
