import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { viewerOf } from "~/accounts/session.server";
import { paginationMeta, serialize, toResource } from "~/api/document";
import { ApiError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, notFound, parseInclude, parsePage } from "~/api/handler.server";
import { onlineCourseResource, onlineCourseUserResource } from "~/api/resources/online-courses";
import { coursesByIds, listEnrolments } from "~/online-courses/api.server";
import { loadCourseForViewer } from "~/online-courses/in-course.server";

const ROUTE = "routes/api+/v1+/online_course_users+/_index";

/**
 * GET /api/v1/online_course_users?online_course_id&page&per_page&include=online_course: the
 * caller's own enrolments; with online_course_id, the course's instructor, managers and admins
 * get every enrolment of that course.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireRouteAccess(request, ROUTE))!;
    const viewer = viewerOf(session.user);
    const url = new URL(request.url);
    const { page, perPage, offset } = parsePage(url);
    const include = parseInclude(url, ["online_course"]);
    const rawCourse = url.searchParams.get("online_course_id");
    let filter = { onlineCourseId: null as number | null, accessLevel: null as number | null };
    if (rawCourse !== null) {
      if (!/^[1-9]\d{0,8}$/.test(rawCourse)) {
        throw new ApiError(400, "invalid_parameter", "online_course_id must be a course id.", { source: { parameter: "online_course_id" } });
      }
      const loaded = await loadCourseForViewer(viewer, rawCourse);
      if (!loaded) notFound("online course", rawCourse);
      filter = { onlineCourseId: loaded.course.id, accessLevel: loaded.access.accessLevel };
    }
    const { enrolments, total } = await listEnrolments(viewer, filter, { offset, limit: perPage });
    const courses = include.has("online_course") ? await coursesByIds(viewer, [...new Set(enrolments.map((row) => row.online_course_id))]) : undefined;
    return apiResponse(
      serialize(onlineCourseUserResource, enrolments, {
        meta: paginationMeta(page, perPage, total),
        included: courses?.map((course) => toResource(onlineCourseResource(), course)),
      }),
    );
  });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
