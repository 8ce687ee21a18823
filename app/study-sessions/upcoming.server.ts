import { sql } from "kysely";
import { db } from "~/db/db.server";

interface UpcomingFilter {
  now: Date;
  limit: number;
  /** Only sessions offered for one of these courses. */
  courseIds?: number[];
  /** Only sessions offered for a course this student is enrolled in. */
  studentId?: number;
  /** Only sessions this instructor teaches. */
  instructorId?: number;
}

/**
 * Study sessions with a date that has not ended yet, soonest first, each with the start of its
 * next such date, as one query (also a subquery of a page's single statement).
 */
export function upcomingStudySessionsQuery({ now, limit, courseIds, studentId, instructorId }: UpcomingFilter) {
  let query = db()
    .selectFrom("study_sessions")
    .innerJoin("study_session_dates", "study_session_dates.study_session_id", "study_sessions.id")
    .where("study_session_dates.end_time", ">", now);
  if (courseIds) {
    // An empty list matches nothing (an empty IN list is not SQL).
    const ids = courseIds.length > 0 ? courseIds : [-1];
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("study_session_courses")
          .whereRef("study_session_courses.study_session_id", "=", "study_sessions.id")
          .where("study_session_courses.course_id", "in", ids)
          .select("study_session_courses.course_id"),
      ),
    );
  }
  if (studentId !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("study_session_courses")
          .innerJoin("user_courses", "user_courses.course_id", "study_session_courses.course_id")
          .whereRef("study_session_courses.study_session_id", "=", "study_sessions.id")
          .where("user_courses.user_id", "=", studentId)
          .where("user_courses.relation", "=", "enrolled")
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
    .limit(limit);
}

export async function listUpcomingStudySessions(filter: UpcomingFilter) {
  if (filter.courseIds?.length === 0) return [];
  return upcomingStudySessionsQuery(filter).execute();
}

export type UpcomingStudySession = Awaited<ReturnType<typeof listUpcomingStudySessions>>[number];

/** Rows of upcomingStudySessionsQuery read as JSON, where the start came back as text. */
export function upcomingFromJson(rows: readonly (Omit<UpcomingStudySession, "next_start"> & { next_start: Date | string })[]): UpcomingStudySession[] {
  return rows.map((row) => ({ ...row, next_start: new Date(row.next_start) }));
}
