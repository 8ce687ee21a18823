import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { serialize } from "~/api/document";
import { ApiError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, notFound, parseId } from "~/api/handler.server";
import { activityResource } from "~/api/resources/online-courses";
import { lockExplanation } from "~/online-courses/access";
import { courseOfActivity } from "~/online-courses/api.server";
import { loadCourseForViewer } from "~/online-courses/in-course.server";

const ROUTE = "routes/api+/v1+/activities+/$id";

/**
 * GET /api/v1/activities/{id}: one activity with its content when the access module opens it;
 * a locked one answers 403 `locked` with the reason and what to do. Quiz answers never appear.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = await requireRouteAccess(request, ROUTE);
    const viewer = viewerFor(session);
    const id = parseId(params.id, "activity");
    const owner = await courseOfActivity(id);
    if (!owner) notFound("activity", params.id);
    const loaded = await loadCourseForViewer(viewer, String(owner.online_course_id));
    const activity = loaded?.tree.activities.find((candidate) => candidate.id === id);
    if (!loaded || !activity) notFound("activity", params.id);
    if (!activity.access.allowed) {
      const explanation = lockExplanation(activity.access.reason, loaded.course.id);
      throw new ApiError(403, "locked", explanation.message, { meta: { reason: activity.access.reason, action: explanation.action } });
    }
    return apiResponse(serialize(activityResource(new Map([[id, owner.content]])), activity));
  });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
