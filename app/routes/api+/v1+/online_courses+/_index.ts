import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { guestViewer } from "~/accounts/roles";
import { viewerOf } from "~/accounts/session.server";
import { paginationMeta, serialize } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed, parsePage } from "~/api/handler.server";
import { onlineCourseResource } from "~/api/resources/online-courses";
import { listVisibleCourses } from "~/online-courses/api.server";

const ROUTE = "routes/api+/v1+/online_courses+/_index";

/** GET /api/v1/online_courses?page&per_page: the online courses the caller may see (SPEC §4 statuses, read access), paged in SQL. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = await requireRouteAccess(request, ROUTE);
    const viewer = session ? viewerOf(session.user) : guestViewer;
    const { page, perPage, offset } = parsePage(new URL(request.url));
    const { courses, total } = await listVisibleCourses(viewer, { offset, limit: perPage });
    return apiResponse(serialize(onlineCourseResource(), courses, { meta: paginationMeta(page, perPage, total) }));
  });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
