import type { HiringStage } from "~/db/schema";
import { documentFileName, documentKind, type DocumentKind } from "~/files/document-files";

/**
 * Hiring rules (SPEC §3 jobApplicants, jobApplicantNotes), pure: the stages an application moves
 * through, which moves jobs managers may make, what the applicant is shown of it, and which
 * résumé files are taken (recognised by their bytes, never by their name).
 */

export const HIRING_STAGES: readonly HiringStage[] = ["applied", "screening", "interview", "offer", "hired", "rejected"];

/** The pipeline, in order; "rejected" stands beside it. */
const PIPELINE: readonly HiringStage[] = ["applied", "screening", "interview", "offer", "hired"];

export const STAGE_LABELS: Record<HiringStage, string> = {
  applied: "Applied",
  screening: "Screening",
  interview: "Interview",
  offer: "Offer",
  hired: "Hired",
  rejected: "Rejected",
};

/** What the applicant reads of their application: never a note, and a rejection in kind words. */
export const APPLICANT_STATUS: Record<HiringStage, string> = {
  applied: "Received",
  screening: "In review",
  interview: "Interview",
  offer: "Offer",
  hired: "Hired",
  rejected: "Not selected",
};

export type StageMove = { ok: true } | { ok: false; reason: string };

/**
 * A manager moves an application forward along the pipeline (skipping steps is fine: a strong
 * applicant may go straight to interview), back one step (a mistake), rejects it at any point
 * before hiring, or reconsiders a rejected one (back to applied). Hired is final.
 */
export function checkStageMove(from: HiringStage, to: HiringStage): StageMove {
  if (from === to) return { ok: false, reason: `The application is already at ${STAGE_LABELS[to].toLowerCase()}.` };
  if (from === "hired") return { ok: false, reason: "A hired applicant's application is closed." };
  if (from === "rejected") return to === "applied" ? { ok: true } : { ok: false, reason: "Reconsider a rejected application by moving it back to applied first." };
  if (to === "rejected") return { ok: true };
  const step = PIPELINE.indexOf(to) - PIPELINE.indexOf(from);
  if (step > 0 || step === -1) return { ok: true };
  return { ok: false, reason: "An application moves back one stage at a time." };
}

export const RESUME_MAX_BYTES = 5 * 1024 * 1024;

export const RESUME_MESSAGES = {
  wrongType: "Attach your résumé as a PDF or a Word document (.docx).",
  tooLarge: "The résumé is too large (at most 5 MB).",
};

export type ResumeKind = DocumentKind;

/** A PDF or a Word document; null for anything else, whatever its name says. */
export const resumeKind = (bytes: Uint8Array): ResumeKind | null => documentKind(bytes);

/** "CV (final).PDF" → "CV (final).pdf": the name staff see, with the stored type's extension. */
export const resumeFileName = (sent: string, kind: ResumeKind) => documentFileName(sent, kind, "Résumé");
