import type { ScholarshipApplicationStatus } from "~/db/schema";
import { documentFileName, documentKind, type DocumentKind } from "~/files/document-files";

/**
 * Scholarship and contest rules (SPEC §1 scholarships, §3 scholarshipApplications,
 * contestEntries), pure: when a scholarship takes applications, the moves staff may make on
 * one, what the applicant reads of it, and which transcript or contest files are taken
 * (recognised by their bytes, never by their name).
 */

export const APPLICATION_STATUSES: readonly ScholarshipApplicationStatus[] = ["submitted", "in_review", "accepted", "declined"];

export const STATUS_LABELS: Record<ScholarshipApplicationStatus, string> = {
  submitted: "Submitted",
  in_review: "In review",
  accepted: "Accepted",
  declined: "Declined",
};

/** What the applicant reads: the status only, never a score or a staff note. */
export const APPLICANT_STATUS: Record<ScholarshipApplicationStatus, string> = {
  submitted: "Received",
  in_review: "In review",
  accepted: "Accepted",
  declined: "Not selected",
};

export const DUPLICATE_APPLICATION_MESSAGE = "You have already applied for this scholarship.";
export const DEADLINE_PASSED_MESSAGE = "The deadline for this scholarship has passed: applications are closed.";

/**
 * A scholarship takes applications through the whole of its deadline day (deadline and today
 * are 'yyyy-mm-dd' in the site's time zone; the strings compare in date order).
 */
export function isScholarshipOpen(deadline: string, today: string): boolean {
  return today <= deadline;
}

export type Move = { ok: true } | { ok: false; reason: string };

/**
 * Staff take an application into review, accept or decline it (from submitted or in review),
 * or reopen a decision by moving it back to review. Nothing moves to submitted.
 */
export function checkStatusMove(from: ScholarshipApplicationStatus, to: ScholarshipApplicationStatus): Move {
  if (from === to) return { ok: false, reason: `The application is already ${STATUS_LABELS[to].toLowerCase()}.` };
  if (to === "submitted") return { ok: false, reason: "An application cannot go back to submitted." };
  if (to === "in_review") return { ok: true };
  if (from === "accepted" || from === "declined") return { ok: false, reason: "Reopen the decision (back to review) before changing it." };
  return { ok: true };
}

/** A decision sends the applicant an email; moving into review does not. */
export const isDecision = (status: ScholarshipApplicationStatus) => status === "accepted" || status === "declined";

export type Viewer = { userId: number; isStaff: boolean };

/** Who reads an application (and its transcript): its applicant and staff; nobody else. */
export const canReadApplication = (viewer: Viewer | null, applicantId: number) =>
  viewer !== null && (viewer.isStaff || viewer.userId === applicantId);

/** Who reads the score and staff notes: staff only, never the applicant. */
export const canReadStaffFields = (viewer: Viewer | null) => viewer !== null && viewer.isStaff;

/** Scores are whole numbers from 0 to 100. */
export function parseScore(raw: string): number | null {
  if (!/^\d{1,3}$/.test(raw.trim())) return null;
  const score = Number(raw.trim());
  return score <= 100 ? score : null;
}

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const TRANSCRIPT_MESSAGES = {
  missing: "Attach your transcript (a PDF or a picture).",
  wrongType: "Attach your transcript as a PDF or a picture (PNG or JPEG).",
  tooLarge: "The transcript is too large (at most 10 MB).",
};

export const CONTEST_UPLOAD_MESSAGES = {
  wrongType: "Attach your entry as a PDF or a picture (PNG or JPEG).",
  tooLarge: "The file is too large (at most 10 MB).",
};

/** A PDF or a picture; null for anything else, whatever its name says. */
export const uploadKind = (bytes: Uint8Array): DocumentKind | null => {
  const kind = documentKind(bytes, { pictures: true });
  return kind && kind.extension !== "docx" ? kind : null;
};

export type UploadCheck = { ok: true; kind: DocumentKind } | { ok: false; reason: "wrongType" | "tooLarge" };

export function checkUpload(bytes: Uint8Array): UploadCheck {
  if (bytes.byteLength > UPLOAD_MAX_BYTES) return { ok: false, reason: "tooLarge" };
  const kind = uploadKind(bytes);
  return kind ? { ok: true, kind } : { ok: false, reason: "wrongType" };
}

export const transcriptFileName = (sent: string, kind: DocumentKind) => documentFileName(sent, kind, "Transcript");

export const contestUploadFileName = (sent: string, kind: DocumentKind) => documentFileName(sent, kind, "Entry");

/** The contest window: entries are taken from its first day through its last, inclusive. */
export type ContestWindow = { opens: string; closes: string };

export type ContestPhase = "upcoming" | "open" | "closed";

export function contestPhase(window: ContestWindow, today: string): ContestPhase {
  if (today < window.opens) return "upcoming";
  return today <= window.closes ? "open" : "closed";
}

export const CONTEST_MESSAGES = {
  duplicate: "You have already entered this contest: one entry per person.",
  upcoming: "The contest has not opened yet.",
  closed: "The contest is closed: entries are no longer taken.",
};
