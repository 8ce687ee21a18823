import ical, { ICalCalendarMethod } from "ical-generator";

/**
 * A tutoring session as iCalendar (RFC 5545), pure: one event in UTC whose UID names the session's
 * row, so a calendar that imported the booking's file recognises the same session later.
 */

const PRODUCT_ID = { company: "Marketplace", product: "Tutoring", language: "EN" };

export interface CalendarTutoringSession {
  id: number;
  title: string;
  start: Date;
  end: Date;
  /** The contract's page, where the session is joined and managed. */
  url: string;
  bookedAt: Date;
}

export function tutoringSessionUid(sessionId: number, origin: string) {
  return `tutoring-session-${sessionId}@${new URL(origin).host}`;
}

export function tutoringCalendarFileName(sessionId: number) {
  return `tutoring-session-${sessionId}.ics`;
}

export function tutoringSessionCalendar(session: CalendarTutoringSession, origin: string): string {
  const calendar = ical({ prodId: PRODUCT_ID, name: session.title, method: ICalCalendarMethod.PUBLISH });
  calendar.createEvent({
    id: tutoringSessionUid(session.id, origin),
    start: session.start,
    end: session.end,
    stamp: session.bookedAt,
    summary: session.title,
    description: `Open the session from ${session.url} when it starts.`,
    url: session.url,
    location: session.url,
  });
  return calendar.toString();
}
