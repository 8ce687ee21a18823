import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor } from "~/accounts/session.server";
import { serialize } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed, notFound, parseId } from "~/api/handler.server";
import { recommendedTutorResource } from "~/api/resources/educators";
import { rankTutors } from "~/tutoring/ranking";
import { listTutorCandidates, studentFacts } from "~/tutoring/tutors.server";

const ROUTE = "routes/api+/v1+/users+/recommended_tutors_for_student.$id";

/**
 * GET /api/v1/users/recommended_tutors_for_student/{id}: the tutors /tutoring suggests to that
 * student, best first (app/tutoring/ranking.ts). The student themselves or an admin may ask;
 * anyone else gets the 404 of an unknown user.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = await requireRouteAccess(request, ROUTE);
    const id = parseId(params.id, "user");
    // Another user's suggestions answer like a user that does not exist: nothing about them leaks.
    const student = can(viewerFor(session), "view", { id }) ? await studentFacts(id) : null;
    if (!student || student.id === null) notFound("user", params.id);
    const ranked = rankTutors(await listTutorCandidates(), student, 20);
    return apiResponse(serialize(recommendedTutorResource, ranked.map(({ tutor, score, sharedCourseCodes }) => ({ ...tutor, score, sharedCourseCodes }))));
  });
}

export async function action({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, ROUTE);
    return methodNotAllowed(["GET"]);
  });
}
