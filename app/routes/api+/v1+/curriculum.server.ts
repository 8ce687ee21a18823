import { can } from "~/accounts/policy/permissions";
import { toResource, type ApiDocument, type ResourceObject } from "~/api/document";
import { activityResource, chapterResource, curriculumPositions, sectionResource } from "~/api/resources/online-courses";
import type { Viewer } from "~/accounts/roles";
import { ApiError, type ApiErrorObject } from "~/api/errors";
import { notFound } from "~/api/handler.server";
import { db } from "~/db/db.server";
import type { OnlineCourse } from "~/db/schema";
import { editorSchema, type EditorCommand } from "~/online-courses/editor-forms";
import { applyEditorCommands, EditorError, findCourse, type EditorOutcome } from "~/online-courses/editor.server";
import { loadCourseForViewer, type CourseForViewer } from "~/online-courses/in-course.server";
import type { CurriculumLevel } from "~/online-courses/api.server";

/**
 * What the chapter, section and activity endpoints (and the course endpoint's writes) share:
 * reading a course as the viewer sees it (the access module decides every lock), the editor's
 * permission check, and turning the editor's refusals and input rules into API errors.
 */

/** The course as the viewer sees it, or 404 (unknown, hidden from them, or not readable). */
export async function courseAsSeenBy(viewer: Viewer, courseId: number, label = "online course"): Promise<CourseForViewer> {
  const loaded = await loadCourseForViewer(viewer, String(courseId));
  if (!loaded) notFound(label, String(courseId));
  return loaded;
}

/** A required positive id from the query string (the parent a list is filtered by), else 400. */
export function requiredIdParameter(url: URL, name: string): number {
  const value = url.searchParams.get(name);
  if (value === null || !/^[1-9]\d{0,8}$/.test(value)) {
    throw new ApiError(400, "invalid_parameter", `${name} must be given, as an id.`, { source: { parameter: name } });
  }
  return Number(value);
}

/**
 * The course a write is about, when the viewer may manage it: the editor's own check,
 * `can(viewer, "manage_online_course", course)`. Unknown → 404 (or 422 when the id came in the
 * body, `pointer` saying where); not theirs → 403.
 */
export async function requireManagedCourse(viewer: Viewer, courseId: number, pointer?: string): Promise<OnlineCourse> {
  const course = await findCourse(db(), courseId);
  if (!course) {
    if (pointer) throw new ApiError(422, "invalid_attribute", `${pointerLabel(pointer)}: there is no such online course.`, { source: { pointer } });
    notFound("online course", String(courseId));
  }
  if (!can(viewer, "manage_online_course", course)) {
    throw new ApiError(403, "forbidden", "Only the course's instructor, managers and admins may change this online course.");
  }
  return course;
}

/** The editor's refusals as API errors; anything else is rethrown. */
export function asApiError(error: unknown, root: string): unknown {
  if (!(error instanceof EditorError)) return error;
  if (error.status === 404) return new ApiError(404, "not_found", error.message);
  if (error.status === 409) return new ApiError(409, "conflict", error.message);
  const field = /^(\w+):/.exec(error.message)?.[1];
  return new ApiError(422, "invalid_attribute", error.message, field ? { source: { pointer: `/${root}/${field}` } } : {});
}

/**
 * Checks the commands with the editor's own input rules (the same messages its forms show);
 * a problem is 422 pointing at the body's field under `root`.
 */
export function editorCommands(root: string, inputs: readonly Record<string, unknown>[]): EditorCommand[] {
  const errors: ApiErrorObject[] = [];
  const commands: EditorCommand[] = [];
  for (const input of inputs) {
    const result = editorSchema.safeParse(input);
    if (result.success) {
      commands.push(result.data);
      continue;
    }
    for (const issue of result.error.issues) {
      const field = issue.path.join("/");
      errors.push({ status: "422", code: "invalid_attribute", detail: `${field}: ${issue.message}`, source: { pointer: `/${root}/${field}` } });
    }
  }
  if (errors.length) throw new ApiError(422, "invalid_attribute", errors[0]!.detail, { errors });
  return commands;
}

/** Runs the commands in one transaction of the editor; its refusals become API errors. */
export async function applyCommands(courseId: number, root: string, commands: readonly EditorCommand[]): Promise<EditorOutcome[]> {
  try {
    return await applyEditorCommands(db(), courseId, commands);
  } catch (error) {
    throw asApiError(error, root);
  }
}

/** A page of an in-memory list (the curriculum is loaded whole, since every lock depends on the whole tree). */
export function pageOf<T>(items: readonly T[], page: { offset: number; perPage: number }): T[] {
  return items.slice(page.offset, page.offset + page.perPage);
}

/** Refuses a PATCH that names nothing to change. */
export function requireSomeChange(root: string, body: Record<string, unknown>, fields: readonly string[]) {
  if (!fields.some((field) => body[field] !== undefined)) {
    throw new ApiError(422, "invalid_attribute", `Send at least one of ${fields.join(", ")}.`, { source: { pointer: `/${root}` } });
  }
}

function pointerLabel(pointer: string) {
  return pointer.split("/").filter(Boolean).pop() ?? pointer;
}

/**
 * A document of chapters, sections or activities as the viewer sees them, with `include`d
 * parents or children from the same tree (no further queries). Content only for the activities
 * in `content`, which the caller fills for open ones.
 */
export function curriculumDocument(
  loaded: CourseForViewer,
  level: CurriculumLevel,
  ids: readonly number[],
  include: ReadonlySet<string>,
  extras: { single?: boolean; meta?: Record<string, unknown>; content?: Map<number, Record<string, unknown>> } = {},
): ApiDocument {
  const { tree } = loaded;
  const positions = curriculumPositions(tree);
  const chapterOfSection = new Map(tree.chapters.flatMap((chapter) => chapter.sections.map((section) => [section.id, chapter.id] as const)));
  const sections = tree.chapters.flatMap((chapter) => chapter.sections);
  const chapterDefinition = chapterResource(loaded.course.id, true, positions);
  const sectionDefinition = sectionResource((section) => chapterOfSection.get(section.id)!, true, positions);
  const activityDefinition = activityResource(extras.content, positions);
  const wanted = new Set(ids);
  const included: ResourceObject[] = [];
  let data: ResourceObject[];
  if (level === "chapter") {
    const chapters = tree.chapters.filter((chapter) => wanted.has(chapter.id));
    data = chapters.map((chapter) => toResource(chapterDefinition, chapter));
    const ownSections = chapters.flatMap((chapter) => chapter.sections);
    if (include.has("sections")) included.push(...ownSections.map((section) => toResource(sectionDefinition, section)));
    if (include.has("activities")) included.push(...ownSections.flatMap((section) => section.activities).map((activity) => toResource(activityResource(undefined, positions), activity)));
  } else if (level === "section") {
    const own = sections.filter((section) => wanted.has(section.id));
    data = own.map((section) => toResource(sectionDefinition, section));
    if (include.has("chapter")) {
      const parents = new Set(own.map((section) => chapterOfSection.get(section.id)));
      included.push(...tree.chapters.filter((chapter) => parents.has(chapter.id)).map((chapter) => toResource(chapterDefinition, chapter)));
    }
    if (include.has("activities")) included.push(...own.flatMap((section) => section.activities).map((activity) => toResource(activityResource(undefined, positions), activity)));
  } else {
    const own = tree.activities.filter((activity) => wanted.has(activity.id));
    data = own.map((activity) => toResource(activityDefinition, activity));
    if (include.has("chapter")) {
      const parents = new Set(own.map((activity) => activity.chapterId));
      included.push(...tree.chapters.filter((chapter) => parents.has(chapter.id)).map((chapter) => toResource(chapterDefinition, chapter)));
    }
    if (include.has("section")) {
      const parents = new Set(own.map((activity) => activity.sectionId));
      included.push(...sections.filter((section) => parents.has(section.id)).map((section) => toResource(sectionDefinition, section)));
    }
  }
  const document: ApiDocument = { data: extras.single ? (data[0] ?? null) : data };
  if (include.size > 0) document.included = included;
  if (extras.meta) document.meta = extras.meta;
  return document;
}
