import { sql } from "kysely";
import { jsonObjectFrom } from "kysely/helpers/postgres";
import { convertedScore, deadlineFor, savedAnswers, scoreQuiz, storedAnswers, type QuizAnswers } from "~/assessments/engine";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import { sectionTakesAnswers, testProgress, type TestProgress } from "~/practice-tests/progress";

/**
 * Practice tests (weekly CARS passages, LSAT practice tests) and students' attempts at them, over
 * PostgreSQL. An attempt runs the test's sections in order, each against its own clock; a section
 * whose time ran out is submitted with the answers saved in time the first time anyone looks
 * (`settleAttempt`), so the server's clock, never the page's, ends a section. Scoring is the
 * assessment engine's and runs here only: a question's answer never leaves the server before its
 * section is submitted.
 */

export interface PracticeQuestion {
  id: number;
  section_id: number;
  prompt: string;
  choices: string[];
  answer_index: number;
  explanation: string;
  topic: string;
}

export interface PracticeSection {
  id: number;
  position: number;
  title: string;
  timeLimitMinutes: number;
  passage: string | null;
  questions: PracticeQuestion[];
}

export interface PracticeTest {
  id: number;
  kind: "cars" | "lsat";
  slug: string;
  title: string;
  description: string;
  discipline: string | null;
  weekStart: string | null;
  conversion: number[] | null;
  sections: PracticeSection[];
}

const TEST_COLUMNS = ["id", "kind", "slug", "title", "description", "discipline", sql<string | null>`week_start::text`.as("week_start"), "conversion"] as const;

/** A test by what its URL names: an LSAT test by id or slug, a CARS passage by its week; with its sections and questions (answers included: for the server only). */
export async function loadPracticeTest(
  key: { kind: "lsat"; idOrSlug: string } | { kind: "cars"; weekStart: string } | { kind: "cars"; latestBy: string },
): Promise<PracticeTest | null> {
  let query = db().selectFrom("practice_tests").select(TEST_COLUMNS).where("kind", "=", key.kind);
  if ("weekStart" in key) query = query.where("week_start", "=", key.weekStart);
  // The newest week's passage up to that week: this week's, or the last one published.
  else if ("latestBy" in key) query = query.where("week_start", "<=", key.latestBy).orderBy("week_start", "desc").limit(1);
  else if (/^[1-9]\d{0,8}$/.test(key.idOrSlug)) query = query.where("id", "=", Number(key.idOrSlug));
  else query = query.where("slug", "=", key.idOrSlug.slice(0, 80));
  const test = await query.executeTakeFirst();
  if (!test) return null;
  const [sections, questions] = await Promise.all([
    db().selectFrom("practice_test_sections").select(["id", "position", "title", "time_limit_minutes", "passage"]).where("test_id", "=", test.id).orderBy("position").execute(),
    db()
      .selectFrom("practice_test_questions as q")
      .innerJoin("practice_test_sections as s", "s.id", "q.section_id")
      .select(["q.id", "q.section_id", "q.prompt", "q.choices", "q.answer_index", "q.explanation", "q.topic"])
      .where("s.test_id", "=", test.id)
      .orderBy("s.position")
      .orderBy("q.position")
      .execute(),
  ]);
  return {
    id: test.id,
    kind: test.kind,
    slug: test.slug,
    title: test.title,
    description: test.description,
    discipline: test.discipline,
    weekStart: test.week_start,
    conversion: test.conversion,
    sections: sections.map((section) => ({
      id: section.id,
      position: section.position,
      title: section.title,
      timeLimitMinutes: section.time_limit_minutes,
      passage: section.passage,
      questions: questions.filter((question) => question.section_id === section.id),
    })),
  };
}

interface SectionAttemptRow {
  id: number;
  section_id: number;
  started_at: Date;
  deadline_at: Date;
  answers: Record<string, number>;
  submitted_at: Date | null;
  timed_out: boolean;
  correct_count: number | null;
}

export interface OpenAttempt {
  id: number;
  startedAt: Date;
  sections: SectionAttemptRow[];
}

const sectionFacts = (row: SectionAttemptRow) => ({ sectionId: row.section_id, startedAt: row.started_at, deadlineAt: row.deadline_at, submittedAt: row.submitted_at });

async function openAttemptOf(executor: Executor, userId: number, testId: number, lock: boolean): Promise<OpenAttempt | null> {
  let query = executor.selectFrom("practice_test_attempts").select(["id", "started_at"]).where("user_id", "=", userId).where("test_id", "=", testId).where("finished_at", "is", null);
  if (lock) query = query.forUpdate();
  const attempt = await query.executeTakeFirst();
  if (!attempt) return null;
  const sections = await executor
    .selectFrom("practice_section_attempts")
    .select(["id", "section_id", "started_at", "deadline_at", "answers", "submitted_at", "timed_out", "correct_count"])
    .where("test_attempt_id", "=", attempt.id)
    .execute();
  return { id: attempt.id, startedAt: attempt.started_at, sections };
}

const progressOf = (test: PracticeTest, attempt: OpenAttempt | null, now: Date): TestProgress =>
  testProgress(
    test.sections.map((section) => ({ id: section.id, timeLimitMinutes: section.timeLimitMinutes })),
    attempt ? attempt.sections.map(sectionFacts) : null,
    now
  );

const chosen = (answers: QuizAnswers) => JSON.stringify(storedAnswers(answers));

/**
 * Submits a section in the transaction holding the attempt's lock: the posted answers when they
 * count, else those saved in time; and finishes the attempt, scored, when it was the last section.
 */
async function closeSection(trx: Executor, test: PracticeTest, attempt: OpenAttempt, row: SectionAttemptRow, posted: QuizAnswers | null, now: Date) {
  const section = test.sections.find((candidate) => candidate.id === row.section_id)!;
  const inTime = posted !== null && sectionTakesAnswers(sectionFacts(row), now);
  const answers = inTime ? posted : savedAnswers(row.answers);
  const score = scoreQuiz(section.questions, answers);
  await trx
    .updateTable("practice_section_attempts")
    .set({ submitted_at: now, timed_out: !inTime, correct_count: score.correctCount, answers: chosen(answers) })
    .where("id", "=", row.id)
    .execute();
  row.submitted_at = now;
  row.correct_count = score.correctCount;
  const finished = test.sections.every((candidate) => attempt.sections.some((done) => done.section_id === candidate.id && done.submitted_at !== null));
  if (finished) {
    const correct = attempt.sections.reduce((sum, done) => sum + (done.correct_count ?? 0), 0);
    const questions = test.sections.reduce((sum, candidate) => sum + candidate.questions.length, 0);
    await trx
      .updateTable("practice_test_attempts")
      .set({ finished_at: now, correct_count: correct, question_count: questions, scaled_score: convertedScore(test.conversion, correct) })
      .where("id", "=", attempt.id)
      .execute();
  }
  return { inTime, finished };
}

/** Submits whatever section's time ran out (with its saved answers); the attempt as it stands after. */
export async function settleAttempt(userId: number, test: PracticeTest, now: Date): Promise<{ attempt: OpenAttempt | null; progress: TestProgress; handedIn: number | null }> {
  const looked = await openAttemptOf(db(), userId, test.id, false);
  let handedIn: number | null = null;
  if (looked && progressOf(test, looked, now).kind === "time-up") {
    await db()
      .transaction()
      .execute(async (trx) => {
        const attempt = await openAttemptOf(trx, userId, test.id, true);
        const progress = attempt ? progressOf(test, attempt, now) : null;
        if (!attempt || progress?.kind !== "time-up") return;
        await closeSection(trx, test, attempt, attempt.sections.find((row) => row.section_id === progress.sectionId)!, null, now);
        handedIn = progress.sectionId;
      });
  }
  const attempt = await openAttemptOf(db(), userId, test.id, false);
  return { attempt, progress: progressOf(test, attempt, now), handedIn };
}

export type AttemptOutcome = { kind: "started" } | { kind: "saved" } | { kind: "submitted"; inTime: boolean; finished: boolean } | { kind: "refused"; status: 409; message: string };

const refused = (message: string): AttemptOutcome => ({ kind: "refused", status: 409, message });

/** Starts an attempt and its first section (a second tab pressing Start shares the same clock). */
export async function startAttempt(userId: number, test: PracticeTest, now: Date): Promise<AttemptOutcome> {
  await db()
    .insertInto("practice_test_attempts")
    .values({ user_id: userId, test_id: test.id, started_at: now })
    .onConflict((conflict) => conflict.columns(["user_id", "test_id"]).where("finished_at", "is", null).doNothing())
    .execute();
  return startSection(userId, test, test.sections[0]!.id, now);
}

/** Starts the next section's clock, when the one before is submitted. */
export async function startSection(userId: number, test: PracticeTest, sectionId: number, now: Date): Promise<AttemptOutcome> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const attempt = await openAttemptOf(trx, userId, test.id, true);
      const progress = progressOf(test, attempt, now);
      if (progress.kind === "in-section" && progress.sectionId === sectionId) return { kind: "started" } as const;
      if (!attempt || progress.kind !== "between" || progress.nextSectionId !== sectionId) return refused("That section is not the next one to start. Reload the page.");
      const section = test.sections.find((candidate) => candidate.id === sectionId)!;
      await trx
        .insertInto("practice_section_attempts")
        .values({ test_attempt_id: attempt.id, section_id: sectionId, started_at: now, deadline_at: deadlineFor(now, section.timeLimitMinutes) })
        .onConflict((conflict) => conflict.columns(["test_attempt_id", "section_id"]).doNothing())
        .execute();
      return { kind: "started" } as const;
    });
}

/**
 * Saves (`submit: false`) or submits the running section's answers. Answers that arrive after the
 * deadline's grace do not count: the section is submitted with those saved in time.
 */
export async function answerSection(input: { userId: number; test: PracticeTest; sectionId: number; answers: QuizAnswers; submit: boolean; now: Date }): Promise<AttemptOutcome> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const attempt = await openAttemptOf(trx, input.userId, input.test.id, true);
      const row = attempt?.sections.find((candidate) => candidate.section_id === input.sectionId);
      if (!attempt || !row || row.submitted_at) return refused("This section is already submitted.");
      if (!input.submit && sectionTakesAnswers(sectionFacts(row), input.now)) {
        await trx
          .updateTable("practice_section_attempts")
          .set({ answers: chosen(input.answers) })
          .where("id", "=", row.id)
          .execute();
        return { kind: "saved" } as const;
      }
      const closed = await closeSection(trx, input.test, attempt, row, input.answers, input.now);
      return { kind: "submitted", ...closed } as const;
    });
}

export interface AttemptSummary {
  id: number;
  startedAt: Date;
  finishedAt: Date;
  correctCount: number;
  questionCount: number;
  scaledScore: number | null;
}

/** A student's finished attempts at a test, newest first. */
export async function attemptHistory(userId: number, testId: number): Promise<AttemptSummary[]> {
  const rows = await db()
    .selectFrom("practice_test_attempts")
    .select(["id", "started_at", "finished_at", "correct_count", "question_count", "scaled_score"])
    .where("user_id", "=", userId)
    .where("test_id", "=", testId)
    .where("finished_at", "is not", null)
    .orderBy("finished_at", "desc")
    .limit(50)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    startedAt: row.started_at,
    finishedAt: row.finished_at!,
    correctCount: row.correct_count ?? 0,
    questionCount: row.question_count ?? 0,
    scaledScore: row.scaled_score,
  }));
}

export interface ReviewedSection {
  id: number;
  title: string;
  passage: string | null;
  correctCount: number;
  timedOut: boolean;
  questions: { id: number; prompt: string; choices: string[]; choiceIndex: number | null; answerIndex: number; correct: boolean; explanation: string; topic: string }[];
}

/** A finished attempt of this student's, section by section, every answer explained; null when it is not theirs or not finished. */
export async function attemptReview(userId: number, test: PracticeTest, attemptId: number): Promise<ReviewedSection[] | null> {
  const attempt = await db()
    .selectFrom("practice_test_attempts")
    .select("id")
    .where("id", "=", attemptId)
    .where("user_id", "=", userId)
    .where("test_id", "=", test.id)
    .where("finished_at", "is not", null)
    .executeTakeFirst();
  if (!attempt) return null;
  const rows = await db().selectFrom("practice_section_attempts").select(["section_id", "answers", "timed_out"]).where("test_attempt_id", "=", attempt.id).execute();
  return test.sections.map((section) => {
    const row = rows.find((candidate) => candidate.section_id === section.id);
    const score = scoreQuiz(section.questions, savedAnswers(row?.answers ?? {}));
    return {
      id: section.id,
      title: section.title,
      passage: section.passage,
      correctCount: score.correctCount,
      timedOut: row?.timed_out ?? true,
      questions: section.questions.map((question, index) => ({
        id: question.id,
        prompt: question.prompt,
        choices: question.choices,
        choiceIndex: score.questions[index]!.choiceIndex,
        answerIndex: question.answer_index,
        correct: score.questions[index]!.correct,
        explanation: question.explanation,
        topic: question.topic,
      })),
    };
  });
}

export interface CarsWeek {
  weekStart: string;
  title: string;
  discipline: string | null;
  /** This student's latest finished attempt at it. */
  score: { correctCount: number; questionCount: number } | null;
}

/** The CARS passages up to this week, newest first, with this student's latest score on each. */
export async function carsWeeks(userId: number | null, thisWeek: string): Promise<CarsWeek[]> {
  const rows = await db()
    .selectFrom("practice_tests as t")
    .select((eb) => [
      sql<string>`t.week_start::text`.as("week_start"),
      "t.title",
      "t.discipline",
      jsonObjectFrom(
        eb
          .selectFrom("practice_test_attempts as a")
          .select(["a.correct_count as correctCount", "a.question_count as questionCount"])
          .whereRef("a.test_id", "=", "t.id")
          .where("a.user_id", "=", userId ?? 0)
          .where("a.finished_at", "is not", null)
          .orderBy("a.finished_at", "desc")
          .limit(1)
      ).as("score"),
    ])
    .where("t.kind", "=", "cars")
    .where("t.week_start", "<=", thisWeek)
    .orderBy("t.week_start", "desc")
    .limit(52)
    .execute();
  return rows.map((row) => ({
    weekStart: row.week_start,
    title: row.title,
    discipline: row.discipline,
    score: row.score ? { correctCount: row.score.correctCount ?? 0, questionCount: row.score.questionCount ?? 0 } : null,
  }));
}

/** The LSAT practice tests, for /lsat and the LSAT dashboard tab. */
export async function lsatTests() {
  return db().selectFrom("practice_tests").select(["id", "slug", "title", "description"]).where("kind", "=", "lsat").orderBy("id").execute();
}
