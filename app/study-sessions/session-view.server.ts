import type { Currency, StudySessionAttachmentKind } from "~/db/schema";
import { accessExpiry, hasAccess, openableAttachments } from "~/study-sessions/access";
import { findEnrolment } from "~/study-sessions/enrolments.server";
import { SESSION_TYPE_NAMES } from "~/study-sessions/registration";
import { findStudySession } from "~/study-sessions/sessions.server";
import { dateTiming, liveWindow, sessionTiming, type SessionTiming } from "~/study-sessions/timing";

/**
 * What the page /study-sessions/{id} shows one viewer now: the session, its state, and what the
 * viewer can do (register, buy, join, open the material), all decided by timing.ts and access.ts.
 * Times go out as ISO strings; the page shows them in the viewer's time zone.
 */

export interface SessionAttachmentView {
  id: number;
  kind: StudySessionAttachmentKind;
  name: string;
  href: string;
  video: boolean;
  contentType: string;
}

export interface StudySessionView {
  id: number;
  title: string;
  description: string;
  typeName: string;
  timing: SessionTiming;
  disableZoom: boolean;
  instructorPending: boolean;
  instructor: { id: number; name: string; href: string | null } | null;
  dates: { id: number; start: string; end: string; timing: SessionTiming; opens: string }[];
  courses: { id: number; code: string; name: string; slug: string }[];
  price: { cents: number; regularCents: number | null; currency: Currency; free: boolean };
  viewer: "guest" | "signed-in";
  /** Who teaches it, for the policy's `manage_study_session` (kept even while shown as to be announced). */
  instructorId: number | null;
  enrolment: {
    status: "pending_payment" | "active" | "refunded" | "removed";
    withAccess: boolean;
    accessEnds: string | null;
  } | null;
  canRegister: boolean;
  canBuy: boolean;
  /** The join link shows: an enrolled viewer with access, inside a date's live window, with a meeting to join. */
  canJoin: boolean;
  /** When the next date's join link opens (for the enrolled viewer before the window). */
  joinOpens: string | null;
  attachments: SessionAttachmentView[];
}

export function attachmentHref(sessionId: number, attachmentId: number) {
  return `/study-sessions/${sessionId}/attachments/${attachmentId}`;
}

export async function studySessionView(sessionId: number, userId: number | null, now: Date = new Date()): Promise<StudySessionView | undefined> {
  const [session, enrolment] = await Promise.all([findStudySession(sessionId), userId === null ? undefined : findEnrolment(sessionId, userId)]);
  if (!session) return undefined;
  const timing = sessionTiming(session.dates, session.disable_zoom, now);
  const withAccess = hasAccess(enrolment ?? null, session, now);
  const expiry = enrolment ? accessExpiry(enrolment, session) : null;
  const free = session.price_cents === 0;
  const enrolled = enrolment && (enrolment.status === "active" || enrolment.status === "pending_payment");
  const live = session.dates.some((date) => dateTiming(date, session.disable_zoom, now) === "live");
  const next = session.dates.find((date) => dateTiming(date, session.disable_zoom, now) === "upcoming");
  return {
    id: session.id,
    title: session.title,
    description: session.description,
    typeName: SESSION_TYPE_NAMES[session.session_type],
    timing,
    disableZoom: session.disable_zoom,
    instructorPending: session.instructor_pending,
    instructor: session.instructor_pending || !session.instructor ? null : { ...session.instructor, href: session.instructor.hasPage ? `/instructors/${session.instructor.id}` : null },
    dates: session.dates.map((date) => ({
      id: date.id,
      start: date.start_time.toISOString(),
      end: date.end_time.toISOString(),
      timing: dateTiming(date, session.disable_zoom, now),
      opens: liveWindow(date, session.disable_zoom).opens.toISOString(),
    })),
    courses: session.courses,
    price: { cents: session.price_cents, regularCents: session.regular_price_cents, currency: session.currency, free },
    viewer: userId === null ? "guest" : "signed-in",
    instructorId: session.instructor?.id ?? null,
    enrolment: enrolment ? { status: enrolment.status, withAccess, accessEnds: expiry?.toISOString() ?? null } : null,
    canRegister: free && !enrolment && timing !== "past",
    canBuy: !free && !enrolled && timing !== "past",
    canJoin: withAccess && !session.disable_zoom && live,
    joinOpens: withAccess && !session.disable_zoom && !live && next ? liveWindow(next, session.disable_zoom).opens.toISOString() : null,
    attachments: openableAttachments(session.attachments, session, withAccess).map((attachment) => ({
      id: attachment.id,
      kind: attachment.kind,
      name: attachment.name,
      href: attachmentHref(session.id, attachment.id),
      video: attachment.content_type.startsWith("video/"),
      contentType: attachment.content_type,
    })),
  };
}
