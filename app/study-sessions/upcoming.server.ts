import { sql } from "kysely";
import { db } from "~/db/db.server";

/**
 * Study sessions with a date that has not ended yet, soonest first, each with the start of
 * its next such date. Optionally only those offered for some courses, or taught by someone.
 */
export async function listUpcomingStudySessions({
  now,
  limit,
  courseIds,
  instructorId,
}: {
  now: Date;
  limit: number;
  courseIds?: number[];
  instructorId?: number;
}) {
  if (courseIds?.length === 0) return [];
  let query = db()
    .selectFrom("study_sessions")
    .innerJoin("study_session_dates", "study_session_dates.study_session_id", "study_sessions.id")
    .where("study_session_dates.end_time", ">", now);
  if (courseIds) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("study_session_courses")
          .whereRef("study_session_courses.study_session_id", "=", "study_sessions.id")
          .where("study_session_courses.course_id", "in", courseIds)
          .select("study_session_courses.course_id"),
      ),
    );
  }
  if (instructorId !== undefined) query = query.where("study_sessions.instructor_id", "=", instructorId);
  return query
    .groupBy("study_sessions.id")
    .select([
      "study_sessions.id",
      "study_sessions.title",
      "study_sessions.session_type",
      "study_sessions.price_cents",
      "study_sessions.currency",
      sql<Date>`min(study_session_dates.start_time)`.as("next_start"),
    ])
    .orderBy("next_start")
    .orderBy("study_sessions.id")
    .limit(limit)
    .execute();
}

export type UpcomingStudySession = Awaited<ReturnType<typeof listUpcomingStudySessions>>[number];
