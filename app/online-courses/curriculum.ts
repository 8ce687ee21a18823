import type { ActivityType, ChaptersTable } from "~/db/schema";
import { itemAccess, lockExplanation, type AccessInput, type Decision, type ItemFacts } from "~/online-courses/access";
import { isAssessment, isPracticeType } from "~/online-courses/activity-types";

/**
 * The curriculum tree of an online course (SPEC §2): intro, chapter/{n} and mock-exam/{n}, each
 * with its core sections, its checkpoint quiz and its additional practice; where every activity
 * is opened; the order previous/next follows; and which items are locked and why. Pure: the
 * server builds it from one query's rows, and pages only render it.
 */

/** One row of the curriculum query: a section of a chapter with one of its activities (or none). */
export interface CurriculumRow {
  chapter_id: number;
  chapter_kind: ChaptersTable["kind"];
  chapter_position: number;
  chapter_title: string;
  section_id: number | null;
  section_type: "core" | "additional" | null;
  section_position: number | null;
  section_title: string | null;
  activity_id: number | null;
  activity_type: ActivityType | null;
  activity_position: number | null;
  activity_title: string | null;
  can_preview: boolean | null;
  duration_seconds: number | null;
}

/** The three parts of a chapter page. */
export type ChapterPart = "core" | "checkpoint-quiz" | "additional-practice";
export const CHAPTER_PARTS: readonly ChapterPart[] = ["core", "checkpoint-quiz", "additional-practice"];
export const PART_LABELS: Record<ChapterPart, string> = {
  core: "Lessons",
  "checkpoint-quiz": "Checkpoint quiz",
  "additional-practice": "Additional practice",
};

export interface TreeActivity {
  id: number;
  type: ActivityType;
  title: string;
  canPreview: boolean;
  durationSeconds: number;
  chapterId: number;
  sectionId: number;
  /** Where the activity opens, relative to the course's in-course base path. */
  href: string;
  completed: boolean;
  access: Decision;
}

export interface TreeSection {
  id: number;
  type: "core" | "additional";
  title: string;
  part: ChapterPart;
  activities: TreeActivity[];
}

export interface TreeChapter {
  id: number;
  kind: ChaptersTable["kind"];
  title: string;
  /** "intro", "chapter/3", "mock-exam/1". */
  path: string;
  /** "Introduction", "Chapter 3", "Mock exam 1". */
  label: string;
  sections: TreeSection[];
}

export interface CurriculumTree {
  chapters: TreeChapter[];
  /** Every activity in curriculum order (what previous/next walks). */
  activities: TreeActivity[];
  completedCount: number;
  /** Whole percent of activities completed, 0–100. */
  percent: number;
}

// Which types are assessments is decided with the rest of each type's facts (activity-types.ts).
export { isAssessment };

/** Which part of its chapter a section belongs to. */
export function sectionPart(section: { type: "core" | "additional"; activityTypes: readonly ActivityType[] }): ChapterPart {
  if (section.type === "additional") return "additional-practice";
  return section.activityTypes.includes("checkpoint_quiz") ? "checkpoint-quiz" : "core";
}

/** Whether practice mode lists an activity: one of a practice type in any part, and everything in a chapter's additional practice. */
export function listedInPracticeMode(type: ActivityType, part: ChapterPart): boolean {
  return part === "additional-practice" || isPracticeType(type);
}

/** Where an activity opens: assessments, mocks and flash cards have their own paths; lessons open in their chapter part. */
export function activityPath(activity: { id: number; type: ActivityType }, chapterPath: string, part: ChapterPart): string {
  if (isAssessment(activity.type)) return `assessments/${activity.id}`;
  if (activity.type === "mock_exam") return `mocks/${activity.id}`;
  if (activity.type === "flash_card_deck") return `flash-cards/${activity.id}`;
  return `${chapterPath}${part === "core" ? "" : `/${part}`}?activity=${activity.id}`;
}

/**
 * Builds the tree from rows in any order. `completed` is the set of activity ids done; `access`
 * the viewer's access input (every item asks the access module); `granted` the activity ids
 * granted for preview.
 */
export function buildCurriculum(
  rows: readonly CurriculumRow[],
  options: { completed: ReadonlySet<number>; access: AccessInput; granted?: readonly number[] },
): CurriculumTree {
  const sorted = [...rows].sort(
    (a, b) =>
      a.chapter_position - b.chapter_position ||
      (a.section_position ?? -1) - (b.section_position ?? -1) ||
      (a.activity_position ?? -1) - (b.activity_position ?? -1),
  );
  const chapters: TreeChapter[] = [];
  const chapterById = new Map<number, TreeChapter>();
  const sectionById = new Map<number, { section: TreeSection; rows: CurriculumRow[] }>();
  const counters = { chapter: 0, mock_exam: 0, intro: 0 };
  for (const row of sorted) {
    let chapter = chapterById.get(row.chapter_id);
    if (!chapter) {
      counters[row.chapter_kind] += 1;
      const n = counters[row.chapter_kind];
      const { path, label } =
        row.chapter_kind === "intro"
          ? n === 1
            ? { path: "intro", label: "Introduction" }
            : { path: `intro/${n}`, label: `Introduction ${n}` }
          : row.chapter_kind === "chapter"
            ? { path: `chapter/${n}`, label: `Chapter ${n}` }
            : { path: `mock-exam/${n}`, label: `Mock exam ${n}` };
      chapter = { id: row.chapter_id, kind: row.chapter_kind, title: row.chapter_title, path, label, sections: [] };
      chapterById.set(row.chapter_id, chapter);
      chapters.push(chapter);
    }
    if (row.section_id === null) continue;
    let entry = sectionById.get(row.section_id);
    if (!entry) {
      entry = {
        section: { id: row.section_id, type: row.section_type ?? "core", title: row.section_title ?? "", part: "core", activities: [] },
        rows: [],
      };
      sectionById.set(row.section_id, entry);
      chapter.sections.push(entry.section);
    }
    if (row.activity_id !== null) entry.rows.push(row);
  }

  const activities: TreeActivity[] = [];
  for (const chapter of chapters) {
    for (const section of chapter.sections) {
      const sectionRows = sectionById.get(section.id)!.rows;
      section.part = sectionPart({ type: section.type, activityTypes: sectionRows.map((row) => row.activity_type!) });
    }
    // Curriculum order within a chapter: its lessons, then its checkpoint, then its practice.
    chapter.sections.sort((a, b) => CHAPTER_PARTS.indexOf(a.part) - CHAPTER_PARTS.indexOf(b.part));
    for (const section of chapter.sections) {
      for (const row of sectionById.get(section.id)!.rows) {
        const type = row.activity_type!;
        const item: ItemFacts = {
          activityId: row.activity_id!,
          chapterKind: chapter.kind,
          sectionType: section.type,
          canPreview: row.can_preview ?? false,
        };
        const activity: TreeActivity = {
          id: row.activity_id!,
          type,
          title: row.activity_title ?? "",
          canPreview: row.can_preview ?? false,
          durationSeconds: row.duration_seconds ?? 0,
          chapterId: chapter.id,
          sectionId: section.id,
          href: activityPath({ id: row.activity_id!, type }, chapter.path, section.part),
          completed: options.completed.has(row.activity_id!),
          access: itemAccess(options.access, item, options.granted),
        };
        section.activities.push(activity);
        activities.push(activity);
      }
    }
  }
  const completedCount = activities.filter((activity) => activity.completed).length;
  return { chapters, activities, completedCount, percent: progressPercent(completedCount, activities.length) };
}

/** Whole percent done; 0 for an empty course, 100 only when everything is done. */
export function progressPercent(completed: number, total: number): number {
  if (total <= 0 || completed <= 0) return 0;
  if (completed >= total) return 100;
  return Math.min(99, Math.floor((completed / total) * 100));
}

/** "Chapter 3: Derivatives"; just "Introduction" when the title says no more than the label. */
export function chapterHeading(chapter: Pick<TreeChapter, "label" | "title">): string {
  return chapter.title.trim().toLowerCase() === chapter.label.toLowerCase() ? chapter.label : `${chapter.label}: ${chapter.title}`;
}

/** The activities before and after one, in curriculum order. */
export function neighbours(tree: Pick<CurriculumTree, "activities">, activityId: number): { previous: TreeActivity | null; next: TreeActivity | null } {
  const index = tree.activities.findIndex((activity) => activity.id === activityId);
  if (index < 0) return { previous: null, next: null };
  return { previous: tree.activities[index - 1] ?? null, next: tree.activities[index + 1] ?? null };
}

/**
 * The activity `?resume=true` opens: the enrolment's current one when it is still in the course,
 * else the first one not completed, else the first one.
 */
export function resumeActivity(tree: Pick<CurriculumTree, "activities">, currentActivityId: number | null): TreeActivity | null {
  const current = currentActivityId === null ? undefined : tree.activities.find((activity) => activity.id === currentActivityId);
  return current ?? tree.activities.find((activity) => !activity.completed) ?? tree.activities[0] ?? null;
}

/** Why an item is locked and what to do about it, for display; null when it is open. */
export function lockNotice(activity: Pick<TreeActivity, "access">, courseId: number) {
  return activity.access.allowed ? null : { reason: activity.access.reason, ...lockExplanation(activity.access.reason, courseId) };
}

// ── Paths under /in-course-experience/{idOrSlug} ─────────────────────────────────────────────

/** Where a course's in-course experience starts: activity hrefs are relative to it. */
export const inCourseBase = (slug: string) => `/in-course-experience/${slug}`;

export type InCourseView =
  | { kind: "tree" }
  | { kind: "chapter"; path: string; part: ChapterPart }
  | { kind: "assessment"; activityId: number }
  | { kind: "mock"; activityId: number }
  | { kind: "flash-cards"; activityId: number }
  | { kind: "on-demand" }
  | { kind: "grade-boosters" };

const POSITIVE = /^[1-9]\d{0,8}$/;

/** Reads the path after /in-course-experience/{idOrSlug}/; null when it names nothing. */
export function parseInCoursePath(rest: string): InCourseView | null {
  const parts = rest.split("/").filter((part) => part !== "");
  if (parts.length === 0) return { kind: "tree" };
  const [head, second, third, ...extra] = parts;
  if (extra.length > 0) return null;
  const part = (value: string | undefined): ChapterPart | null =>
    value === undefined ? "core" : value === "checkpoint-quiz" || value === "additional-practice" ? value : null;
  if (head === "intro") {
    if (third !== undefined) return null;
    const chapterPart = part(second);
    return chapterPart ? { kind: "chapter", path: "intro", part: chapterPart } : null;
  }
  if (head === "chapter" || head === "mock-exam") {
    if (!second || !POSITIVE.test(second)) return null;
    const chapterPart = part(third);
    return chapterPart ? { kind: "chapter", path: `${head}/${Number(second)}`, part: chapterPart } : null;
  }
  if (third !== undefined) return null;
  if ((head === "on-demand" || head === "grade-boosters") && second === undefined) return { kind: head };
  if (second === undefined || !POSITIVE.test(second)) return null;
  const activityId = Number(second);
  if (head === "assessments") return { kind: "assessment", activityId };
  if (head === "mocks") return { kind: "mock", activityId };
  if (head === "flash-cards") return { kind: "flash-cards", activityId };
  return null;
}

/** How many lessons a curriculum search lists at most. */
export const CURRICULUM_SEARCH_LIMIT = 200;

/**
 * The course's activities whose title holds the query, ignoring case, in curriculum order. The
 * tree is already in memory (held per content version), so searching it costs no query.
 */
export function searchActivities(tree: { activities: readonly TreeActivity[] }, query: string): TreeActivity[] {
  const needle = query.trim().toLowerCase();
  if (needle === "") return [];
  return tree.activities.filter((activity) => activity.title.toLowerCase().includes(needle)).slice(0, CURRICULUM_SEARCH_LIMIT);
}
