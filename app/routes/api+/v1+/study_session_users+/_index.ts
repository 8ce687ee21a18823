import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { paginationMeta, serialize } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed, parsePage } from "~/api/handler.server";
import { studySessionUserResource } from "~/api/resources/study-sessions";
import { listOwnEnrolments } from "~/study-sessions/roster.server";

const ROUTE = "routes/api+/v1+/study_session_users+/_index";

/** GET /api/v1/study_session_users?page&per_page (SPEC §7): the caller's own enrolments in live sessions, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireRouteAccess(request, ROUTE))!;
    const { page, perPage, offset } = parsePage(new URL(request.url));
    const { rows, total } = await listOwnEnrolments(session.user.id, { offset, limit: perPage });
    return apiResponse(serialize(studySessionUserResource, rows, { meta: paginationMeta(page, perPage, total) }));
  });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
