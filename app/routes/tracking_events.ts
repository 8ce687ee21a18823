import { requireRouteAccess } from "~/accounts/authorize.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { serialize } from "~/api/document";
import { ApiError, tooManyRequestsError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, readJsonBody } from "~/api/handler.server";
import { hitRateLimit } from "~/security/rate-limit.server";
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

/** PUT /tracking_events (SPEC §7): stores one product-analytics event, within a limit per client address. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRouteAccess(request, "routes/tracking_events");
  if (request.method !== "PUT" && request.method !== "POST") return methodNotAllowed(["PUT"]);
  return handleApi(async () => {
    const limit = await hitRateLimit(trackingEventRateLimit, context.clientIp);
    if (!limit.allowed) throw tooManyRequestsError(limit.retryAfterSeconds);
    const { tracking_event } = await readJsonBody(request, trackingEventBody);
    const stored = await recordTrackingEvent(tracking_event, null).catch((error) => {
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
