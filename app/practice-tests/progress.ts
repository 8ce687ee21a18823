import { acceptsAnswers, sittingState } from "~/assessments/engine";

/**
 * Where a student's attempt at a practice test stands: its sections are sat in order, each against
 * its own clock, and the test is finished once every section is submitted. Pure: the attempts are
 * stored by attempts.server.ts; the timing is the assessment engine's.
 */

export interface SectionFacts {
  id: number;
  timeLimitMinutes: number;
}

export interface SectionAttemptFacts {
  sectionId: number;
  startedAt: Date;
  deadlineAt: Date;
  submittedAt: Date | null;
}

export type TestProgress =
  /** No attempt open: start one (again). */
  | { kind: "not-started" }
  /** A section's clock runs. */
  | { kind: "in-section"; sectionId: number; remainingSeconds: number }
  /** A section's time is up and it is not submitted yet: it is, with the answers saved in time. */
  | { kind: "time-up"; sectionId: number }
  /** Between sections: the next one starts when the student is ready. */
  | { kind: "between"; nextSectionId: number }
  /** Every section submitted: the attempt is scored. */
  | { kind: "finished" };

export function testProgress(sections: readonly SectionFacts[], attempts: readonly SectionAttemptFacts[] | null, now: Date): TestProgress {
  if (attempts === null) return { kind: "not-started" };
  for (const section of sections) {
    const attempt = attempts.find((candidate) => candidate.sectionId === section.id);
    if (!attempt) return { kind: "between", nextSectionId: section.id };
    const state = sittingState(attempt, now);
    if (state.kind === "in-progress") return { kind: "in-section", sectionId: section.id, remainingSeconds: state.remainingSeconds };
    if (state.kind === "time-up") return { kind: "time-up", sectionId: section.id };
  }
  return { kind: "finished" };
}

/** Whether answers posted now for this section still count (before its deadline, or within the grace). */
export function sectionTakesAnswers(attempt: SectionAttemptFacts, now: Date): boolean {
  return attempt.submittedAt === null && acceptsAnswers(attempt.deadlineAt, now);
}

/** A CARS passage's week: the Monday (UTC) of the week `date` falls in, as YYYY-MM-DD — the week slug in its URL. */
export function weekStartOf(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

/** A week slug as a URL has it: a real date that is a Monday; null for anything else. */
export function parseWeekSlug(slug: string | undefined): string | null {
  if (!slug || !/^\d{4}-\d{2}-\d{2}$/.test(slug)) return null;
  const date = new Date(`${slug}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== slug || date.getUTCDay() !== 1) return null;
  return slug;
}
