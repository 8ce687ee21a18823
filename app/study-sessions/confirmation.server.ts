import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { Executor } from "~/db/executor";
import { sendMail } from "~/mail/mailer.server";
import { studySessionConfirmationMail } from "~/mail/templates";
import { calendarFileName, sessionCalendar, studySessionCalendarPath, studySessionPath } from "~/study-sessions/calendar";
import { calendarDatesFromJson } from "~/study-sessions/calendar-feed.server";

export class EnrolmentNotFoundError extends Error {
  constructor(enrolmentId: number) {
    super(`No study session enrolment ${enrolmentId}`);
    this.name = "EnrolmentNotFoundError";
  }
}

/**
 * Sends an enrolment's confirmation mail: the session's title, every date in UTC, links to the
 * session page and its calendar, and the session's .ics attached; then marks the enrolment
 * confirmed. Call it with the transaction that made the enrolment active: the outbox row (and,
 * with SMTP, the delivery job) is written in it, so a registration that rolls back sends
 * nothing. Sending again (an admin's "resend", optionally to another address `to`) sends another mail.
 */
export async function sendStudySessionConfirmation(executor: Executor, input: { enrolmentId: number; origin: string; to?: string }): Promise<void> {
  const row = await executor
    .selectFrom("study_session_users")
    .innerJoin("study_sessions", "study_sessions.id", "study_session_users.study_session_id")
    .innerJoin("users", "users.id", "study_session_users.user_id")
    .where("study_session_users.id", "=", input.enrolmentId)
    .select(["study_sessions.id as session_id", "study_sessions.title", "study_sessions.description", "users.email", "users.first_name"])
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom("study_session_dates")
          .select(["study_session_dates.id", "study_session_dates.start_time", "study_session_dates.end_time", "study_session_dates.calendar_sequence", "study_session_dates.updated_at"])
          .whereRef("study_session_dates.study_session_id", "=", "study_sessions.id")
          .orderBy("study_session_dates.start_time")
          .orderBy("study_session_dates.id"),
      ).as("dates"),
    )
    .executeTakeFirst();
  if (!row) throw new EnrolmentNotFoundError(input.enrolmentId);

  const session = { id: row.session_id, title: row.title, description: row.description, dates: calendarDatesFromJson(row.dates) };
  const mail = studySessionConfirmationMail({
    name: row.first_name,
    sessionTitle: session.title,
    dates: session.dates,
    url: new URL(studySessionPath(session.id), input.origin).toString(),
    calendarUrl: new URL(studySessionCalendarPath(session.id), input.origin).toString(),
  });
  const ics = sessionCalendar(session, input.origin);
  await sendMail(
    {
      to: input.to ?? row.email,
      ...mail,
      kind: "study_session_confirmation",
      attachments: [{ filename: calendarFileName(session), contentType: "text/calendar; charset=utf-8; method=PUBLISH", contentBase64: Buffer.from(ics, "utf8").toString("base64") }],
    },
    { executor },
  );
  await executor.updateTable("study_session_users").set({ confirmation_sent_at: new Date(), updated_at: new Date() }).where("id", "=", input.enrolmentId).execute();
}
