import { z } from "zod";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import type { RouteId } from "~/accounts/policy/route-rules";
import type { Viewer } from "~/accounts/roles";
import { viewerFor } from "~/accounts/session.server";
import { paginationMeta } from "~/api/document";
import { ApiError } from "~/api/errors";
import {
  applyCommands,
  courseAsSeenBy,
  curriculumDocument,
  editorCommands,
  pageOf,
  requiredIdParameter,
  requireManagedCourse,
  requireSomeChange,
} from "~/routes/api+/v1+/curriculum.server";
import { apiResponse, handleApi, methodNotAllowed, notFound, parseId, parseInclude, parsePage, readJsonBody } from "~/api/handler.server";
import { lockExplanation } from "~/online-courses/access";
import { findCurriculumItem, type CurriculumLevel } from "~/online-courses/api.server";

/**
 * GET, POST, PATCH and DELETE of /api/v1/online_course_chapters, _sections and _activities.
 * Reads show the curriculum as the in-course pages do (the access module decides every lock;
 * an activity's content only when it is open). Writes are the course editor's commands, checked
 * by its input rules and applied in its transactions, for whoever may manage the course.
 */

interface LevelConfig {
  level: CurriculumLevel;
  /** The body's top-level key, e.g. "online_course_chapter". */
  root: string;
  path: string;
  /** The list filter and the create body's parent field. */
  parent: "online_course_id" | "chapter_id" | "section_id";
  include: readonly string[];
  /** Fields a PATCH may send besides `position`. */
  editable: readonly string[];
}

export const LEVELS: Record<CurriculumLevel, LevelConfig> = {
  chapter: {
    level: "chapter",
    root: "online_course_chapter",
    path: "online_course_chapters",
    parent: "online_course_id",
    include: ["sections", "activities"],
    editable: ["title", "kind"],
  },
  section: {
    level: "section",
    root: "online_course_section",
    path: "online_course_sections",
    parent: "chapter_id",
    include: ["chapter", "activities"],
    editable: ["title", "section_type"],
  },
  activity: {
    level: "activity",
    root: "online_course_activity",
    path: "online_course_activities",
    parent: "section_id",
    include: ["chapter", "section"],
    editable: ["title", "activity_type", "can_preview"],
  },
};

const PARENT_LEVEL = { online_course_id: null, chapter_id: "chapter", section_id: "section" } as const;

// JSON types only; the editor's schema then applies its own rules and messages.
const attributes = {
  title: z.string().optional(),
  kind: z.string().optional(),
  section_type: z.string().optional(),
  activity_type: z.string().optional(),
  can_preview: z.boolean().optional(),
  position: z.number().int().optional(),
};
const parentId = z.number().int().positive().max(2_147_483_647);

function createSchema(config: LevelConfig) {
  const fields = Object.fromEntries(["title", ...config.editable, "position"].map((name) => [name, attributes[name as keyof typeof attributes]]));
  return z.object({ [config.root]: z.strictObject({ [config.parent]: parentId, ...fields }) });
}

function patchSchema(config: LevelConfig) {
  const fields = Object.fromEntries([...config.editable, "position"].map((name) => [name, attributes[name as keyof typeof attributes]]));
  return z.object({ [config.root]: z.strictObject(fields) });
}

/** GET /api/v1/{level}s?{parent}=…&page&per_page&include: the parent's items in curriculum order. */
export function listLoader(config: LevelConfig, route: RouteId) {
  return async (request: Request) =>
    handleApi(async () => {
      const viewer = viewerFor(await requireRouteAccess(request, route));
      const url = new URL(request.url);
      const page = parsePage(url);
      const include = parseInclude(url, config.include);
      const parent = requiredIdParameter(url, config.parent);
      const parentLevel = PARENT_LEVEL[config.parent];
      let courseId = parent;
      if (parentLevel) {
        const item = await findCurriculumItem(parentLevel, parent);
        if (!item) notFound(parentLevel, String(parent));
        courseId = item.courseId;
      }
      const loaded = await courseAsSeenBy(viewer, courseId, parentLevel ?? "online course");
      const { tree } = loaded;
      const ids =
        config.level === "chapter"
          ? tree.chapters.map((chapter) => chapter.id)
          : config.level === "section"
            ? (tree.chapters.find((chapter) => chapter.id === parent)?.sections.map((section) => section.id) ?? [])
            : tree.activities.filter((activity) => activity.sectionId === parent).map((activity) => activity.id);
      const shown = pageOf(ids, page);
      return apiResponse(curriculumDocument(loaded, config.level, shown, include, { meta: paginationMeta(page.page, page.perPage, ids.length) }));
    });
}

/** GET /api/v1/{level}s/{id}?include: one item; an activity's content only when the access module opens it. */
export function memberLoader(config: LevelConfig, route: RouteId) {
  return async (request: Request, idParam: string | undefined) =>
    handleApi(async () => {
      const viewer = viewerFor(await requireRouteAccess(request, route));
      const include = parseInclude(new URL(request.url), config.include);
      const id = parseId(idParam, config.level);
      const item = await findCurriculumItem(config.level, id);
      if (!item) notFound(config.level, idParam);
      const loaded = await courseAsSeenBy(viewer, item.courseId, config.level);
      if (config.level !== "activity") return apiResponse(curriculumDocument(loaded, config.level, [id], include, { single: true }));
      const activity = loaded.tree.activities.find((candidate) => candidate.id === id);
      if (!activity) notFound(config.level, idParam);
      if (activity.access.allowed) {
        const content = ("content" in item ? item.content : undefined) ?? {};
        return apiResponse(curriculumDocument(loaded, "activity", [id], include, { single: true, content: new Map([[id, content]]) }));
      }
      const explanation = activity.access.allowed ? null : lockExplanation(activity.access.reason, loaded.course.id);
      return apiResponse(
        curriculumDocument(loaded, "activity", [id], include, {
          single: true,
          meta: explanation ? { lock: { reason: activity.access.allowed ? null : activity.access.reason, message: explanation.message, action: explanation.action } } : undefined,
        }),
      );
    });
}

async function answerWithItem(viewer: Viewer, config: LevelConfig, courseId: number, id: number, status: number) {
  const loaded = await courseAsSeenBy(viewer, courseId);
  const headers = status === 201 ? { Location: `/api/v1/${config.path}/${id}` } : undefined;
  return apiResponse(curriculumDocument(loaded, config.level, [id], new Set(), { single: true }), { status, headers });
}

/** POST /api/v1/{level}s {root: {parent id, title, …, position?}}: adds the item (at the end, or at `position`). */
export function createAction(config: LevelConfig, route: RouteId) {
  return async (request: Request) =>
    handleApi(async () => {
      const session = (await requireMutationAccess(request, route))!;
      if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
      const viewer = viewerFor(session);
      const body = (await readJsonBody(request, createSchema(config)))[config.root] as Record<string, unknown>;
      const parent = body[config.parent] as number;
      const pointer = `/${config.root}/${config.parent}`;
      const parentLevel = PARENT_LEVEL[config.parent];
      let courseId = parent;
      if (parentLevel) {
        const item = await findCurriculumItem(parentLevel, parent);
        if (!item) throw unknownParent(config, parentLevel, pointer);
        courseId = item.courseId;
      }
      await requireManagedCourse(viewer, courseId, pointer);
      const { online_course_id: _course, ...fields } = body;
      const defaults = config.level === "chapter" ? { kind: "chapter" } : config.level === "section" ? { section_type: "core" } : {};
      const [command] = editorCommands(config.root, [{ ...defaults, ...fields, intent: `add-${config.level}` }]);
      const [outcome] = await applyCommands(courseId, config.root, [command!]);
      return answerWithItem(viewer, config, courseId, outcome!.id!, 201);
    });
}

function unknownParent(config: LevelConfig, parentLevel: string, pointer: string) {
  return new ApiError(422, "invalid_attribute", `${config.parent}: there is no such ${parentLevel}.`, { source: { pointer } });
}

/** PATCH /api/v1/{level}s/{id} {root: {…fields, position?}} and DELETE /api/v1/{level}s/{id}. */
export function memberAction(config: LevelConfig, route: RouteId) {
  return async (request: Request, idParam: string | undefined) =>
    handleApi(async () => {
      const session = (await requireMutationAccess(request, route))!;
      if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
      const viewer = viewerFor(session);
      const id = parseId(idParam, config.level);
      const item = await findCurriculumItem(config.level, id);
      if (!item) notFound(config.level, idParam);
      await requireManagedCourse(viewer, item.courseId);
      const idField = `${config.level}_id`;
      if (request.method === "DELETE") {
        await applyCommands(item.courseId, config.root, editorCommands(config.root, [{ intent: `delete-${config.level}`, [idField]: id }]));
        return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
      }
      const body = (await readJsonBody(request, patchSchema(config)))[config.root] as Record<string, unknown>;
      requireSomeChange(config.root, body, [...config.editable, "position"]);
      const inputs: Record<string, unknown>[] = [];
      if (config.editable.some((field) => body[field] !== undefined)) {
        const current = Object.fromEntries(config.editable.map((field) => [field, (item as Record<string, unknown>)[field]]));
        const changed = Object.fromEntries(config.editable.filter((field) => body[field] !== undefined).map((field) => [field, body[field]]));
        inputs.push({ ...current, ...changed, intent: `edit-${config.level}`, [idField]: id });
      }
      if (body.position !== undefined) inputs.push({ intent: `place-${config.level}`, [idField]: id, position: body.position });
      await applyCommands(item.courseId, config.root, editorCommands(config.root, inputs));
      return answerWithItem(viewer, config, item.courseId, id, 200);
    });
}
