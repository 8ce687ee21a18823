/**
 * The one assessment engine (issue: quizzes, mock exams, CARS passages, LSAT sections and practice
 * sets): answers read from a plain form (`question_{id}` = choice index) and scored against answers
 * that never left the server; a sitting's clock, which the server keeps, so a reload, a closed
 * laptop or a page without JavaScript never adds time; raw and scaled scores. Pure: the sittings
 * are stored by their own modules (mock-exams.server.ts, app/practice-tests/attempts.server.ts).
 */

// ── Answers and the raw score ────────────────────────────────────────────────────────────────

export interface QuestionForScoring {
  id: number;
  choices: readonly string[];
  answer_index: number;
  explanation: string;
}

/** What the learner chose for each question; null when left unanswered. */
export type QuizAnswers = ReadonlyMap<number, number | null>;

export type AnswerParse = { ok: true; answers: QuizAnswers } | { ok: false; message: string };

export const questionField = (questionId: number) => `question_${questionId}`;

/**
 * Reads the answers for these questions from the submitted fields. A missing field is an
 * unanswered question; anything but a choice index of that question is refused.
 */
export function parseAnswers(questions: readonly Pick<QuestionForScoring, "id" | "choices">[], fields: (name: string) => string | null): AnswerParse {
  const answers = new Map<number, number | null>();
  for (const question of questions) {
    const raw = fields(questionField(question.id));
    if (raw === null || raw === "") {
      answers.set(question.id, null);
      continue;
    }
    if (!/^\d{1,3}$/.test(raw) || Number(raw) >= question.choices.length) {
      return { ok: false, message: "An answer does not match any of the question's choices. Reload the quiz and try again." };
    }
    answers.set(question.id, Number(raw));
  }
  return { ok: true, answers };
}

export interface ScoredQuestion {
  questionId: number;
  choiceIndex: number | null;
  correct: boolean;
  answerIndex: number;
  explanation: string;
}

export interface QuizScore {
  questionCount: number;
  correctCount: number;
  /** Whole percent, 0 for an empty quiz. */
  percent: number;
  questions: ScoredQuestion[];
}

export function scoreQuiz(questions: readonly QuestionForScoring[], answers: QuizAnswers): QuizScore {
  const scored = questions.map((question) => {
    const choiceIndex = answers.get(question.id) ?? null;
    return {
      questionId: question.id,
      choiceIndex,
      correct: choiceIndex !== null && choiceIndex === question.answer_index,
      answerIndex: question.answer_index,
      explanation: question.explanation,
    };
  });
  const correctCount = scored.filter((question) => question.correct).length;
  return {
    questionCount: questions.length,
    correctCount,
    percent: questions.length === 0 ? 0 : Math.round((correctCount / questions.length) * 100),
    questions: scored,
  };
}

// ── Timing ───────────────────────────────────────────────────────────────────────────────────

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

// ── Scaled scores ───────────────────────────────────────────────────────────────────────────

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

/** Answers as a sitting stores them: the answered questions only, question id → choice index. */
export function storedAnswers(answers: QuizAnswers): Record<string, number> {
  return Object.fromEntries([...answers].filter((entry): entry is [number, number] => entry[1] !== null).map(([id, choice]) => [String(id), choice]));
}

/**
 * A scaled score read from a test's own conversion table (`table[raw]`, as a published LSAT form
 * has): null when the table does not cover that raw score, so a broken table shows no score rather
 * than a wrong one.
 */
export function convertedScore(table: readonly number[] | null, correct: number): number | null {
  if (!table || !Number.isInteger(correct) || correct < 0 || correct >= table.length) return null;
  const scaled = table[correct];
  return typeof scaled === "number" && Number.isFinite(scaled) ? scaled : null;
}

/** Whether a conversion table is usable: one entry per raw score from 0 to `questionCount`, never falling, within the scale's ends. */
export function isConversionTable(table: unknown, questionCount: number, scale: ExamScale): table is number[] {
  const { min, max } = EXAM_SCALES[scale];
  return (
    Array.isArray(table) && table.length === questionCount + 1 && table.every((value, index) => Number.isInteger(value) && value >= min && value <= max && (index === 0 || value >= table[index - 1]))
  );
}
