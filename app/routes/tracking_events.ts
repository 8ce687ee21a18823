import { requireRouteAccess } from "~/accounts/authorize.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { serialize } from "~/api/document";
import { ApiError, tooManyRequestsError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, readJsonBody } from "~/api/handler.server";
import { hitRateLimit } from "~/security/rate-limit.server";
import { allowsTracking, CONSENT_COOKIE } from "~/tracking/consent";
import { readCookies } from "~/utils/cookies.server";
import { recordTrackingEvent, trackingEventBody, trackingEventRateLimit } from "~/tracking/tracking-events.server";

const trackingEventResource = {
  type: "trackingEvent",
  attributes: (row: Awaited<ReturnType<typeof recordTrackingEvent>>) => ({
    type: row.event_type,
    target_id: row.target_id,
    target_type: row.target_type,
    device_uuid: row.device_uuid,
    parameters: row.parameters,
    created_at: row.created_at,
  }),
};

/**
 * PUT /tracking_events (SPEC §7): stores one product-analytics event, within a limit per client
 * address, and only from a browser whose visitor allowed analytics (the `cookie_consent` cookie).
 * POST is the same call: navigator.sendBeacon can only post. A signed-in sender's account is kept
 * with the event, which links the browser's earlier guest views to it (the conversions report).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/tracking_events");
  if (request.method !== "PUT" && request.method !== "POST") return methodNotAllowed(["PUT"]);
  return handleApi(async () => {
    if (!allowsTracking(readCookies(request)[CONSENT_COOKIE])) throw new ApiError(403, "tracking_not_allowed", "Tracking is off until you allow it.");
    const limit = await hitRateLimit(trackingEventRateLimit, context.clientIp);
    if (!limit.allowed) throw tooManyRequestsError(limit.retryAfterSeconds);
    const { tracking_event } = await readJsonBody(request, trackingEventBody);
    const stored = await recordTrackingEvent(tracking_event, session?.user.id ?? null).catch((error) => {
      if (error instanceof RangeError) throw new ApiError(413, "payload_too_large", "The tracking event is too large.");
      throw error;
    });
    return apiResponse(serialize(trackingEventResource, stored), { status: 201 });
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/tracking_events");
  return methodNotAllowed(["PUT"]);
}
