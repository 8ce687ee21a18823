import type { ResourceDefinition } from "~/api/document";
import type { OnlineCourseUser } from "~/db/schema";
import type { CurriculumTree, TreeActivity, TreeChapter, TreeSection } from "~/online-courses/curriculum";
import type { OnlineCourseRow } from "~/online-courses/in-course.server";

/** Online courses and their curriculum, enrolments and progress in the API's document style (SPEC §3). */

export type OnlineCourseApiRow = Pick<
  OnlineCourseRow,
  | "id"
  | "name"
  | "slug"
  | "course_code"
  | "description"
  | "course_type"
  | "status"
  | "purchase_type"
  | "price_cents"
  | "regular_price_cents"
  | "currency"
  | "packages_config"
  | "read_access"
  | "instructor_id"
  | "school_id"
  | "updated_at"
> & { user_access_level: number };

export const onlineCourseResource = (chapterIds?: Map<number, number[]>): ResourceDefinition<OnlineCourseApiRow> => ({
  type: "onlineCourse",
  attributes: (course) => ({
    name: course.name,
    slug: course.slug,
    course_code: course.course_code,
    description: course.description,
    course_type: course.course_type,
    status: course.status,
    purchase_type: course.purchase_type,
    price: course.price_cents,
    regular_price: course.regular_price_cents,
    currency: course.currency,
    packages_config: {
      pro: course.packages_config.pro ? packageAttributes(course.packages_config.pro) : null,
      practice: course.packages_config.practice ? packageAttributes(course.packages_config.practice) : null,
    },
    read_access: course.read_access,
    user_access_level: course.user_access_level,
    updated_at: course.updated_at,
  }),
  relationships: (course) => ({
    instructor: { type: "user", id: course.instructor_id },
    school: { type: "school", id: course.school_id },
    ...(chapterIds ? { chapters: { type: "chapter", ids: chapterIds.get(course.id) ?? [] } } : {}),
  }),
});

function packageAttributes(config: { enabled: boolean; price_cents: number; regular_price_cents: number | null }) {
  return { enabled: config.enabled, price: config.price_cents, regular_price: config.regular_price_cents };
}

/**
 * Each chapter's, section's and activity's place among its siblings, counted from 0: what the
 * write endpoints take as `position`.
 */
export function curriculumPositions(tree: CurriculumTree): CurriculumPositions {
  const positions: CurriculumPositions = { chapter: new Map(), section: new Map(), activity: new Map() };
  tree.chapters.forEach((chapter, chapterIndex) => {
    positions.chapter.set(chapter.id, chapterIndex);
    chapter.sections.forEach((section, sectionIndex) => {
      positions.section.set(section.id, sectionIndex);
      section.activities.forEach((activity, activityIndex) => positions.activity.set(activity.id, activityIndex));
    });
  });
  return positions;
}

export interface CurriculumPositions {
  chapter: Map<number, number>;
  section: Map<number, number>;
  activity: Map<number, number>;
}

export const chapterResource = (onlineCourseId: number, withSections: boolean, positions?: CurriculumPositions): ResourceDefinition<TreeChapter> => ({
  type: "chapter",
  attributes: (chapter) => ({
    kind: chapter.kind,
    title: chapter.title,
    path: chapter.path,
    label: chapter.label,
    ...(positions ? { position: positions.chapter.get(chapter.id) ?? null } : {}),
  }),
  relationships: (chapter) => ({
    online_course: { type: "onlineCourse", id: onlineCourseId },
    ...(withSections ? { sections: { type: "section", ids: chapter.sections.map((section) => section.id) } } : {}),
  }),
});

export const sectionResource = (
  chapterId: (section: TreeSection) => number,
  withActivities: boolean,
  positions?: CurriculumPositions,
): ResourceDefinition<TreeSection> => ({
  type: "section",
  attributes: (section) => ({
    section_type: section.type,
    title: section.title,
    part: section.part,
    ...(positions ? { position: positions.section.get(section.id) ?? null } : {}),
  }),
  relationships: (section) => ({
    chapter: { type: "chapter", id: chapterId(section) },
    ...(withActivities ? { activities: { type: "onlineCourseActivity", ids: section.activities.map((activity) => activity.id) } } : {}),
  }),
});

/** An activity's place, type and whether the viewer may open it (with the reason when not). */
export const activityResource = (content?: Map<number, Record<string, unknown>>, positions?: CurriculumPositions): ResourceDefinition<TreeActivity> => ({
  type: "onlineCourseActivity",
  attributes: (activity) => ({
    activity_type: activity.type,
    title: activity.title,
    can_preview: activity.canPreview,
    duration: activity.durationSeconds,
    completed: activity.completed,
    locked: !activity.access.allowed,
    lock_reason: activity.access.allowed ? null : activity.access.reason,
    ...(positions ? { position: positions.activity.get(activity.id) ?? null } : {}),
    ...(content?.has(activity.id) ? { content: content.get(activity.id) } : {}),
  }),
  relationships: (activity) => ({
    chapter: { type: "chapter", id: activity.chapterId },
    section: { type: "section", id: activity.sectionId },
  }),
});

export const onlineCourseUserResource: ResourceDefinition<OnlineCourseUser> = {
  type: "onlineCourseUser",
  attributes: (row) => ({
    status: row.status,
    package_type: row.package_type,
    course_schedule_id: row.course_schedule_id,
    mcat_elite_515_info: { payment_status: row.elite_payment_status },
    extended_access_date: row.extended_access_date,
    expires_at: row.expires_at,
    view_time: row.view_time_seconds,
    updated_at: row.updated_at,
  }),
  relationships: (row) => ({
    user: { type: "user", id: row.user_id },
    online_course: { type: "onlineCourse", id: row.online_course_id },
  }),
};

export interface ProgressRow {
  id: number;
  online_course_id: number;
  current: number | null;
  view_time: number;
  completed: { activity_id: number; duration: number; chapter_id: number; section_id: number; assessment_id: number | null; completed_at: Date }[];
}

/** SPEC §3 progress {completed[{activity_id, duration, chapter_id, section_id, assessment_id, is_current}], current}. */
export const progressResource: ResourceDefinition<ProgressRow> = {
  type: "progress",
  attributes: (row) => ({
    current: row.current,
    view_time: row.view_time,
    completed: row.completed.map((entry) => ({ ...entry, is_current: entry.activity_id === row.current })),
  }),
  relationships: (row) => ({
    online_course_user: { type: "onlineCourseUser", id: row.id },
    online_course: { type: "onlineCourse", id: row.online_course_id },
  }),
};
