import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { serialize, toResource } from "~/api/document";
import { ApiError } from "~/api/errors";
import { asApiError, requireManagedCourse } from "~/routes/api+/v1+/curriculum.server";
import { apiResponse, handleApi, methodNotAllowed, notFound, parseId, parseInclude, readJsonBody } from "~/api/handler.server";
import { courseChangeBodySchema, detailsAfter } from "~/routes/api+/v1+/online_courses+/course-edits.server";
import { activityResource, chapterResource, curriculumPositions, onlineCourseResource, sectionResource } from "~/api/resources/online-courses";
import { db } from "~/db/db.server";
import { apiCourseRow } from "~/online-courses/api.server";
import { deleteCourse, updateCourse } from "~/online-courses/editor.server";
import { loadCourseForViewer } from "~/online-courses/in-course.server";

const ROUTE = "routes/api+/v1+/online_courses+/$id";

/**
 * GET /api/v1/online_courses/{idOrSlug}?include=chapters,sections,activities: the course and,
 * on request, its curriculum with each activity's lock and reason (never quiz answers or lesson
 * content: those come from /api/v1/activities/{id} when open). Hidden courses answer 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = await requireRouteAccess(request, ROUTE);
    const viewer = viewerFor(session);
    const include = parseInclude(new URL(request.url), ["chapters", "sections", "activities"]);
    const loaded = await loadCourseForViewer(viewer, params.id ?? "");
    if (!loaded) notFound("online course", params.id);
    const { tree } = loaded;
    const positions = curriculumPositions(tree);
    const chapterOfSection = new Map(tree.chapters.flatMap((chapter) => chapter.sections.map((section) => [section.id, chapter.id] as const)));
    const included = [
      ...(include.has("chapters") ? tree.chapters.map((chapter) => toResource(chapterResource(loaded.course.id, include.has("sections"), positions), chapter)) : []),
      ...(include.has("sections")
        ? tree.chapters.flatMap((chapter) => chapter.sections).map((section) => toResource(sectionResource((s) => chapterOfSection.get(s.id)!, include.has("activities"), positions), section))
        : []),
      ...(include.has("activities") ? tree.activities.map((activity) => toResource(activityResource(undefined, positions), activity)) : []),
    ];
    const chapterIds = include.has("chapters") ? new Map([[loaded.course.id, tree.chapters.map((chapter) => chapter.id)]]) : undefined;
    return apiResponse(
      serialize(onlineCourseResource(chapterIds), apiCourseRow(loaded), {
        included: include.size > 0 ? included : undefined,
        meta: { progress: { completed_count: tree.completedCount, activity_count: tree.activities.length, percent: tree.percent } },
      }),
    );
  });
}

/**
 * PATCH /api/v1/online_courses/{id} {online_course: {details…, packages_config…, status?}}: the
 * manager's details (prices in cents) and its one-step status line, in one transaction.
 * DELETE: only a hidden course nobody joined (others are closed instead). Both for the course's
 * instructor, managers and admins; a closed course takes no edits (409).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    const session = await requireMutationAccess(request, ROUTE);
    if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
    const viewer = viewerFor(session);
    const course = await requireManagedCourse(viewer, parseId(params.id, "online course"));
    try {
      if (request.method === "DELETE") {
        await deleteCourse(db(), course.id);
        return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
      }
      const { online_course: change } = await readJsonBody(request, courseChangeBodySchema);
      const details = detailsAfter(course, change);
      if (!details && !change.status) {
        throw new ApiError(422, "invalid_attribute", "Send at least one detail or a status.", { source: { pointer: "/online_course" } });
      }
      await updateCourse(db(), course.id, { details: details ?? undefined, status: change.status });
    } catch (error) {
      throw asApiError(error, "online_course");
    }
    const loaded = await loadCourseForViewer(viewer, String(course.id));
    if (!loaded) notFound("online course", params.id);
    return apiResponse(serialize(onlineCourseResource(), apiCourseRow(loaded)));
  });
}
