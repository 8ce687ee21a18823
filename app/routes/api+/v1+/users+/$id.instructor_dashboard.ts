import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor } from "~/accounts/session.server";
import { serialize } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed, notFound, parseId } from "~/api/handler.server";
import { instructorDashboardResource } from "~/api/resources/instructor-dashboard";
import { instructorDashboardOf } from "~/dashboards/dashboards.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/api+/v1+/users+/$id.instructor_dashboard";

/**
 * GET /api/v1/users/{id}/instructor_dashboard (SPEC §2): the educator home's data (online courses
 * with their open questions, live sessions, tutored courses) and the question counts by status.
 * The educator themselves or an admin may ask; anyone else gets the 404 of an unknown user.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = await requireRouteAccess(request, ROUTE);
    const id = parseId(params.id, "user");
    const dashboard = can(viewerFor(session), "view", { id }) ? await instructorDashboardOf(id, requestNow(request)) : undefined;
    if (!dashboard) notFound("user", params.id);
    return apiResponse(serialize(instructorDashboardResource, dashboard!));
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, ROUTE);
    return methodNotAllowed(["GET"]);
  });
}
