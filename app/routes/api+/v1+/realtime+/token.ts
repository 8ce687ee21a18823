import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { ApiError } from "~/api/errors";
import { handleApi } from "~/api/handler.server";
import { config } from "~/config/env.server";
import { createBrowserTokenRequest } from "~/realtime/ably.server";
import { requestedChannels } from "~/realtime/access.server";

const ROUTE = "routes/api+/v1+/realtime+/token";

/**
 * GET /api/v1/realtime/token?channels=user:1,chat:2 — the Ably transport's token endpoint (ably-js
 * `authUrl`). Answers a signed token request granting subscribe on the asked channels, only when
 * the user may read every one of them (else 403). Without `channels`: every channel the user may
 * read. 404 when the app is not configured for Ably.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireRouteAccess(request, ROUTE))!;
    const apiKey = config().ABLY_API_KEY;
    if (!apiKey) throw new ApiError(404, "not_found", "Realtime tokens are not used on this site.");
    const url = new URL(request.url);
    const asksForAll = !url.searchParams.get("channels");
    const { channels, readable } = await requestedChannels(session.user.id, url);
    const tokenRequest = await createBrowserTokenRequest(apiKey, session.user.id, asksForAll ? readable : channels);
    return new Response(JSON.stringify(tokenRequest), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
    });
  });
}
