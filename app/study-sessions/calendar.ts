import ical, { ICalCalendarMethod, type ICalCalendar } from "ical-generator";

/**
 * Live study sessions as iCalendar (RFC 5545), pure: one event per date, in UTC. Each date's
 * UID stays the same for its whole life (it names the date's row, not its time), and its
 * SEQUENCE and LAST-MODIFIED come from the row (a trigger bumps them when the date moves), so a
 * phone calendar that imported the confirmation's file or subscribes to the feed moves the
 * event it already has instead of adding a second one.
 */

export interface CalendarDate {
  id: number;
  start_time: Date;
  end_time: Date;
  calendar_sequence: number;
  updated_at: Date;
}

export interface CalendarSession {
  id: number;
  title: string;
  description: string;
  dates: readonly CalendarDate[];
}

export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";
/** How often a subscribed calendar app should fetch the feed again (X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 60 * 60;

const PRODUCT_ID = { company: "Marketplace", product: "Live study sessions", language: "EN" };

export function studySessionPath(sessionId: number) {
  return `/study-sessions/${sessionId}`;
}

export function studySessionCalendarPath(sessionId: number) {
  return `/study-sessions/${sessionId}/calendar.ics`;
}

export function calendarFeedPath(token: string) {
  return `/calendar-feeds/${token}.ics`;
}

/** The file name of a session's calendar: its title in plain letters, never a path or a header-breaking character. */
export function calendarFileName(session: { id: number; title: string }) {
  const slug = session.title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${slug || "study-session"}-${session.id}.ics`;
}

/** A date's UID: the same across files, feeds and edits of its time; the site's host keeps it unique worldwide. */
export function dateUid(dateId: number, origin: string) {
  return `study-session-date-${dateId}@${new URL(origin).host}`;
}

function addSession(calendar: ICalCalendar, session: CalendarSession, origin: string) {
  const url = new URL(studySessionPath(session.id), origin).toString();
  const dates = [...session.dates].sort((a, b) => a.start_time.getTime() - b.start_time.getTime());
  dates.forEach((date, index) => {
    const part = dates.length > 1 ? ` (${index + 1} of ${dates.length})` : "";
    const description = [session.description.trim(), `Join from the session's page when it is live: ${url}`].filter(Boolean).join("\n\n");
    calendar.createEvent({
      id: dateUid(date.id, origin),
      start: date.start_time,
      end: date.end_time,
      // DTSTAMP: when this revision was made, so an unchanged date yields the same text on every fetch.
      stamp: date.updated_at,
      lastModified: date.updated_at,
      sequence: date.calendar_sequence,
      summary: `${session.title}${part}`,
      description,
      url,
      location: url,
    });
  });
}

/** One session's calendar: the file sent with the confirmation and behind "Add to calendar". */
export function sessionCalendar(session: CalendarSession, origin: string): string {
  const calendar = ical({ prodId: PRODUCT_ID, name: session.title, method: ICalCalendarMethod.PUBLISH });
  addSession(calendar, session, origin);
  return calendar.toString();
}

/** A student's private feed: every date of every session they are enrolled in. */
export function feedCalendar(sessions: readonly CalendarSession[], origin: string): string {
  const calendar = ical({
    prodId: PRODUCT_ID,
    name: "Marketplace live sessions",
    description: "Your live study sessions on Marketplace",
    method: ICalCalendarMethod.PUBLISH,
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const session of sessions) addSession(calendar, session, origin);
  return calendar.toString();
}
