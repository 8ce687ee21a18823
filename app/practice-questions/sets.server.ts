import { sql, type Transaction } from "kysely";
import type { Viewer } from "~/accounts/roles";
import { acceptsAnswers, deadlineFor, savedAnswers, sittingState, storedAnswers, type QuizAnswers } from "~/assessments/engine";
import { db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { activityContent, loadCourseForViewer, progressOf, type CourseForViewer } from "~/online-courses/in-course.server";
import { HELD_STATUSES, PRACTICE_PACKAGES } from "~/online-courses/access";
import { inCourseBase, type TreeActivity } from "~/online-courses/curriculum";
import { recordQuizAttempt } from "~/online-courses/progress.server";
import { spendTokens } from "~/payments/tokens.server";
import { examTimeLimitMinutes, practiceProgress, practiceSetPrice, setAccess, topicAccuracy, type SetAccess } from "~/practice-questions/practice-set";

/**
 * Practice question sets over PostgreSQL: a course's practice-question activity, its questions
 * (answers included: for the server only), who has it, token unlocks, and attempts in practice or
 * exam mode. An attempt is scored when it finishes as a quiz attempt of the activity (completing
 * it for an enrolled student), so the study stats read one kind of record. Takes plain values.
 */

export interface SetQuestion {
  id: number;
  prompt: string;
  choices: string[];
  answer_index: number;
  explanation: string;
  topic: string;
}

export interface PracticeSet {
  id: number;
  title: string;
  chapterTitle: string;
  course: { id: number; name: string; slug: string };
  inCourseHref: string;
  price: number;
  questions: SetQuestion[];
  access: SetAccess;
  /** For recording progress when an attempt finishes. */
  loaded: CourseForViewer;
  activity: TreeActivity;
}

/**
 * The set at /practice-questions/{id} as this viewer has it: null when there is no such set or its
 * course is not visible to the viewer (a 404, as for any course page they cannot see).
 */
export async function loadPracticeSet(viewer: Viewer, id: number, now: Date): Promise<PracticeSet | null> {
  const row = await db()
    .selectFrom("activities")
    .innerJoin("sections", "sections.id", "activities.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .select(["activities.id", "activities.title", "activities.content", "chapters.online_course_id", "chapters.title as chapter_title"])
    .where("activities.id", "=", id)
    .where("activities.activity_type", "=", "practice_question_set")
    .executeTakeFirst();
  if (!row) return null;
  const userId = viewer.id;
  const [loaded, questions, unlock, user] = await Promise.all([
    loadCourseForViewer(viewer, String(row.online_course_id), { now }),
    db().selectFrom("quiz_questions").select(["id", "prompt", "choices", "answer_index", "explanation", "topic"]).where("activity_id", "=", id).orderBy("position").orderBy("id").execute(),
    userId === null ? undefined : db().selectFrom("practice_set_unlocks").select("id").where("user_id", "=", userId).where("activity_id", "=", id).executeTakeFirst(),
    userId === null ? undefined : db().selectFrom("users").select("token_balance").where("id", "=", userId).executeTakeFirst(),
  ]);
  const activity = loaded?.tree.activities.find((candidate) => candidate.id === id);
  if (!loaded || !activity) return null;
  const price = practiceSetPrice(row.content as Record<string, unknown> | null);
  return {
    id,
    title: row.title,
    chapterTitle: row.chapter_title,
    course: { id: loaded.course.id, name: loaded.course.name, slug: loaded.course.slug },
    inCourseHref: `${inCourseBase(loaded.course.slug)}/${activity.href}`,
    price,
    questions: questions.map((question) => ({ ...question, choices: question.choices as string[] })),
    access: setAccess({ decision: activity.access, unlocked: Boolean(unlock), signedIn: userId !== null, price, balance: user?.token_balance ?? 0 }),
    loaded,
    activity,
  };
}

export interface PracticeSetCard {
  href: string;
  questionCount: number;
  /** Opens with the course, or tokens bought it; else what it costs. */
  open: boolean;
  price: number;
}

/** A practice-question activity as its in-course page shows it: how many questions, and whether the viewer has it or what it costs in tokens. */
export async function practiceSetCard(activityId: number, viewer: Viewer, included: boolean): Promise<PracticeSetCard> {
  const [content, count, unlock] = await Promise.all([
    activityContent(activityId),
    db()
      .selectFrom("quiz_questions")
      .select(sql<number>`count(*)::int`.as("count"))
      .where("activity_id", "=", activityId)
      .executeTakeFirstOrThrow(),
    included || viewer.id === null ? undefined : db().selectFrom("practice_set_unlocks").select("id").where("user_id", "=", viewer.id).where("activity_id", "=", activityId).executeTakeFirst(),
  ]);
  return { href: `/practice-questions/${activityId}`, questionCount: count.count, open: included || Boolean(unlock), price: practiceSetPrice(content) };
}

/**
 * The practice sets of the courses a student is enrolled in, and any they bought, for /tokens:
 * what tokens buy them, and which are theirs already. Published courses only.
 */
export async function practiceSetsOf(userId: number) {
  const rows = await db()
    .selectFrom("activities")
    .innerJoin("sections", "sections.id", "activities.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .innerJoin("online_courses", "online_courses.id", "chapters.online_course_id")
    .leftJoin("practice_set_unlocks", (join) => join.onRef("practice_set_unlocks.activity_id", "=", "activities.id").on("practice_set_unlocks.user_id", "=", userId))
    .leftJoin("online_course_users", (join) => join.onRef("online_course_users.online_course_id", "=", "online_courses.id").on("online_course_users.user_id", "=", userId))
    .select([
      "activities.id",
      "activities.title",
      "activities.content",
      "online_courses.name as course_name",
      "practice_set_unlocks.id as unlock_id",
      "online_course_users.status as enrolment_status",
      "online_course_users.package_type",
    ])
    .where("activities.activity_type", "=", "practice_question_set")
    .where("online_courses.status", "=", "published")
    .where((eb) => eb.or([eb("practice_set_unlocks.id", "is not", null), eb("online_course_users.id", "is not", null)]))
    // The ones bought first: they are the student's already.
    .orderBy(sql`practice_set_unlocks.id is null`)
    .orderBy("online_courses.name")
    .orderBy("chapters.position")
    .orderBy("sections.position")
    .orderBy("activities.position")
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    courseName: row.course_name,
    price: practiceSetPrice(row.content as Record<string, unknown> | null),
    // As the list says it; the set's own page asks the access rules (a subscription, a free Practice package).
    state: row.unlock_id !== null ? "unlocked" : row.enrolment_status && HELD_STATUSES.includes(row.enrolment_status) && PRACTICE_PACKAGES.includes(row.package_type!) ? "included" : "for-sale",
  }));
}

// ── Buying with tokens ───────────────────────────────────────────────────────────────────────

class NotEnoughTokens extends Error {}

/**
 * Buys the set with tokens: one unlock per student and set, and the tokens spent with it in one
 * transaction. However many requests race, the unique unlock lets one through (the others wait on
 * it, then find it and spend nothing), and a balance too small spends nothing and unlocks nothing.
 */
export async function unlockWithTokens(userId: number, set: Pick<PracticeSet, "id" | "price">): Promise<{ kind: "unlocked"; balance: number } | { kind: "already" } | { kind: "not-enough" }> {
  try {
    return await db()
      .transaction()
      .execute(async (trx) => {
        const inserted = await trx
          .insertInto("practice_set_unlocks")
          .values({ user_id: userId, activity_id: set.id, tokens: set.price })
          .onConflict((conflict) => conflict.columns(["user_id", "activity_id"]).doNothing())
          .returning("id")
          .executeTakeFirst();
        if (!inserted) return { kind: "already" } as const;
        const balance = await spendTokens({ userId, amount: set.price, reason: "practice_set", reference: `practice_set:${set.id}` }, trx);
        if (balance === null) throw new NotEnoughTokens();
        return { kind: "unlocked", balance } as const;
      });
  } catch (error) {
    if (error instanceof NotEnoughTokens) return { kind: "not-enough" };
    throw error;
  }
}

// ── Attempts ─────────────────────────────────────────────────────────────────────────────────

const ATTEMPT_COLUMNS = ["id", "mode", "started_at", "deadline_at", "answers", "finished_at", "timed_out", "quiz_attempt_id"] as const;

function openAttempt(userId: number, activityId: number, executor: Pick<Transaction<Database>, "selectFrom"> = db()) {
  return executor.selectFrom("practice_set_attempts").select(ATTEMPT_COLUMNS).where("user_id", "=", userId).where("activity_id", "=", activityId).where("finished_at", "is", null);
}

export type AttemptRow = NonNullable<Awaited<ReturnType<ReturnType<typeof openAttempt>["executeTakeFirst"]>>>;

/** Starts an attempt, or keeps the one already open (two tabs pressing Start share it). */
export async function startAttempt(userId: number, set: Pick<PracticeSet, "id" | "questions">, mode: "practice" | "exam", now: Date): Promise<{ attemptId: number; fresh: boolean }> {
  const inserted = await db()
    .insertInto("practice_set_attempts")
    .values({ user_id: userId, activity_id: set.id, mode, started_at: now, deadline_at: mode === "exam" ? deadlineFor(now, examTimeLimitMinutes(set.questions.length)) : null })
    .onConflict((conflict) => conflict.columns(["user_id", "activity_id"]).where("finished_at", "is", null).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return { attemptId: inserted.id, fresh: true };
  const open = await openAttempt(userId, set.id).executeTakeFirstOrThrow();
  return { attemptId: open.id, fresh: false };
}

/** Closes an attempt: scored as a quiz attempt of the activity (progress for an enrolled student), in the caller's transaction. */
async function finishAttempt(trx: Transaction<Database>, userId: number, set: PracticeSet, attempt: AttemptRow, answers: QuizAnswers, now: Date, timedOut: boolean) {
  const endedAt = attempt.deadline_at ? Math.min(now.getTime(), attempt.deadline_at.getTime()) : now.getTime();
  const { attemptId, score } = await recordQuizAttempt(trx, {
    userId,
    activityId: set.id,
    answers,
    durationSeconds: Math.max(0, Math.round((endedAt - attempt.started_at.getTime()) / 1000)),
    enrolment: progressOf(set.loaded, set.activity),
  });
  await trx
    .updateTable("practice_set_attempts")
    .set({ finished_at: now, timed_out: timedOut, quiz_attempt_id: attemptId, answers: JSON.stringify(storedAnswers(answers)) })
    .where("id", "=", attempt.id)
    .execute();
  return score;
}

/** The student's own attempt, locked for the change in hand; undefined when it is not theirs or not of this set. */
function lockedAttempt(trx: Transaction<Database>, userId: number, setId: number, attemptId: number) {
  return trx.selectFrom("practice_set_attempts").select(ATTEMPT_COLUMNS).where("id", "=", attemptId).where("user_id", "=", userId).where("activity_id", "=", setId).forUpdate().executeTakeFirst();
}

export type AttemptOutcome =
  | { kind: "refused"; status: number; message: string }
  | { kind: "checked"; questionId: number; correct: boolean; finished: boolean }
  | { kind: "saved" }
  | { kind: "finished"; inTime: boolean; correctCount: number; questionCount: number };

const refused = (status: number, message: string) => ({ kind: "refused", status, message } as const);

/**
 * Practice mode: checks one answer as it is given (once: an answered question keeps its first
 * answer). Answering the last question finishes the attempt.
 */
export async function answerQuestion(input: { userId: number; set: PracticeSet; attemptId: number; questionId: number; choiceIndex: number; now: Date }): Promise<AttemptOutcome> {
  const question = input.set.questions.find((candidate) => candidate.id === input.questionId);
  if (!question) return refused(404, "That question is not part of this set.");
  if (input.choiceIndex >= question.choices.length) return refused(400, "That answer is not one of the question's choices.");
  return db()
    .transaction()
    .execute(async (trx): Promise<AttemptOutcome> => {
      const attempt = await lockedAttempt(trx, input.userId, input.set.id, input.attemptId);
      if (!attempt) return refused(404, "There is no such attempt of yours.");
      if (attempt.finished_at) return refused(409, "This attempt is finished: start a new one to practise again.");
      if (attempt.mode !== "practice") return refused(400, "Exam mode checks the answers at the end.");
      const answers = savedAnswers(attempt.answers);
      if (answers.has(question.id)) return { kind: "checked", questionId: question.id, correct: answers.get(question.id) === question.answer_index, finished: false };
      answers.set(question.id, input.choiceIndex);
      const correct = input.choiceIndex === question.answer_index;
      if (
        practiceProgress(
          input.set.questions.map((candidate) => candidate.id),
          answers
        ).nextQuestionId === null
      ) {
        await finishAttempt(trx, input.userId, input.set, attempt, answers, input.now, false);
        return { kind: "checked", questionId: question.id, correct, finished: true };
      }
      await trx
        .updateTable("practice_set_attempts")
        .set({ answers: JSON.stringify(storedAnswers(answers)) })
        .where("id", "=", attempt.id)
        .execute();
      return { kind: "checked", questionId: question.id, correct, finished: false };
    });
}

/**
 * Exam mode: saves the answers so far while the clock runs, or hands the attempt in (the posted
 * answers when they arrive in time, else those saved before the deadline). Practice mode's
 * "finish now" hands it in with the answers given so far.
 */
export async function handIn(input: { userId: number; set: PracticeSet; attemptId: number; posted: QuizAnswers | null; submit: boolean; now: Date }): Promise<AttemptOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<AttemptOutcome> => {
      const attempt = await lockedAttempt(trx, input.userId, input.set.id, input.attemptId);
      if (!attempt) return refused(404, "There is no such attempt of yours.");
      if (attempt.finished_at) return refused(409, "This attempt is already finished.");
      const saved = savedAnswers(attempt.answers);
      if (attempt.mode === "practice") {
        if (!input.submit) return refused(400, "Practice mode checks each answer as you give it.");
        const score = await finishAttempt(trx, input.userId, input.set, attempt, saved, input.now, false);
        return { kind: "finished", inTime: true, correctCount: score.correctCount, questionCount: score.questionCount };
      }
      const inTime = acceptsAnswers(attempt.deadline_at!, input.now);
      if (!input.submit && inTime && input.posted) {
        await trx
          .updateTable("practice_set_attempts")
          .set({ answers: JSON.stringify(storedAnswers(input.posted)) })
          .where("id", "=", attempt.id)
          .execute();
        return { kind: "saved" };
      }
      const answers = inTime && input.posted ? input.posted : saved;
      const score = await finishAttempt(trx, input.userId, input.set, attempt, answers, input.now, !inTime || !input.submit);
      return { kind: "finished", inTime: inTime && input.submit, correctCount: score.correctCount, questionCount: score.questionCount };
    });
}

/** An exam-mode attempt left open past its deadline (a closed tab) is handed in with what was saved in time, the first time anyone looks. */
export async function settleAttempt(userId: number, set: PracticeSet, now: Date): Promise<boolean> {
  const open = await openAttempt(userId, set.id).executeTakeFirst();
  if (!open || open.mode !== "exam" || !open.deadline_at) return false;
  if (sittingState({ startedAt: open.started_at, deadlineAt: open.deadline_at, submittedAt: null }, now).kind !== "time-up") return false;
  const outcome = await handIn({ userId, set, attemptId: open.id, posted: null, submit: true, now });
  return outcome.kind === "finished";
}

// ── What the pages show ──────────────────────────────────────────────────────────────────────

/**
 * The student's open attempt, finished attempts (newest first) and accuracy per topic over every
 * answer they gave in this set; an exam left to run out is handed in first.
 */
export async function setProgress(userId: number, set: PracticeSet, now: Date) {
  await settleAttempt(userId, set, now);
  const setId = set.id;
  const [open, history, topics] = await Promise.all([
    openAttempt(userId, setId).executeTakeFirst(),
    db()
      .selectFrom("practice_set_attempts")
      .innerJoin("quiz_attempts", "quiz_attempts.id", "practice_set_attempts.quiz_attempt_id")
      .select([
        "practice_set_attempts.id",
        "practice_set_attempts.mode",
        "practice_set_attempts.finished_at",
        "practice_set_attempts.timed_out",
        "quiz_attempts.correct_count",
        "quiz_attempts.question_count",
      ])
      .where("practice_set_attempts.user_id", "=", userId)
      .where("practice_set_attempts.activity_id", "=", setId)
      .orderBy("practice_set_attempts.finished_at", "desc")
      .orderBy("practice_set_attempts.id", "desc")
      .limit(50)
      .execute(),
    topicCounts(userId, setId),
  ]);
  return { open: open ? { id: open.id, mode: open.mode } : null, history, accuracy: topicAccuracy(topics) };
}

/** Answered and right, per topic, over the student's finished attempts at this set (or one attempt). */
function topicCounts(userId: number, setId: number, quizAttemptId: number | null = null) {
  return db()
    .selectFrom("quiz_question_submissions")
    .innerJoin("quiz_attempts", "quiz_attempts.id", "quiz_question_submissions.quiz_attempt_id")
    .innerJoin("quiz_questions", "quiz_questions.id", "quiz_question_submissions.quiz_question_id")
    .select([
      "quiz_questions.topic",
      sql<number>`(count(*) filter (where quiz_question_submissions.choice_index is not null))::int`.as("answered"),
      sql<number>`(count(*) filter (where quiz_question_submissions.correct))::int`.as("correct"),
    ])
    .where("quiz_attempts.user_id", "=", userId)
    .where("quiz_attempts.activity_id", "=", setId)
    .$if(quizAttemptId !== null, (query) => query.where("quiz_attempts.id", "=", quizAttemptId!))
    .groupBy("quiz_questions.topic")
    .execute();
}

const withoutAnswer = (question: SetQuestion) => ({ id: question.id, prompt: question.prompt, choices: question.choices, topic: question.topic });

/** A question with the student's answer, the right one and why: shown only once the student has answered it. */
const checkedQuestion = (question: SetQuestion, choiceIndex: number | null) => ({
  ...withoutAnswer(question),
  choiceIndex,
  answerIndex: question.answer_index,
  correct: choiceIndex === question.answer_index,
  explanation: question.explanation,
});

/**
 * One of the student's attempts as its page shows it: practice mode's next question (and the
 * feedback on the one just checked), exam mode's questions and clock, or a finished attempt's
 * score, accuracy per topic and every answer explained. Null when the attempt is not theirs.
 */
export async function attemptView(userId: number, set: PracticeSet, attemptId: number, checkedId: number | null, now: Date) {
  await settleAttempt(userId, set, now);
  const attempt = await db().selectFrom("practice_set_attempts").select(ATTEMPT_COLUMNS).where("id", "=", attemptId).where("user_id", "=", userId).where("activity_id", "=", set.id).executeTakeFirst();
  if (!attempt) return null;
  const answers = savedAnswers(attempt.answers);
  const base = { id: attempt.id, mode: attempt.mode, questionCount: set.questions.length };
  if (attempt.finished_at) {
    const [submissions, topics] = await Promise.all([
      attempt.quiz_attempt_id === null
        ? Promise.resolve([])
        : db().selectFrom("quiz_question_submissions").select(["quiz_question_id", "choice_index"]).where("quiz_attempt_id", "=", attempt.quiz_attempt_id).execute(),
      attempt.quiz_attempt_id === null ? Promise.resolve([]) : topicCounts(userId, set.id, attempt.quiz_attempt_id),
    ]);
    const chosenBy = new Map(submissions.map((row) => [row.quiz_question_id, row.choice_index]));
    const questions = set.questions.filter((question) => chosenBy.has(question.id)).map((question) => checkedQuestion(question, chosenBy.get(question.id) ?? null));
    return {
      ...base,
      state: "finished" as const,
      finishedAt: attempt.finished_at,
      timedOut: attempt.timed_out,
      correctCount: questions.filter((question) => question.correct).length,
      answeredCount: questions.filter((question) => question.choiceIndex !== null).length,
      accuracy: topicAccuracy(topics),
      questions,
    };
  }
  if (attempt.mode === "exam") {
    const state = sittingState({ startedAt: attempt.started_at, deadlineAt: attempt.deadline_at!, submittedAt: null }, now);
    return {
      ...base,
      state: "exam" as const,
      remainingSeconds: state.kind === "in-progress" ? state.remainingSeconds : 0,
      saved: Object.fromEntries([...answers].map(([id, choice]) => [String(id), choice])),
      questions: set.questions.map(withoutAnswer),
    };
  }
  const progress = practiceProgress(
    set.questions.map((question) => question.id),
    answers
  );
  const next = set.questions.find((question) => question.id === progress.nextQuestionId);
  const checked = checkedId === null || !answers.has(checkedId) ? null : set.questions.find((question) => question.id === checkedId);
  return {
    ...base,
    state: "practice" as const,
    answered: progress.answered,
    position: progress.position,
    question: next ? withoutAnswer(next) : null,
    checked: checked ? checkedQuestion(checked, answers.get(checked.id)!) : null,
  };
}
