import { z } from "zod";
import { isTerm, termLabel, termOf, type TermOfYear } from "~/classes/terms";
import type { NotesPackageStatus } from "~/db/schema";

/**
 * Notes students upload for a course (/upload-notes, SPEC §3 courseNotesPackages), pure: the
 * upload form, the terms notes may be from, the review's rules, and who may open a file.
 */

export const NOTES_MAX_BYTES = 20 * 1024 * 1024;

export const NOTES_MESSAGES = {
  wrongType: "Upload your notes as a PDF, or a PNG or JPEG picture of them.",
  tooLarge: "The file is too large (at most 20 MB).",
  noFile: "Choose the file with your notes.",
  notYourCourse: "Choose one of your courses.",
  alreadyReviewed: "These notes were already reviewed.",
  reasonNeeded: "Say why the notes are rejected: the student reads it.",
};

export const NOTES_STATUS_LABELS: Record<NotesPackageStatus, string> = {
  pending: "Waiting for review",
  approved: "Approved",
  rejected: "Rejected",
};

/** How many terms back notes may be from, the current one included (two years). */
const TERMS_BACK = 6;

/** The terms notes may be from, newest first: the current one and the five before it. */
export function notesTermChoices(now: Date): { value: string; label: string }[] {
  const terms: TermOfYear[] = [termOf(now)];
  while (terms.length < TERMS_BACK) terms.push(previousTerm(terms[terms.length - 1]!));
  return terms.map((term) => ({ value: `${term.term}-${term.year}`, label: termLabel(term) }));
}

function previousTerm({ term, year }: TermOfYear): TermOfYear {
  if (term === "winter") return { term: "fall", year: year - 1 };
  return { term: term === "fall" ? "summer" : "winter", year };
}

/** "fall-2026" → { term: "fall", year: 2026 } when it is one of the choices at `now`, else null. */
export function parseNotesTerm(value: string, now: Date): TermOfYear | null {
  if (!notesTermChoices(now).some((choice) => choice.value === value)) return null;
  const [term, year] = value.split("-");
  return term && isTerm(term) ? { term, year: Number(year) } : null;
}

export const notesUploadSchema = z.object({
  course_id: z.coerce.number({ error: NOTES_MESSAGES.notYourCourse }).int().positive(NOTES_MESSAGES.notYourCourse),
  title: z.string({ error: "Give your notes a title" }).trim().min(1, "Give your notes a title").max(120, "Use at most 120 characters"),
  term: z.string({ error: "Choose the term of your notes" }).trim().min(1, "Choose the term of your notes"),
  // Checked for size here; for what it is (PDF or picture, by its bytes) when stored.
  notes: z
    .instanceof(File, { message: NOTES_MESSAGES.noFile })
    .refine((file) => file.size > 0, NOTES_MESSAGES.noFile)
    .refine((file) => file.size <= NOTES_MAX_BYTES, NOTES_MESSAGES.tooLarge),
});

export const notesReviewSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve"), id: z.coerce.number().int().positive() }),
  z.object({
    decision: z.literal("reject"),
    id: z.coerce.number().int().positive(),
    reason: z.string({ error: NOTES_MESSAGES.reasonNeeded }).trim().min(1, NOTES_MESSAGES.reasonNeeded).max(500, "Use at most 500 characters"),
  }),
]);

/** Only notes waiting for review can be approved or rejected: a second decision changes nothing. */
export function mayReview(status: NotesPackageStatus): boolean {
  return status === "pending";
}

export interface NotesFileAccess {
  isStaff: boolean;
  isUploader: boolean;
  takesCourse: boolean;
  status: NotesPackageStatus;
}

/** Staff and the uploader open any notes; a student of the course only approved ones; nobody else. */
export function mayOpenNotes({ isStaff, isUploader, takesCourse, status }: NotesFileAccess): boolean {
  return isStaff || isUploader || (takesCourse && status === "approved");
}
