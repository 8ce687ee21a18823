import { sql, type Transaction } from "kysely";
import type { Database } from "../../app/db/schema";
import { PRACTICE_SET_TOKEN_PRICE } from "../../app/practice-questions/practice-set";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";

const DAY_MS = 24 * 60 * 60 * 1000;
const COURSE = "waterloo-math-137-exam-prep";
const SET_TITLE = "Practice problems: Limits and Continuity";

/**
 * Practice sets on first start: the demo student holds MATH 137's Learn package, not Practice, so
 * its practice sets are for sale in tokens. She bought the Limits and Continuity set and practised
 * it two days ago, missing the Squeeze Theorem questions, so the set shows her accuracy by topic;
 * the other sets are hers to try buying.
 */
export async function seedPracticeSets(trx: Transaction<Database>, ids: { user: (email: string) => number }, now: Date): Promise<{ practice_set_unlocks: number; practice_set_attempts: number }> {
  const student = ids.user(`student@${DEMO_EMAIL_DOMAIN}`);
  const set = await trx
    .selectFrom("activities")
    .innerJoin("sections", "sections.id", "activities.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .innerJoin("online_courses", "online_courses.id", "chapters.online_course_id")
    .select("activities.id")
    .where("online_courses.slug", "=", COURSE)
    .where("activities.activity_type", "=", "practice_question_set")
    .where("activities.title", "=", SET_TITLE)
    .executeTakeFirstOrThrow();
  const questions = await trx.selectFrom("quiz_questions").select(["id", "answer_index", "choices", "topic"]).where("activity_id", "=", set.id).orderBy("position").execute();

  await trx
    .insertInto("practice_set_unlocks")
    .values({ user_id: student, activity_id: set.id, tokens: PRACTICE_SET_TOKEN_PRICE, created_at: new Date(now.getTime() - 3 * DAY_MS) })
    .execute();
  await trx
    .updateTable("users")
    .set({ token_balance: sql`token_balance - ${PRACTICE_SET_TOKEN_PRICE}` })
    .where("id", "=", student)
    .execute();
  await trx
    .insertInto("token_ledger")
    .values({ user_id: student, delta: -PRACTICE_SET_TOKEN_PRICE, reason: "practice_set", reference: `practice_set:${set.id}`, created_at: new Date(now.getTime() - 3 * DAY_MS) })
    .execute();

  // Right everywhere but the Squeeze Theorem, where she picked the next choice along.
  const answers = questions.map((question) => ({
    question,
    choice: question.topic === "The Squeeze Theorem" ? (question.answer_index + 1) % (question.choices as string[]).length : question.answer_index,
  }));
  const finishedAt = new Date(now.getTime() - 2 * DAY_MS);
  const correct = answers.filter((answer) => answer.choice === answer.question.answer_index).length;
  const quizAttempt = await trx
    .insertInto("quiz_attempts")
    .values({ user_id: student, activity_id: set.id, online_course_user_id: null, question_count: questions.length, correct_count: correct, duration_seconds: 14 * 60, submitted_at: finishedAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (answers.length > 0) {
    await trx
      .insertInto("quiz_question_submissions")
      .values(
        answers.map((answer) => ({ quiz_attempt_id: quizAttempt.id, quiz_question_id: answer.question.id, choice_index: answer.choice, correct: answer.choice === answer.question.answer_index }))
      )
      .execute();
  }
  await trx
    .insertInto("practice_set_attempts")
    .values({
      user_id: student,
      activity_id: set.id,
      mode: "practice",
      started_at: new Date(finishedAt.getTime() - 14 * 60_000),
      answers: JSON.stringify(Object.fromEntries(answers.map((answer) => [String(answer.question.id), answer.choice]))),
      finished_at: finishedAt,
      quiz_attempt_id: quizAttempt.id,
    })
    .execute();
  return { practice_set_unlocks: 1, practice_set_attempts: 1 };
}
