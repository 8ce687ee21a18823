import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { apiResponse, handleApi } from "~/api/handler.server";
import { db } from "~/db/db.server";
import { parseLastEventId } from "~/realtime/channels";
import { requestedChannels } from "~/realtime/access.server";
import { eventsAfter } from "~/realtime/events.server";
import { claimStream, sseResponse, STREAM_RETRY_AFTER_SECONDS } from "~/realtime/sse.server";
import { tooManyRequestsError } from "~/api/errors";

const ROUTE = "routes/api+/v1+/realtime+/events";

/**
 * GET /api/v1/realtime/events?channels=user:1,chat:2 — the built-in transport: a Server-Sent Events
 * stream of the channels (only ones the user may read). A reconnecting client sends Last-Event-ID
 * (or `since`) and first receives what it missed. With Accept: application/json the same call
 * answers the missed events as a list (the Ably transport's catch-up after a reconnect).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireRouteAccess(request, ROUTE))!;
    const url = new URL(request.url);
    const { channels } = await requestedChannels(session.user.id, url);
    const since = parseLastEventId(request.headers.get("Last-Event-ID") ?? url.searchParams.get("since"));
    if ((request.headers.get("Accept") ?? "").includes("application/json")) {
      const events = since ? await eventsAfter(db(), channels, since) : [];
      return apiResponse({ data: null, meta: { events } });
    }
    const release = claimStream(session.user.id);
    if (!release) {
      throw tooManyRequestsError(STREAM_RETRY_AFTER_SECONDS, "Too many live connections are open for your account. Close a tab and try again.", "too_many_streams");
    }
    return sseResponse(channels, since, request.signal, release);
  });
}
