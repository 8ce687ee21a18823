import { forbidden, requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { ApiError } from "~/api/errors";
import { can } from "~/accounts/policy/permissions";
import type { RouteId } from "~/accounts/policy/route-rules";
import { viewerOf, type CurrentSession } from "~/accounts/session.server";
import { notFound } from "~/errors/not-found.server";
import { findEditableStudySession, type EditableStudySession } from "~/study-sessions/editor.server";
import { parseRecordId } from "~/utils/record-id";

type RunRoute =
  | "routes/study-sessions+/$id_.edit"
  | "routes/study-sessions+/$id_.roster"
  | "routes/api+/v1+/study_sessions+/$id.users._index"
  | "routes/api+/v1+/study_sessions+/$id.users.add_user"
  | "routes/api+/v1+/study_sessions+/$id.zoom_sync";

const noSuchSession = (api: boolean, id: string | undefined) => (api ? new ApiError(404, "not_found", `No study session with id ${id ?? "(none)"}.`) : notFound("There is no such live session."));

/**
 * Who may edit a live session and run its roster: the route's role rule, then the session (404
 * when there is none) and `can(viewer, "manage_study_session", session)` (403 otherwise). An
 * authorization seam like app/online-courses/course-access.server.ts; API routes get the error
 * documents (404 `not_found`, 403 `forbidden`).
 */
export async function requireManagedStudySession(
  request: Request,
  routeId: RunRoute & RouteId,
  idParam: string | undefined,
): Promise<{ session: CurrentSession; studySession: EditableStudySession }> {
  const api = routeId.startsWith("routes/api+/");
  const session = (await (api && request.method !== "GET" ? requireMutationAccess(request, routeId) : requireRouteAccess(request, routeId)))!;
  const id = parseRecordId(idParam);
  if (id === null) throw noSuchSession(api, idParam);
  const studySession = await findEditableStudySession(id);
  if (!studySession) throw noSuchSession(api, idParam);
  if (!can(viewerOf(session.user), "manage_study_session", studySession)) throw forbidden(request);
  return { session, studySession };
}
