import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { isInstructor } from "~/accounts/roles";
import { viewerFor } from "~/accounts/session.server";
import { paginationMeta, serialize } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed, notFound, parsePage, readJsonBody } from "~/api/handler.server";
import { newCourseBodySchema } from "~/routes/api+/v1+/online_courses+/course-edits.server";
import { onlineCourseResource } from "~/api/resources/online-courses";
import { db } from "~/db/db.server";
import { apiCourseRow, listVisibleCourses } from "~/online-courses/api.server";
import { createCourse } from "~/online-courses/editor.server";
import { loadCourseForViewer } from "~/online-courses/in-course.server";

const ROUTE = "routes/api+/v1+/online_courses+/_index";

/** GET /api/v1/online_courses?page&per_page: the online courses the caller may see (SPEC §4 statuses, read access), paged in SQL. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = await requireRouteAccess(request, ROUTE);
    const viewer = viewerFor(session);
    const { page, perPage, offset } = parsePage(new URL(request.url));
    const { courses, total } = await listVisibleCourses(viewer, { offset, limit: perPage });
    return apiResponse(serialize(onlineCourseResource(), courses, { meta: paginationMeta(page, perPage, total) }));
  });
}

/**
 * POST /api/v1/online_courses {online_course: {name, course_code, course_type, description?}}:
 * a new hidden course, as /online-courses/new makes it (taught by its creator when they teach).
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const session = await requireMutationAccess(request, ROUTE);
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const viewer = viewerFor(session);
    const { online_course: input } = await readJsonBody(request, newCourseBodySchema);
    const course = await createCourse(db(), input, isInstructor(viewer) ? session.user.id : null);
    const loaded = await loadCourseForViewer(viewer, String(course.id));
    if (!loaded) notFound("online course", String(course.id));
    return apiResponse(serialize(onlineCourseResource(), apiCourseRow(loaded)), { status: 201, headers: { Location: `/api/v1/online_courses/${course.id}` } });
  });
}
