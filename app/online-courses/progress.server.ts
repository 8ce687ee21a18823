import { sql, type Kysely, type Transaction } from "kysely";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { ActivityType, Database } from "~/db/schema";
import { completionByHand } from "~/online-courses/activity-types";
import { progressPercent } from "~/online-courses/curriculum";
import { scoreQuiz, type QuizAnswers, type QuizScore } from "~/assessments/engine";

/**
 * Progress of an enrolment (SPEC §3 progress {completed[], current}, view_time) and quiz attempts.
 * Callers have already asked the access module that the learner may open the activity.
 */


export interface ActivityPlace {
  activityId: number;
  chapterId: number;
  sectionId: number;
}

export type CompletionOutcome = { ok: true } | { ok: false; reason: "submit-answers"; message: string };

/**
 * Completes an activity by hand ("Mark complete", POST /api/v1/progress): the one place both ask.
 * Refuses, changing nothing, what `completionByHand` says is completed by submitting answers
 * (quizzes, checkpoint quizzes, practice question sets go through `submitQuiz`); otherwise
 * records it as `recordCompletion` does. Callers have checked the enrolment and the lock.
 */
export async function completeActivity(
  input: {
    enrolmentId: number;
    activity: { id: number; type: ActivityType; chapterId: number; sectionId: number };
    durationSeconds: number;
    nextId: number | null;
  },
  executor: Executor = db(),
): Promise<CompletionOutcome> {
  const byHand = completionByHand(input.activity.type);
  if (!byHand.allowed) return { ok: false, reason: byHand.reason, message: byHand.message };
  const { activity } = input;
  await recordCompletion(executor, {
    enrolmentId: input.enrolmentId,
    place: { activityId: activity.id, chapterId: activity.chapterId, sectionId: activity.sectionId },
    durationSeconds: input.durationSeconds,
    nextId: input.nextId,
  });
  return { ok: true };
}

/**
 * Records the activity as completed (once per enrolment: completing it again keeps the first
 * completion and adds the time), adds the time to the enrolment's view time, and makes `nextId`
 * (or this activity, at the end of the course) the current one. Asks no rule: learners complete
 * through `completeActivity` or `submitQuiz`.
 */
async function recordCompletion(
  executor: Executor,
  input: { enrolmentId: number; place: ActivityPlace; durationSeconds: number; assessmentId?: number | null; nextId: number | null },
) {
  const run = async (trx: Executor) => {
    await trx
      .insertInto("activity_completions")
      .values({
        online_course_user_id: input.enrolmentId,
        activity_id: input.place.activityId,
        chapter_id: input.place.chapterId,
        section_id: input.place.sectionId,
        assessment_id: input.assessmentId ?? null,
        duration_seconds: input.durationSeconds,
      })
      .onConflict((conflict) =>
        conflict.columns(["online_course_user_id", "activity_id"]).doUpdateSet({
          duration_seconds: sql`activity_completions.duration_seconds + excluded.duration_seconds`,
          assessment_id: sql`coalesce(excluded.assessment_id, activity_completions.assessment_id)`,
        }),
      )
      .execute();
    await trx
      .updateTable("online_course_users")
      .set({
        view_time_seconds: sql`view_time_seconds + ${input.durationSeconds}`,
        current_activity_id: input.nextId ?? input.place.activityId,
        updated_at: sql`now()`,
      })
      .where("id", "=", input.enrolmentId)
      .execute();
  };
  if (executor.isTransaction) return run(executor);
  return (executor as Kysely<Database>).transaction().execute(run);
}

/** The questions of a quiz as the learner sees them before submitting: no answers, no explanations. */
export function quizQuestionsForLearner(activityId: number, executor: Executor = db()) {
  return executor
    .selectFrom("quiz_questions")
    .select(["id", "position", "prompt", "choices"])
    .where("activity_id", "=", activityId)
    .orderBy("position")
    .execute();
}

export interface QuizSubmission {
  userId: number;
  activityId: number;
  answers: QuizAnswers;
  durationSeconds: number;
  enrolment: { id: number; place: ActivityPlace; nextId: number | null } | null;
}

/**
 * Scores a submission on the server and stores the attempt with one submission per question; when
 * the learner is enrolled, the attempt also completes the activity (its assessment_id).
 */
export async function submitQuiz(input: QuizSubmission): Promise<{ attemptId: number; score: QuizScore }> {
  return db()
    .transaction()
    .execute((trx) => recordQuizAttempt(trx, input));
}

/** submitQuiz inside a transaction of the caller's (a mock exam's sitting is closed in the same one). */
export async function recordQuizAttempt(trx: Transaction<Database>, input: QuizSubmission): Promise<{ attemptId: number; score: QuizScore }> {
  const questions = await trx
    .selectFrom("quiz_questions")
    .select(["id", "choices", "answer_index", "explanation"])
    .where("activity_id", "=", input.activityId)
    .orderBy("position")
    .execute();
  const score = scoreQuiz(
    questions.map((question) => ({ ...question, choices: question.choices as string[] })),
    input.answers,
  );
  const attempt = await trx
    .insertInto("quiz_attempts")
    .values({
      user_id: input.userId,
      activity_id: input.activityId,
      online_course_user_id: input.enrolment?.id ?? null,
      question_count: score.questionCount,
      correct_count: score.correctCount,
      duration_seconds: input.durationSeconds,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (score.questions.length > 0) {
    await trx
      .insertInto("quiz_question_submissions")
      .values(
        score.questions.map((question) => ({
          quiz_attempt_id: attempt.id,
          quiz_question_id: question.questionId,
          choice_index: question.choiceIndex,
          correct: question.correct,
        })),
      )
      .execute();
  }
  if (input.enrolment) {
    await recordCompletion(trx, {
      enrolmentId: input.enrolment.id,
      place: input.enrolment.place,
      durationSeconds: input.durationSeconds,
      assessmentId: attempt.id,
      nextId: input.enrolment.nextId,
    });
  }
  return { attemptId: attempt.id, score };
}

/** The learner's latest attempt at a quiz, if any (shown above the quiz). */
export function latestAttempt(userId: number, activityId: number, executor: Executor = db()) {
  return executor
    .selectFrom("quiz_attempts")
    .select(["id", "question_count", "correct_count", "submitted_at"])
    .where("user_id", "=", userId)
    .where("activity_id", "=", activityId)
    .orderBy("submitted_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/**
 * The student's online courses for the dashboard, as one query (also a subquery of the
 * dashboard's single statement): each enrolment with its course, how many activities the course
 * has and how many the student completed. withProgress() finishes the rows.
 */
export function enrolledCoursesQuery(userId: number, executor: Executor = db()) {
  return executor
    .selectFrom("online_course_users as ocu")
    .innerJoin("online_courses as oc", "oc.id", "ocu.online_course_id")
    .where("ocu.user_id", "=", userId)
    .where("ocu.status", "not in", ["invite_rejected"])
    .where("oc.status", "in", ["preparing", "published"])
    .select((eb) => [
      "oc.id",
      "oc.slug",
      "oc.name",
      "oc.course_code",
      "oc.course_type",
      "ocu.status",
      "ocu.package_type",
      "ocu.view_time_seconds",
      "ocu.updated_at",
      "oc.activity_count",
      eb
        .selectFrom("activity_completions")
        .whereRef("activity_completions.online_course_user_id", "=", "ocu.id")
        .select(sql<number>`count(*)::int`.as("n"))
        .as("completed_count"),
    ])
    .orderBy("ocu.updated_at", "desc");
}

type EnrolledCourseRow = Awaited<ReturnType<ReturnType<typeof enrolledCoursesQuery>["execute"]>>[number];

/** Rows of enrolledCoursesQuery, read directly or as JSON (dates as text), with each one's progress. */
export function withProgress(rows: readonly (Omit<EnrolledCourseRow, "updated_at"> & { updated_at: Date | string })[]) {
  return rows.map((row) => ({
    ...row,
    updated_at: new Date(row.updated_at),
    activity_count: row.activity_count ?? 0,
    completed_count: row.completed_count ?? 0,
    percent: progressPercent(row.completed_count ?? 0, row.activity_count ?? 0),
  }));
}

/** The student's online courses with progress, in one query. */
export async function enrolledCourses(userId: number, executor: Executor = db()) {
  return withProgress(await enrolledCoursesQuery(userId, executor).execute());
}
