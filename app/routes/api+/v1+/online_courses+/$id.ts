import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { guestViewer } from "~/accounts/roles";
import { viewerOf } from "~/accounts/session.server";
import { serialize, toResource } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed, notFound, parseInclude } from "~/api/handler.server";
import { activityResource, chapterResource, onlineCourseResource, sectionResource } from "~/api/resources/online-courses";
import { apiCourseRow } from "~/online-courses/api.server";
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
    const viewer = session ? viewerOf(session.user) : guestViewer;
    const include = parseInclude(new URL(request.url), ["chapters", "sections", "activities"]);
    const loaded = await loadCourseForViewer(viewer, params.id ?? "");
    if (!loaded) notFound("online course", params.id);
    const { tree } = loaded;
    const chapterOfSection = new Map(tree.chapters.flatMap((chapter) => chapter.sections.map((section) => [section.id, chapter.id] as const)));
    const included = [
      ...(include.has("chapters") ? tree.chapters.map((chapter) => toResource(chapterResource(loaded.course.id, include.has("sections")), chapter)) : []),
      ...(include.has("sections")
        ? tree.chapters.flatMap((chapter) => chapter.sections).map((section) => toResource(sectionResource((s) => chapterOfSection.get(s.id)!, include.has("activities")), section))
        : []),
      ...(include.has("activities") ? tree.activities.map((activity) => toResource(activityResource(), activity)) : []),
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

export async function action() {
  return methodNotAllowed(["GET"]);
}
