/**
 * Mock exams (SPEC §1: mock exam walkthroughs and full-length practice exams): a sitting is one
 * timed attempt whose clock the server keeps, so a reload, a closed laptop or a page without
 * JavaScript never adds time. Pure; the sittings are stored by mock-exams.server.ts.
 */

/** Answers that reach the server this long after the deadline still count: the page's own submit at zero, a slow network. */
export const SUBMIT_GRACE_SECONDS = 30;

export interface SittingFacts {
  startedAt: Date;
  deadlineAt: Date;
  submittedAt: Date | null;
}

export type SittingState =
  | { kind: "not-started" }
  | { kind: "in-progress"; remainingSeconds: number }
  /** Still open past its deadline: it is submitted with the answers saved in time. */
  | { kind: "time-up" }
  | { kind: "submitted" };

/** The deadline of a sitting started now. */
export function deadlineFor(startedAt: Date, timeLimitMinutes: number): Date {
  return new Date(startedAt.getTime() + timeLimitMinutes * 60_000);
}

/** Where the learner's latest sitting stands now. */
export function sittingState(sitting: SittingFacts | null, now: Date): SittingState {
  if (!sitting) return { kind: "not-started" };
  if (sitting.submittedAt) return { kind: "submitted" };
  const remainingMs = sitting.deadlineAt.getTime() - now.getTime();
  if (remainingMs <= 0) return { kind: "time-up" };
  return { kind: "in-progress", remainingSeconds: Math.ceil(remainingMs / 1000) };
}

/** Whether answers posted now still count: before the deadline, or within the grace after it. */
export function acceptsAnswers(deadlineAt: Date, now: Date): boolean {
  return now.getTime() <= deadlineAt.getTime() + SUBMIT_GRACE_SECONDS * 1000;
}

/** The time left as the page says it: "2 h 05 min", "4 min 09 s", "45 s". */
export function formatRemaining(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, "0")} min`;
  if (minutes > 0) return `${minutes} min ${String(rest).padStart(2, "0")} s`;
  return `${rest} s`;
}

/**
 * Scaled scores of the exams that have one: the MCAT's total (four sections of 118–132) and the
 * LSAT's. A practice exam's raw score maps onto the scale linearly: all wrong is the bottom, all
 * right the top, rounded to the nearest point. Other exams report their percent only.
 */
export const EXAM_SCALES = {
  mcat: { min: 472, max: 528, label: "MCAT scaled score (472–528)" },
  lsat: { min: 120, max: 180, label: "LSAT scaled score (120–180)" },
} as const;
export type ExamScale = keyof typeof EXAM_SCALES;

export function isExamScale(value: unknown): value is ExamScale {
  return typeof value === "string" && Object.hasOwn(EXAM_SCALES, value);
}

export function scaledScore(scale: ExamScale | null, correct: number, total: number): number | null {
  if (!scale || total <= 0) return null;
  const { min, max } = EXAM_SCALES[scale];
  const fraction = Math.min(Math.max(correct, 0), total) / total;
  return min + Math.round(fraction * (max - min));
}

/** A sitting's saved answers (question id → choice index), from the stored JSON; anything malformed is left out. */
export function savedAnswers(raw: unknown): Map<number, number> {
  const answers = new Map<number, number>();
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return answers;
  for (const [key, value] of Object.entries(raw)) {
    if (/^\d{1,10}$/.test(key) && Number.isInteger(value) && (value as number) >= 0) answers.set(Number(key), value as number);
  }
  return answers;
}
