import type { StudySessionType, StudySessionUserStatus } from "~/db/schema";
import { accessExpiry, hasAccess } from "~/study-sessions/access";
import { dayLabel, sessionDateLine } from "~/study-sessions/date-labels";
import { currentOrNextDate, lastDateEnd, sessionTiming, type SessionDate } from "~/study-sessions/timing";

/**
 * A student's own live sessions, grouped as "My live sessions" and the dashboard show them, pure:
 * active enrolments by the session's timing (live now, upcoming, past), refunded ones apart.
 * Timing and access come from ./timing.ts and ./access.ts.
 */

export interface MyEnrolment {
  enrolment_id: number;
  status: StudySessionUserStatus;
  extended_access_date: Date | null;
  session_id: number;
  title: string;
  session_type: StudySessionType;
  disable_zoom: boolean;
  expires_at: Date | null;
  dates: readonly (SessionDate & { id: number })[];
}

export type MySessionGroup = "live" | "upcoming" | "past" | "refunded";

export const MY_SESSION_GROUPS: readonly { key: MySessionGroup; title: string }[] = [
  { key: "live", title: "Live now" },
  { key: "upcoming", title: "Upcoming" },
  { key: "past", title: "Past" },
  { key: "refunded", title: "Refunded" },
];

export interface MySession {
  enrolmentId: number;
  sessionId: number;
  title: string;
  sessionType: StudySessionType;
  group: MySessionGroup;
  /** The date live now, else the next one; null once all are past or none is set. */
  nextDate: SessionDate | null;
  dateCount: number;
  /** When the last date ended (its start with Zoom disabled). */
  endedAt: Date | null;
  /** Until when the material stays open (past sessions); null when unknown or no access. */
  accessUntil: Date | null;
  /** Whether the session's page still opens its material for this student. */
  hasAccess: boolean;
}

function groupOf(enrolment: MyEnrolment, now: Date): MySessionGroup {
  if (enrolment.status !== "active") return "refunded";
  return sessionTiming(enrolment.dates, enrolment.disable_zoom, now);
}

export function mySession(enrolment: MyEnrolment, now: Date): MySession {
  const session = { expires_at: enrolment.expires_at, disable_zoom: enrolment.disable_zoom, dates: enrolment.dates };
  const access = hasAccess(enrolment, session, now);
  const next = currentOrNextDate(enrolment.dates, enrolment.disable_zoom, now);
  return {
    enrolmentId: enrolment.enrolment_id,
    sessionId: enrolment.session_id,
    title: enrolment.title,
    sessionType: enrolment.session_type,
    group: groupOf(enrolment, now),
    nextDate: next ? { start_time: next.start_time, end_time: next.end_time } : null,
    dateCount: enrolment.dates.length,
    endedAt: lastDateEnd(enrolment.dates, enrolment.disable_zoom),
    accessUntil: access ? accessExpiry(enrolment, session) : null,
    hasAccess: access,
  };
}

/**
 * Each group in the order a student looks at it: live and upcoming soonest first (an upcoming
 * session without dates last), past and refunded most recent first. Enrolments that are neither
 * active nor refunded (an open checkout, a removal) are not the student's sessions and are left out.
 */
export function groupMySessions(enrolments: readonly MyEnrolment[], now: Date): Record<MySessionGroup, MySession[]> {
  const groups: Record<MySessionGroup, MySession[]> = { live: [], upcoming: [], past: [], refunded: [] };
  for (const enrolment of enrolments) {
    if (enrolment.status !== "active" && enrolment.status !== "refunded") continue;
    const session = mySession(enrolment, now);
    groups[session.group].push(session);
  }
  const soonest = (a: MySession, b: MySession) => (a.nextDate?.start_time.getTime() ?? Infinity) - (b.nextDate?.start_time.getTime() ?? Infinity) || a.sessionId - b.sessionId;
  const latest = (a: MySession, b: MySession) => (b.endedAt?.getTime() ?? -Infinity) - (a.endedAt?.getTime() ?? -Infinity) || b.sessionId - a.sessionId;
  groups.live.sort(soonest);
  groups.upcoming.sort(soonest);
  groups.past.sort(latest);
  groups.refunded.sort(latest);
  return groups;
}

/** One row of the lists, with its times already in words (the same on server and browser). */
export interface MySessionView {
  sessionId: number;
  title: string;
  group: MySessionGroup;
  href: string;
  /** The date live now or next ("Tuesday, December 1, 2026, 18:00–20:00 UTC"), or null. */
  when: string | null;
  /** ISO time of `when`'s start, for <time dateTime>. */
  whenIso: string | null;
  dateCount: number;
  accessUntil: string | null;
  /** "Add to calendar": only for an active enrolment (the file is for enrolled students). */
  calendarHref: string | null;
}

export function mySessionView(session: MySession): MySessionView {
  return {
    sessionId: session.sessionId,
    title: session.title,
    group: session.group,
    href: `/study-sessions/${session.sessionId}`,
    when: session.nextDate ? sessionDateLine(session.nextDate) : null,
    whenIso: session.nextDate ? session.nextDate.start_time.toISOString() : null,
    dateCount: session.dateCount,
    accessUntil: session.accessUntil ? dayLabel(session.accessUntil) : null,
    calendarHref: session.group === "refunded" ? null : `/study-sessions/${session.sessionId}/calendar.ics`,
  };
}
