import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { serialize } from "~/api/document";
import { tooManyRequestsError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, readJsonBody } from "~/api/handler.server";
import { hitRateLimit } from "~/security/rate-limit.server";
import { recordRoomError, roomErrorBody, roomErrorRateLimit } from "~/study-rooms/room-errors.server";
import { memberRoomForApi } from "~/study-rooms/room-api.server";

const ROUTE = "routes/study-rooms+/$slug_.errors";

const roomErrorResource = {
  type: "studyRoomError",
  attributes: (row: Awaited<ReturnType<typeof recordRoomError>>) => ({
    kind: row.kind,
    message: row.message,
    client_id: row.client_id,
    device_name: row.device_name,
    browser_info: row.browser_info,
    created_at: row.created_at,
  }),
};

/** GET loads nothing: 405 (problems are only reported). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return methodNotAllowed(["POST"]);
}

/**
 * POST /study-rooms/{slug}/errors (JSON): a member's browser reports what went wrong with the
 * room's video — a blocked or missing camera, a connection that failed — with the browser and
 * device it happened on, kept in study_room_errors.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const found = await memberRoomForApi(session, params.slug);
    const limit = await hitRateLimit(roomErrorRateLimit, String(session.user.id));
    if (!limit.allowed) throw tooManyRequestsError(limit.retryAfterSeconds);
    const report = await readJsonBody(request, roomErrorBody);
    const stored = await recordRoomError({ roomId: found.room.id, userId: session.user.id, report });
    return apiResponse(serialize(roomErrorResource, stored), { status: 201 });
  });
}
