import { sql } from "kysely";
import { db } from "~/db/db.server";
import { dueSummaryQuery } from "~/flash-cards/decks.server";
import { studyStats, type StudyStats } from "~/study-stats/summary";
import { STUDY_WEEKS, studyWeeks, type TileCounts, type WeekOfStudy } from "~/study-stats/tiles";

const DAY_MS = 24 * 60 * 60 * 1000;
/** FSRS's state of a card already learned (ts-fsrs `State.Review`): its reviews measure retention. */
const REVIEW_STATE = 2;

/** Longest a practice test counts towards time studied: one left open overnight is not a night of study. */
export const PRACTICE_TEST_TIME_CAP_SECONDS = 3 * 60 * 60;

export type StudyStatsOfUser = StudyStats & { id: number; tiles: TileCounts; studyTimeByWeek: WeekOfStudy[] };

/** Whether there is such a user (the API's 404). */
export async function userExists(userId: number): Promise<boolean> {
  return (await db().selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst()) !== undefined;
}

/** A user's study stats with the dashboard's tiles and study time by week, or null when there is no such user. */
export async function studyStatsOfUser(userId: number, now: Date): Promise<StudyStatsOfUser | null> {
  if (!(await userExists(userId))) return null;
  const [stats, tiles] = await Promise.all([studyStatsOf(userId, now), studyTilesQuery(userId, now).executeTakeFirstOrThrow()]);
  return { id: userId, ...stats, ...tilesFromRow(tiles, now) };
}

/**
 * Time studied, one row per record of it: completed activities (the time their completion
 * recorded, quizzes of an enrolment included), quizzes taken outside an enrolment, and finished
 * practice tests (from start to finish, capped).
 */
function studyTimeSql(userId: number) {
  return sql`
    select ac.completed_at as at, ac.duration_seconds as seconds
      from activity_completions ac join online_course_users ocu on ocu.id = ac.online_course_user_id
      where ocu.user_id = ${userId}
    union all
    select submitted_at, duration_seconds from quiz_attempts where user_id = ${userId} and online_course_user_id is null
    union all
    select finished_at, least(extract(epoch from finished_at - started_at), ${PRACTICE_TEST_TIME_CAP_SECONDS})::int
      from practice_test_attempts where user_id = ${userId} and finished_at is not null`;
}

/**
 * The dashboard's tile counts (SPEC §9) and the study time of the last weeks, as one row of
 * subselects: the dashboard folds it into its own statement, the API runs it alone.
 */
export function studyTilesQuery(userId: number, now: Date) {
  return db().selectNoFrom([
    sql<number>`(select count(*)::int from tutoring_sessions where student_id = ${userId} and status <> 'cancelled' and starts_at <= ${now})`.as("coachingSessions"),
    sql<number>`(select count(*)::int from practice_test_attempts pa join practice_tests t on t.id = pa.test_id
      where pa.user_id = ${userId} and t.kind = 'cars' and pa.finished_at is not null)`.as("carsPassages"),
    sql<number>`(select count(*)::int from study_session_users ssu join study_sessions s on s.id = ssu.study_session_id
      where ssu.user_id = ${userId} and ssu.role = 'student' and ssu.status = 'active' and s.mcat_type is not null)`.as("mcatEvents"),
    sql<number>`(select coalesce(sum(seconds), 0)::int from (${studyTimeSql(userId)}) as study_time)`.as("studySeconds"),
    sql<number>`(select coalesce(sum(discount_cents), 0)::int from purchases where user_id = ${userId} and kind = 'online_course' and status = 'paid')`.as("boosterSavingsCents"),
    sql<number>`(select count(distinct ocu.online_course_id)::int from online_course_users ocu
      where ocu.user_id = ${userId} and exists (select 1 from activity_completions ac where ac.online_course_user_id = ocu.id))`.as("coursesStudied"),
    sql<number>`(
      (select count(*) from quiz_question_submissions s join quiz_attempts qa on qa.id = s.quiz_attempt_id where qa.user_id = ${userId} and s.choice_index is not null)
      + (select coalesce(sum(question_count), 0) from practice_test_attempts where user_id = ${userId} and finished_at is not null))::int`.as("questionsAttempted"),
    sql<number>`(select count(*)::int from questions where asker_id = ${userId})`.as("qaQuestions"),
    sql<WeekOfStudy[]>`(select coalesce(json_agg(json_build_object('weekStart', week, 'seconds', seconds) order by week), '[]'::json) from (
      select to_char(date_trunc('week', at at time zone 'UTC'), 'YYYY-MM-DD') as week, sum(seconds)::int as seconds
      from (${studyTimeSql(userId)}) as study_time
      where at >= ${now}::timestamptz - make_interval(weeks => ${STUDY_WEEKS}) and at <= ${now}
      group by 1) as weeks)`.as("studyTimeByWeek"),
  ]);
}

export type StudyTilesRow = Awaited<ReturnType<ReturnType<typeof studyTilesQuery>["executeTakeFirstOrThrow"]>>;

/** The tiles' counts and the chart's weeks (zeros filled in) from a `studyTilesQuery` row. */
export function tilesFromRow(row: StudyTilesRow, now: Date): { tiles: TileCounts; studyTimeByWeek: WeekOfStudy[] } {
  const { studyTimeByWeek, ...tiles } = row;
  return { tiles, studyTimeByWeek: studyWeeks(studyTimeByWeek, now) };
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
