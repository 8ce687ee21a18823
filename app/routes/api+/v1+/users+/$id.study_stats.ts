import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor } from "~/accounts/session.server";
import { serialize } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed, notFound, parseId } from "~/api/handler.server";
import { studyStatsResource } from "~/api/resources/study-stats";
import { studyStatsOfUser } from "~/study-stats/stats.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/api+/v1+/users+/$id.study_stats";

/**
 * GET /api/v1/users/{id}/study_stats: the student's flash-card reviews and retention, practice
 * questions with accuracy per topic (weakest first), quizzes and practice tests. The student
 * themselves or an admin may ask; anyone else gets the 404 of an unknown user.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = await requireRouteAccess(request, ROUTE);
    const id = parseId(params.id, "user");
    const stats = can(viewerFor(session), "view", { id }) ? await studyStatsOfUser(id, requestNow(request)) : undefined;
    if (!stats) notFound("user", params.id);
    return apiResponse(serialize(studyStatsResource, stats!));
  });
}

export async function action({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, ROUTE);
    return methodNotAllowed(["GET"]);
  });
}
