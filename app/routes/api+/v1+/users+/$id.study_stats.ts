import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { authorizeUserCall } from "~/accounts/user-api.server";
import { serialize } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed, notFound } from "~/api/handler.server";
import { studyStatsResource } from "~/api/resources/study-stats";
import { studyStatsOfUser } from "~/study-stats/stats.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/api+/v1+/users+/$id.study_stats";

/**
 * GET /api/v1/users/{id}/study_stats: the student's flash-card reviews and retention, practice
 * questions with accuracy per topic (weakest first), quizzes, practice tests, the dashboard's
 * tiles (SPEC §9) and study time by week. The student themselves or an admin may ask; anyone
 * else gets 403 before any lookup, so the answer tells nothing about which ids exist.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const { targetId } = await authorizeUserCall(request, ROUTE, params.id, "view");
    const stats = await studyStatsOfUser(targetId, requestNow(request));
    if (!stats) notFound("user", params.id);
    return apiResponse(serialize(studyStatsResource, stats));
  });
}

export async function action({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, ROUTE);
    return methodNotAllowed(["GET"]);
  });
}
