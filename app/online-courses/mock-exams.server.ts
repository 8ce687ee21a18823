import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import { acceptsAnswers, deadlineFor, EXAM_SCALES, isExamScale, savedAnswers, scaledScore, storedAnswers, type ExamScale } from "~/assessments/engine";
import { recordQuizAttempt, type QuizSubmission } from "~/online-courses/progress.server";
import type { QuizAnswers } from "~/assessments/engine";

/**
 * Mock exam sittings in the database: start (one open sitting per learner and exam), save the
 * answers so far, submit (scored as a quiz attempt, in one transaction with closing the sitting,
 * once however often it is asked), and the review of a submitted sitting.
 */

export interface MockExamSettings {
  timeLimitMinutes: number;
  scale: ExamScale | null;
}

/** A mock exam's time limit and score scale, from its activity content. */
export function mockExamSettings(content: Record<string, unknown> | null): MockExamSettings {
  const limit = content?.time_limit_minutes;
  return {
    timeLimitMinutes: typeof limit === "number" && Number.isInteger(limit) && limit > 0 ? limit : 60,
    scale: isExamScale(content?.scale) ? content.scale : null,
  };
}

const SITTING_COLUMNS = ["id", "started_at", "deadline_at", "answers", "submitted_at", "timed_out", "quiz_attempt_id"] as const;

/** The learner's latest sitting of this exam, open or submitted. */
export function latestSitting(userId: number, activityId: number, executor: Executor = db()) {
  return executor
    .selectFrom("mock_exam_sittings")
    .select(SITTING_COLUMNS)
    .where("user_id", "=", userId)
    .where("activity_id", "=", activityId)
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export type Sitting = NonNullable<Awaited<ReturnType<typeof latestSitting>>>;

/** Starts the clock, or keeps the sitting already open (two tabs pressing Start share one clock). */
export async function startSitting(userId: number, activityId: number, timeLimitMinutes: number, now = new Date()): Promise<Sitting> {
  await db()
    .insertInto("mock_exam_sittings")
    .values({ user_id: userId, activity_id: activityId, started_at: now, deadline_at: deadlineFor(now, timeLimitMinutes) })
    .onConflict((conflict) => conflict.columns(["user_id", "activity_id"]).where("submitted_at", "is", null).doNothing())
    .execute();
  return (await latestSitting(userId, activityId))!;
}

/** Saves the answers so far on the open sitting while its time runs; false when there is none or time is up. */
export async function saveSittingAnswers(userId: number, activityId: number, answers: QuizAnswers, now = new Date()): Promise<boolean> {
  const open = await latestSitting(userId, activityId);
  if (!open || open.submitted_at || !acceptsAnswers(open.deadline_at, now)) return false;
  const saved = await db()
    .updateTable("mock_exam_sittings")
    .set({ answers: JSON.stringify(storedAnswers(answers)) })
    .where("id", "=", open.id)
    .where("submitted_at", "is", null)
    .executeTakeFirst();
  return saved.numUpdatedRows > 0n;
}

/**
 * Submits the open sitting: the posted answers when they arrive in time, else those saved before
 * the deadline (the server's clock decides, not the page's). Scored and recorded as a quiz
 * attempt (completing the activity for an enrolled learner) in the same transaction that closes
 * the sitting, under its row lock: a second submit finds nothing open and changes nothing.
 */
export async function submitSitting(
  input: Omit<QuizSubmission, "answers" | "durationSeconds"> & { posted: QuizAnswers | null; now?: Date },
): Promise<{ attemptId: number; inTime: boolean } | null> {
  const now = input.now ?? new Date();
  return db()
    .transaction()
    .execute(async (trx) => {
      const open = await trx
        .selectFrom("mock_exam_sittings")
        .select(SITTING_COLUMNS)
        .where("user_id", "=", input.userId)
        .where("activity_id", "=", input.activityId)
        .where("submitted_at", "is", null)
        .forUpdate()
        .executeTakeFirst();
      if (!open) return null;
      const inTime = acceptsAnswers(open.deadline_at, now);
      const answers = inTime && input.posted ? input.posted : savedAnswers(open.answers);
      const endedAt = Math.min(now.getTime(), open.deadline_at.getTime());
      const { attemptId } = await recordQuizAttempt(trx, {
        userId: input.userId,
        activityId: input.activityId,
        answers,
        durationSeconds: Math.max(0, Math.round((endedAt - open.started_at.getTime()) / 1000)),
        enrolment: input.enrolment,
      });
      await trx
        .updateTable("mock_exam_sittings")
        .set({ submitted_at: now, timed_out: !inTime || input.posted === null, quiz_attempt_id: attemptId, answers: JSON.stringify(storedAnswers(answers)) })
        .where("id", "=", open.id)
        .execute();
      return { attemptId, inTime: inTime && input.posted !== null };
    });
}

export interface SittingReview {
  correctCount: number;
  questionCount: number;
  percent: number;
  scaled: number | null;
  /** What the scaled score is, e.g. "MCAT scaled score (472–528)". */
  scaleLabel: string | null;
  timedOut: boolean;
  questions: { id: number; prompt: string; choices: string[]; choiceIndex: number | null; answerIndex: number; correct: boolean; explanation: string }[];
}

/** A submitted sitting's score and every question with the learner's answer, the right one and its explanation. */
export async function sittingReview(sitting: Sitting, scale: ExamScale | null): Promise<SittingReview | null> {
  if (!sitting.quiz_attempt_id) return null;
  const rows = await db()
    .selectFrom("quiz_question_submissions")
    .innerJoin("quiz_questions", "quiz_questions.id", "quiz_question_submissions.quiz_question_id")
    .select(["quiz_questions.id", "quiz_questions.prompt", "quiz_questions.choices", "quiz_questions.answer_index", "quiz_questions.explanation", "quiz_question_submissions.choice_index", "quiz_question_submissions.correct"])
    .where("quiz_question_submissions.quiz_attempt_id", "=", sitting.quiz_attempt_id)
    .orderBy("quiz_questions.position")
    .execute();
  const correctCount = rows.filter((row) => row.correct).length;
  return {
    correctCount,
    questionCount: rows.length,
    percent: rows.length === 0 ? 0 : Math.round((correctCount / rows.length) * 100),
    scaled: scaledScore(scale, correctCount, rows.length),
    scaleLabel: scale ? EXAM_SCALES[scale].label : null,
    timedOut: sitting.timed_out,
    questions: rows.map((row) => ({
      id: row.id,
      prompt: row.prompt,
      choices: row.choices as string[],
      choiceIndex: row.choice_index,
      answerIndex: row.answer_index,
      correct: row.correct,
      explanation: row.explanation,
    })),
  };
}
