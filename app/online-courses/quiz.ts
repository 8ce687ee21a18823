/**
 * Quizzes and checkpoint quizzes (issue 5 item 5): the learner's answers are read from a plain
 * form (`question_{id}` = choice index) and scored on the server against answers that never left
 * it. Pure; the database work is in progress.server.ts.
 */

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

/** Time a learner reports for an activity, in whole seconds: at most four hours, never negative. */
export const MAX_ACTIVITY_SECONDS = 4 * 60 * 60;

export function parseDuration(raw: string | null, fallback: number): number | null {
  if (raw === null || raw === "") return Math.min(Math.max(0, fallback), MAX_ACTIVITY_SECONDS);
  if (!/^\d{1,7}$/.test(raw)) return null;
  return Math.min(Number(raw), MAX_ACTIVITY_SECONDS);
}
