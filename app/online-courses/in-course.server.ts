import { sql } from "kysely";
import type { Viewer } from "~/accounts/roles";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import { statement } from "~/db/statement.server";
import type { OnlineCourseUser } from "~/db/schema";
import {
  canSeeCourse,
  courseAccessLevel,
  courseFactsOf,
  type AccessInput,
  type SubscriptionFacts,
} from "~/online-courses/access";
import { buildCurriculum, neighbours, type CurriculumRow, type CurriculumTree, type TreeActivity } from "~/online-courses/curriculum";
import { enrolmentFacts } from "~/online-courses/enrolments.server";
import { cachedActivityContent, cachedOutlineRows } from "~/online-courses/outline-cache.server";
import { subscriptionFactsFor } from "~/subscriptions/subscriptions.server";

/**
 * Loads an online course as one viewer sees it, in a fixed number of queries whatever the
 * course's size: the course (with its instructor and content version) together with the
 * viewer's enrolment and its completed activities, then — unless this process holds the
 * outline of that content version already — the whole curriculum.
 */

const NUMERIC_ID = /^[1-9]\d{0,9}$/;

/** The course row with its instructor's public name, where `column` is `value`. */
function courseWithInstructorQuery(column: "online_courses.id" | "online_courses.slug", value: number | string) {
  return db()
    .selectFrom("online_courses")
    .leftJoin("users as instructor", "instructor.id", "online_courses.instructor_id")
    .selectAll("online_courses")
    .select([
      sql<string | null>`coalesce(nullif(instructor.display_name, ''), nullif(trim(instructor.first_name || ' ' || instructor.last_name), ''))`.as("instructor_name"),
      "instructor.bio as instructor_bio",
    ])
    .where(column, "=", value);
}

function courseWithInstructor(column: "online_courses.id" | "online_courses.slug") {
  return statement((values: { idOrSlug: number | string }) => courseWithInstructorQuery(column, values.idOrSlug));
}

const courseById = courseWithInstructor("online_courses.id");
const courseBySlug = courseWithInstructor("online_courses.slug");

const isCourseId = (idOrSlug: string) => NUMERIC_ID.test(idOrSlug) && Number(idOrSlug) <= 2_147_483_647;

/** The course row with its instructor's public name, by id or slug; undefined when there is none. */
export async function findOnlineCourse(idOrSlug: string, executor: Executor = db()) {
  return isCourseId(idOrSlug) ? courseById.executeTakeFirst({ idOrSlug: Number(idOrSlug) }, executor) : courseBySlug.executeTakeFirst({ idOrSlug }, executor);
}

export type OnlineCourseRow = NonNullable<Awaited<ReturnType<typeof findOnlineCourse>>>;

/** Every chapter, section and activity of a course in one query (left joins keep empty chapters and sections). */
export function curriculumRows(onlineCourseId: number, executor: Executor = db()): Promise<CurriculumRow[]> {
  return executor
    .selectFrom("chapters")
    .leftJoin("sections", "sections.chapter_id", "chapters.id")
    .leftJoin("activities", "activities.section_id", "sections.id")
    .where("chapters.online_course_id", "=", onlineCourseId)
    .select([
      "chapters.id as chapter_id",
      "chapters.kind as chapter_kind",
      "chapters.position as chapter_position",
      "chapters.title as chapter_title",
      "sections.id as section_id",
      "sections.section_type as section_type",
      "sections.position as section_position",
      "sections.title as section_title",
      "activities.id as activity_id",
      "activities.activity_type as activity_type",
      "activities.position as activity_position",
      "activities.title as activity_title",
      "activities.can_preview as can_preview",
      "activities.duration_seconds as duration_seconds",
    ])
    .orderBy("chapters.position")
    .orderBy("sections.position")
    .orderBy("activities.position")
    .execute() as Promise<CurriculumRow[]>;
}

/** Every column of an enrolment: the compiler holds this list to the table's. */
const ENROLMENT_COLUMNS = Object.keys({
  id: true,
  user_id: true,
  online_course_id: true,
  status: true,
  package_type: true,
  course_schedule_id: true,
  elite_payment_status: true,
  extended_access_date: true,
  expires_at: true,
  current_activity_id: true,
  view_time_seconds: true,
  created_at: true,
  updated_at: true,
} satisfies Record<keyof OnlineCourseUser, true>) as (keyof OnlineCourseUser)[];
const ENROLMENT_PREFIX = "enrolment__";

/**
 * The course with its instructor and, in the same row, the viewer's enrolment in it (its columns
 * prefixed, null for a guest or someone not enrolled) with the ids of the activities it has
 * completed: one round trip for what every in-course page reads first.
 */
function courseWithEnrolment(column: "online_courses.id" | "online_courses.slug") {
  return statement((values: { idOrSlug: number | string; userId: number | null }) =>
    courseWithInstructorQuery(column, values.idOrSlug)
      .leftJoin("online_course_users as enrolment", (join) => join.onRef("enrolment.online_course_id", "=", "online_courses.id").on("enrolment.user_id", "=", values.userId))
      .select(ENROLMENT_COLUMNS.map((name) => sql.ref<unknown>(`enrolment.${name}`).as(`${ENROLMENT_PREFIX}${name}`)))
      .select(sql<number[]>`coalesce((select json_agg(activity_completions.activity_id) from activity_completions where activity_completions.online_course_user_id = enrolment.id), '[]'::json)`.as("completed_activity_ids")),
  );
}

const courseWithEnrolmentById = courseWithEnrolment("online_courses.id");
const courseWithEnrolmentBySlug = courseWithEnrolment("online_courses.slug");

async function findCourseWithEnrolment(idOrSlug: string, userId: number | null) {
  const row = isCourseId(idOrSlug) ? await courseWithEnrolmentById.executeTakeFirst({ idOrSlug: Number(idOrSlug), userId }) : await courseWithEnrolmentBySlug.executeTakeFirst({ idOrSlug, userId });
  if (!row) return undefined;
  const course: Record<string, unknown> = {};
  const enrolment: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    if (name.startsWith(ENROLMENT_PREFIX)) enrolment[name.slice(ENROLMENT_PREFIX.length)] = value;
    else if (name !== "completed_activity_ids") course[name] = value;
  }
  return { course: course as OnlineCourseRow, enrolment: enrolment.id === null ? undefined : (enrolment as unknown as OnlineCourseUser), completedIds: row.completed_activity_ids };
}

export interface CourseForViewer {
  course: OnlineCourseRow;
  enrolment: OnlineCourseUser | null;
  access: AccessInput;
  tree: CurriculumTree;
}

/**
 * The course as the viewer sees it; null when it does not exist or the viewer may not see it
 * (hidden courses, read access): both answer 404, so hidden courses stay invisible.
 */
export async function loadCourseForViewer(
  viewer: Viewer,
  idOrSlug: string,
  options: { subscription?: SubscriptionFacts | null; now?: Date } = {},
): Promise<CourseForViewer | null> {
  const found = await findCourseWithEnrolment(idOrSlug, viewer.id);
  if (!found) return null;
  const { course, enrolment, completedIds } = found;
  // Subscription and bundle courses open with a subscription (SPEC §5): the viewer's best one.
  const needsSubscription = course.purchase_type !== "standard" && viewer.id !== null && options.subscription === undefined;
  const [rows, subscription] = await Promise.all([
    cachedOutlineRows(db(), course, () => curriculumRows(course.id)),
    needsSubscription ? subscriptionFactsFor(viewer.id, options.now ?? new Date()) : Promise.resolve(options.subscription ?? null),
  ]);
  const facts = courseFactsOf(course);
  const enrolmentFact = enrolmentFacts(enrolment);
  const accessLevel = courseAccessLevel(viewer, facts, enrolmentFact);
  if (!canSeeCourse(accessLevel)) return null;
  const access: AccessInput = {
    viewer,
    course: facts,
    enrolment: enrolmentFact,
    subscription,
    accessLevel,
    now: options.now ?? new Date(),
  };
  const tree = buildCurriculum(rows, { completed: new Set(completedIds), access });
  return { course, enrolment: enrolment ?? null, access, tree };
}

/** Where an enrolled learner's progress is recorded when an activity of theirs is completed by answers; null when not enrolled. */
export function progressOf(loaded: CourseForViewer, activity: TreeActivity) {
  if (!loaded.enrolment) return null;
  const place = { activityId: activity.id, chapterId: activity.chapterId, sectionId: activity.sectionId };
  return { id: loaded.enrolment.id, place, nextId: neighbours(loaded.tree, activity.id).next?.id ?? null };
}

/** An activity's own content (the tree carries only titles), for an activity of this course. */
export async function activityContent(activityId: number, executor: Executor = db()) {
  const row = await contentOfActivity.executeTakeFirst({ activityId }, executor);
  return row?.content ?? null;
}

/** An activity's content on the course's own pages: held per content version, like the outline. */
export function courseActivityContent(loaded: Pick<CourseForViewer, "course">, activityId: number) {
  return cachedActivityContent(db(), loaded.course, activityId, () => activityContent(activityId));
}

const contentOfActivity = statement((values: { activityId: number }) => db().selectFrom("activities").select(["id", "content"]).where("id", "=", values.activityId));
