/**
 * Where a student stands on an assignment (SPEC §3 courseAssignmentUsers). Pure. A submission
 * made after the due instant is late; one made at the due instant is on time. Without a
 * submission the work is due until the due instant passes, then missing.
 */

export type SubmissionStatus = "submitted" | "late" | "due" | "missing";

export function submissionStatus(input: { dueAt: Date; submittedAt: Date | null; now: Date }): SubmissionStatus {
  if (input.submittedAt) return input.submittedAt.getTime() > input.dueAt.getTime() ? "late" : "submitted";
  return input.now.getTime() > input.dueAt.getTime() ? "missing" : "due";
}

export const STATUS_LABELS: Record<SubmissionStatus, string> = { submitted: "Submitted", late: "Submitted late", due: "Not yet submitted", missing: "Missing" };
