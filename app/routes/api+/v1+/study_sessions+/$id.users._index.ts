import type { LoaderFunctionArgs } from "@remix-run/node";
import { serialize } from "~/api/document";
import { handleApi, apiResponse, methodNotAllowed } from "~/api/handler.server";
import { studySessionUserResource } from "~/api/resources/study-sessions";
import { listRoster } from "~/study-sessions/roster.server";
import { requireManagedStudySession } from "~/study-sessions/session-access.server";

const ROUTE = "routes/api+/v1+/study_sessions+/$id.users._index";

/** GET /api/v1/study_sessions/{id}/users (SPEC §7): the roster, for the session's instructor and admins (403 for others, 404 unknown). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const { studySession } = await requireManagedStudySession(request, ROUTE, params.id);
    const roster = await listRoster(studySession.id);
    return apiResponse(serialize(studySessionUserResource, roster, { meta: { total: roster.length } }));
  });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
