import type { StudySessionAttachmentKind, StudySessionUserStatus } from "~/db/schema";
import { lastDateEnd, type SessionDate } from "~/study-sessions/timing";

/**
 * Who may use a live study session's material, and until when (SPEC §4, §9), pure. Access ends
 * at the enrolment's extended access date when it is active or pending payment and has one; else
 * at the session's expires_at; else 21 days after the last date. Attachments show in kind order
 * (booklet, solution, recording, preview), each kind withheld when the session excludes it.
 */

export const ACCESS_DAYS_AFTER_LAST_DATE = 21;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface EnrolmentFacts {
  status: StudySessionUserStatus;
  extended_access_date: Date | null;
}

export interface SessionAccessFacts {
  expires_at: Date | null;
  disable_zoom: boolean;
  dates: readonly SessionDate[];
}

/** When access ends; null when it cannot be known yet (no expiry set and no dates). */
export function accessExpiry(enrolment: EnrolmentFacts | null, session: SessionAccessFacts): Date | null {
  if (enrolment?.extended_access_date && (enrolment.status === "active" || enrolment.status === "pending_payment")) return enrolment.extended_access_date;
  if (session.expires_at) return session.expires_at;
  const last = lastDateEnd(session.dates, session.disable_zoom);
  return last ? new Date(last.getTime() + ACCESS_DAYS_AFTER_LAST_DATE * DAY_MS) : null;
}

/** An active enrolment before its expiry. Refunded, removed and unpaid enrolments have no access. */
export function hasAccess(enrolment: EnrolmentFacts | null, session: SessionAccessFacts, now: Date): boolean {
  if (!enrolment || enrolment.status !== "active") return false;
  const expiry = accessExpiry(enrolment, session);
  return expiry === null || now < expiry;
}

export const ATTACHMENT_ORDER: readonly StudySessionAttachmentKind[] = ["booklet", "solution", "recording", "preview"];

export interface AttachmentFacts {
  kind: StudySessionAttachmentKind;
  position: number;
}

export interface AttachmentExclusions {
  booklet_excluded: boolean;
  solutions_excluded: boolean;
  recording_excluded: boolean;
}

/** Whether the session offers attachments of this kind at all. */
export function kindOffered(kind: StudySessionAttachmentKind, session: AttachmentExclusions): boolean {
  switch (kind) {
    case "booklet":
      return !session.booklet_excluded;
    case "solution":
      return !session.solutions_excluded;
    case "recording":
      return !session.recording_excluded;
    case "preview":
      return true;
  }
}

/**
 * The attachments a viewer may open, in order: previews for anyone, the rest only with access,
 * and never a kind the session excludes.
 */
export function openableAttachments<T extends AttachmentFacts>(attachments: readonly T[], session: AttachmentExclusions, withAccess: boolean): T[] {
  return attachments
    .filter((attachment) => kindOffered(attachment.kind, session) && (attachment.kind === "preview" || withAccess))
    .sort((a, b) => ATTACHMENT_ORDER.indexOf(a.kind) - ATTACHMENT_ORDER.indexOf(b.kind) || a.position - b.position);
}
