import { jsonArrayFrom } from "kysely/helpers/postgres";
import { db } from "~/db/db.server";
import type { StudySessionType, StudySessionUserStatus } from "~/db/schema";
import { findCalendarFeedToken } from "~/study-sessions/calendar-feed.server";
import { groupMySessions, type MyEnrolment } from "~/study-sessions/my-sessions";

/**
 * The user's enrolments in live sessions with each session's dates, as one query that a page's
 * single statement can hold as a subquery (the dashboard does). Open checkouts and removals are
 * not the user's sessions; refunded ones are listed apart.
 */
export function myEnrolmentsQuery(userId: number) {
  return db()
    .selectFrom("study_session_users")
    .innerJoin("study_sessions", "study_sessions.id", "study_session_users.study_session_id")
    .where("study_session_users.user_id", "=", userId)
    .where("study_session_users.status", "in", ["active", "refunded"])
    .select([
      "study_session_users.id as enrolment_id",
      "study_session_users.status",
      "study_session_users.extended_access_date",
      "study_sessions.id as session_id",
      "study_sessions.title",
      "study_sessions.session_type",
      "study_sessions.disable_zoom",
      "study_sessions.expires_at",
    ])
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom("study_session_dates")
          .select(["study_session_dates.id", "study_session_dates.start_time", "study_session_dates.end_time"])
          .whereRef("study_session_dates.study_session_id", "=", "study_sessions.id")
          .orderBy("study_session_dates.start_time")
          .orderBy("study_session_dates.id"),
      ).as("dates"),
    )
    .orderBy("study_session_users.id");
}

type Time = Date | string;
interface EnrolmentJson {
  enrolment_id: number;
  status: StudySessionUserStatus;
  extended_access_date: Time | null;
  session_id: number;
  title: string;
  session_type: StudySessionType;
  disable_zoom: boolean;
  expires_at: Time | null;
  dates: { id: number; start_time: Time; end_time: Time }[];
}

const toDate = (value: Time | null) => (value === null ? null : new Date(value));

/** Rows of the query, read directly or through json (where times are text), as plain facts. */
export function myEnrolmentsFromRows(rows: readonly EnrolmentJson[]): MyEnrolment[] {
  return rows.map((row) => ({
    enrolment_id: Number(row.enrolment_id),
    status: row.status,
    extended_access_date: toDate(row.extended_access_date),
    session_id: Number(row.session_id),
    title: row.title,
    session_type: row.session_type,
    disable_zoom: row.disable_zoom,
    expires_at: toDate(row.expires_at),
    dates: row.dates.map((date) => ({ id: Number(date.id), start_time: new Date(date.start_time), end_time: new Date(date.end_time) })),
  }));
}

/** "My live sessions": the user's sessions by group and their calendar feed token (null before they make one). */
export async function loadMyStudySessions(userId: number, now = new Date()) {
  const [rows, feedToken] = await Promise.all([myEnrolmentsQuery(userId).execute(), findCalendarFeedToken(userId)]);
  return { groups: groupMySessions(myEnrolmentsFromRows(rows), now), feedToken };
}
