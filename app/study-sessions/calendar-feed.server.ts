import { randomBytes } from "node:crypto";
import type { ExpressionBuilder } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { Database } from "~/db/schema";
import type { CalendarDate, CalendarSession } from "~/study-sessions/calendar";

/**
 * Reading sessions for calendars, and the private feed tokens. A feed URL is a bearer secret
 * (calendar apps fetch it without cookies): 32 random bytes, one per user, replaced (and so
 * revoked) on reset.
 */

const TOKEN_BYTES = 32;
/** A token as generated: base64url of 32 bytes is 43 characters. Anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The dates of the session in the enclosing query (study_sessions.id), as a json array. */
function datesOfSession(eb: ExpressionBuilder<Database, "study_sessions">) {
  return jsonArrayFrom(
    eb
      .selectFrom("study_session_dates")
      .select(["study_session_dates.id", "study_session_dates.start_time", "study_session_dates.end_time", "study_session_dates.calendar_sequence", "study_session_dates.updated_at"])
      .whereRef("study_session_dates.study_session_id", "=", "study_sessions.id")
      .orderBy("study_session_dates.start_time")
      .orderBy("study_session_dates.id"),
  );
}

/** json_agg hands times back as text: make them Dates again. */
export function calendarDatesFromJson(rows: readonly { id: number; start_time: Date | string; end_time: Date | string; calendar_sequence: number; updated_at: Date | string }[]): CalendarDate[] {
  return rows.map((row) => ({
    id: Number(row.id),
    start_time: new Date(row.start_time),
    end_time: new Date(row.end_time),
    calendar_sequence: Number(row.calendar_sequence),
    updated_at: new Date(row.updated_at),
  }));
}

/** A session with its dates, for its calendar file, when the user holds an active enrolment in it; else null. */
export async function enrolledSessionCalendar(sessionId: number, userId: number, executor: Executor = db()): Promise<CalendarSession | null> {
  const row = await executor
    .selectFrom("study_session_users")
    .innerJoin("study_sessions", "study_sessions.id", "study_session_users.study_session_id")
    .where("study_session_users.study_session_id", "=", sessionId)
    .where("study_session_users.user_id", "=", userId)
    .where("study_session_users.status", "=", "active")
    .select(["study_sessions.id", "study_sessions.title", "study_sessions.description"])
    .select((eb) => datesOfSession(eb).as("dates"))
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, title: row.title, description: row.description, dates: calendarDatesFromJson(row.dates) };
}

/** Every session the feed's owner holds an active enrolment in, or null for an unknown token. One statement. */
export async function feedSessions(token: string, executor: Executor = db()): Promise<CalendarSession[] | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const feed = await executor
    .selectFrom("calendar_feeds")
    .where("calendar_feeds.token", "=", token)
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom("study_session_users")
          .innerJoin("study_sessions", "study_sessions.id", "study_session_users.study_session_id")
          .whereRef("study_session_users.user_id", "=", "calendar_feeds.user_id")
          .where("study_session_users.status", "=", "active")
          .select(["study_sessions.id", "study_sessions.title", "study_sessions.description"])
          .select((inner) => datesOfSession(inner).as("dates"))
          .orderBy("study_sessions.id"),
      ).as("sessions"),
    )
    .executeTakeFirst();
  if (!feed) return null;
  return feed.sessions.map((session) => ({
    id: Number(session.id),
    title: session.title,
    description: session.description,
    dates: calendarDatesFromJson(session.dates),
  }));
}

export async function findCalendarFeedToken(userId: number, executor: Executor = db()): Promise<string | null> {
  const row = await executor.selectFrom("calendar_feeds").select("token").where("user_id", "=", userId).executeTakeFirst();
  return row?.token ?? null;
}

export function newFeedToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

/** Creates the user's feed token, or replaces it: the old link stops working at once. */
export async function resetCalendarFeedToken(userId: number, executor: Executor = db()): Promise<string> {
  const token = newFeedToken();
  await executor
    .insertInto("calendar_feeds")
    .values({ user_id: userId, token })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ token }))
    .execute();
  return token;
}

/** Turns the feed off: its link answers 404 from now on. */
export async function revokeCalendarFeed(userId: number, executor: Executor = db()): Promise<boolean> {
  const result = await executor.deleteFrom("calendar_feeds").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
