import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { ApiError, tooManyRequestsError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, readJsonBody } from "~/api/handler.server";
import { hitRateLimit } from "~/security/rate-limit.server";
import { memberRoomForApi } from "~/study-rooms/room-api.server";
import { relaySignal, signalBody, signalRateLimit } from "~/study-rooms/signals.server";

const ROUTE = "routes/study-rooms+/$slug_.signal";

/** GET loads nothing: 405 (signals are only sent). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return methodNotAllowed(["POST"]);
}

/**
 * POST /study-rooms/{slug}/signal (JSON): one member's video signal (hello, offer, answer, a late
 * ICE candidate, bye) for another member, passed on to the recipient's own realtime channel.
 * This is how the built-in mesh's browsers find each other; nothing is stored but the event.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const found = await memberRoomForApi(session, params.slug);
    const limit = await hitRateLimit(signalRateLimit, String(session.user.id));
    if (!limit.allowed) throw tooManyRequestsError(limit.retryAfterSeconds);
    const sent = await readJsonBody(request, signalBody);
    const relayed = await relaySignal({ room: found.room, members: found.members, fromUserId: session.user.id, sent });
    if (relayed.kind === "refused") throw new ApiError(422, "invalid_attribute", relayed.message, { source: { pointer: "/to" } });
    return apiResponse({ data: null }, { status: 202 });
  });
}
