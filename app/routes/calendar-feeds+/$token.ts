import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { notFound } from "~/errors/not-found.server";
import { feedCalendar, FEED_REFRESH_SECONDS } from "~/study-sessions/calendar";
import { feedSessions } from "~/study-sessions/calendar-feed.server";
import { calendarHeaders, notModified } from "~/study-sessions/calendar-response.server";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/calendar-feeds+/$token";

/**
 * GET /calendar-feeds/{token}.ics: a student's private calendar feed, fetched by calendar apps
 * without cookies, so the token in the address is the only key. An unknown, reset or malformed
 * token is 404. Only the owner's private cache may keep it, and only for a short while.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const match = /^(.+)\.ics$/.exec(params.token ?? "");
  const sessions = match ? await feedSessions(match[1]!) : null;
  if (!sessions) throw notFound("There is no such calendar feed.");
  const ics = feedCalendar(sessions, siteOrigin(request));
  // A short private lifetime: the app polls hourly anyway (X-PUBLISHED-TTL), and a change should not wait on a cache.
  const headers = calendarHeaders(ics, { maxAgeSeconds: Math.min(300, FEED_REFRESH_SECONDS) });
  if (notModified(request.headers.get("If-None-Match"), headers)) return new Response(null, { status: 304, headers });
  return new Response(ics, { status: 200, headers });
}
