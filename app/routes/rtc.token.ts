import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor } from "~/accounts/session.server";
import { errorDocument } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed } from "~/api/handler.server";
import { roomToken } from "~/study-rooms/rtc.server";
import { findStudyRoom } from "~/study-rooms/rooms.server";

const ROUTE = "routes/rtc.token";

/**
 * GET /rtc/token?room={slug} (SPEC §7): `{ token }` for the room's video, to a member of the room
 * only — with the transport that carries it (LiveKit's server, or the built-in mesh and its ICE
 * servers) and when it expires.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireRouteAccess(request, ROUTE))!;
    const slug = new URL(request.url).searchParams.get("room")?.trim() ?? "";
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(slug)) return apiResponse(errorDocument(400, "bad_request", "Name the study room: /rtc/token?room={slug}."), { status: 400 });
    const found = await findStudyRoom(slug, session.user.id);
    if (!found) return apiResponse(errorDocument(404, "not_found", "There is no study room at this address."), { status: 404 });
    if (!can(viewerFor(session), "enter_study_room", found)) return apiResponse(errorDocument(403, "forbidden", "You are not in this study room."), { status: 403 });
    const name = `${session.user.first_name} ${session.user.last_name}`.trim();
    const answer = await roomToken({ slug, userId: session.user.id, name, now: new Date() });
    return Response.json(answer, { headers: { "Cache-Control": "no-store" } });
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, ROUTE);
    return methodNotAllowed(["GET"]);
  });
}
