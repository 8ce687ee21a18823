import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { notFound } from "~/errors/not-found.server";
import { calendarFileName, sessionCalendar } from "~/study-sessions/calendar";
import { enrolledSessionCalendar } from "~/study-sessions/calendar-feed.server";
import { calendarHeaders, notModified } from "~/study-sessions/calendar-response.server";
import { parseRecordId } from "~/utils/record-id";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/study-sessions+/$id.calendar[.ics]";

/**
 * GET /study-sessions/{id}/calendar.ics: "Add to calendar", the session's dates as an iCalendar
 * file, for a student with an active enrolment. Anyone else gets 404, as for a session that does
 * not exist: whether someone is enrolled is theirs to know.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const sessionId = parseRecordId(params.id);
  const calendar = sessionId === null ? null : await enrolledSessionCalendar(sessionId, session.user.id);
  if (!calendar) throw notFound("There is no such session in your live sessions.");
  const ics = sessionCalendar(calendar, siteOrigin(request));
  const headers = calendarHeaders(ics, { fileName: calendarFileName(calendar) });
  if (notModified(request.headers.get("If-None-Match"), headers)) return new Response(null, { status: 304, headers });
  return new Response(ics, { status: 200, headers });
}
