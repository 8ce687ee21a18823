import { sql } from "kysely";
import { db } from "~/db/db.server";
import { dueSummaryQuery } from "~/flash-cards/decks.server";
import { studyStats, type StudyStats } from "~/study-stats/summary";

const DAY_MS = 24 * 60 * 60 * 1000;
/** FSRS's state of a card already learned (ts-fsrs `State.Review`): its reviews measure retention. */
const REVIEW_STATE = 2;

/** A user's study stats, or undefined when there is no such user. */
export async function studyStatsOfUser(userId: number, now: Date): Promise<(StudyStats & { id: number }) | undefined> {
  const user = await db().selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
  return user ? { id: user.id, ...(await studyStatsOf(user.id, now)) } : undefined;
}

/** A student's study stats now: a handful of counting queries, run together. */
export async function studyStatsOf(userId: number, now: Date): Promise<StudyStats> {
  const since7 = new Date(now.getTime() - 7 * DAY_MS);
  const since30 = new Date(now.getTime() - 30 * DAY_MS);
  const [due, reviews, topics, practiceAttempts, quizzes, tests, latestCars, activeDays] = await Promise.all([
    dueSummaryQuery(userId, now).executeTakeFirstOrThrow(),
    db()
      .selectFrom("flash_card_reviews")
      .select([
        sql<number>`(count(*) filter (where reviewed_at >= ${since7}))::int`.as("reviews7"),
        sql<number>`count(*)::int`.as("reviews30"),
        sql<number>`(count(*) filter (where state_before = ${REVIEW_STATE} and rating > 1))::int`.as("recalled30"),
        sql<number>`(count(*) filter (where state_before = ${REVIEW_STATE}))::int`.as("recallChances30"),
      ])
      .where("user_id", "=", userId)
      .where("reviewed_at", ">=", since30)
      .where("reviewed_at", "<=", now)
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom("quiz_question_submissions as s")
      .innerJoin("quiz_attempts as qa", "qa.id", "s.quiz_attempt_id")
      .innerJoin("activities as a", "a.id", "qa.activity_id")
      .innerJoin("quiz_questions as q", "q.id", "s.quiz_question_id")
      .select(["q.topic", sql<number>`(count(*) filter (where s.choice_index is not null))::int`.as("answered"), sql<number>`(count(*) filter (where s.correct))::int`.as("correct")])
      .where("qa.user_id", "=", userId)
      .where("a.activity_type", "=", "practice_question_set")
      .groupBy("q.topic")
      .execute(),
    db()
      .selectFrom("quiz_attempts as qa")
      .innerJoin("activities as a", "a.id", "qa.activity_id")
      .select(sql<number>`count(*)::int`.as("attempts"))
      .where("qa.user_id", "=", userId)
      .where("a.activity_type", "=", "practice_question_set")
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom("quiz_attempts as qa")
      .innerJoin("activities as a", "a.id", "qa.activity_id")
      .select([sql<number>`count(*)::int`.as("attempts"), sql<number>`coalesce(sum(qa.question_count), 0)::int`.as("answered"), sql<number>`coalesce(sum(qa.correct_count), 0)::int`.as("correct")])
      .where("qa.user_id", "=", userId)
      .where("a.activity_type", "!=", "practice_question_set")
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom("practice_test_attempts as pa")
      .innerJoin("practice_tests as t", "t.id", "pa.test_id")
      .select([
        sql<number>`(count(*) filter (where t.kind = 'cars'))::int`.as("cars"),
        sql<number>`(count(*) filter (where t.kind = 'lsat'))::int`.as("lsat"),
        sql<number | null>`max(pa.scaled_score) filter (where t.kind = 'lsat')`.as("bestLsat"),
      ])
      .where("pa.user_id", "=", userId)
      .where("pa.finished_at", "is not", null)
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom("practice_test_attempts as pa")
      .innerJoin("practice_tests as t", "t.id", "pa.test_id")
      .select([sql<string>`t.week_start::text`.as("weekStart"), "pa.correct_count", "pa.question_count"])
      .where("pa.user_id", "=", userId)
      .where("t.kind", "=", "cars")
      .where("pa.finished_at", "is not", null)
      .orderBy("t.week_start", "desc")
      .orderBy("pa.finished_at", "desc")
      .limit(1)
      .executeTakeFirst(),
    sql<{ days: number }>`
      select count(distinct day)::int as days from (
        select (reviewed_at at time zone 'UTC')::date as day from flash_card_reviews where user_id = ${userId} and reviewed_at >= ${since30} and reviewed_at <= ${now}
        union select (submitted_at at time zone 'UTC')::date from quiz_attempts where user_id = ${userId} and submitted_at >= ${since30} and submitted_at <= ${now}
        union select (finished_at at time zone 'UTC')::date from practice_test_attempts where user_id = ${userId} and finished_at >= ${since30} and finished_at <= ${now}
      ) as days`.execute(db()),
  ]);
  const answered = topics.reduce((sum, row) => sum + row.answered, 0);
  const correct = topics.reduce((sum, row) => sum + row.correct, 0);
  return studyStats({
    flashCards: { due: due.due, decksDue: due.decks, ...reviews },
    practiceSets: { attempts: practiceAttempts.attempts, answered, correct, topics },
    quizzes,
    practiceTests: {
      carsAttempts: tests.cars,
      lsatAttempts: tests.lsat,
      bestLsatScaled: tests.bestLsat,
      latestCars: latestCars ? { weekStart: latestCars.weekStart, correctCount: latestCars.correct_count ?? 0, questionCount: latestCars.question_count ?? 0 } : null,
    },
    activeDays30: activeDays.rows[0]?.days ?? 0,
  });
}
