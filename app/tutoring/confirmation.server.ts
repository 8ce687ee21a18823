import type { Executor } from "~/db/executor";
import { sendMail } from "~/mail/mailer.server";
import { tutoringSessionBookedMail } from "~/mail/templates";
import { tutoringCalendarFileName, tutoringSessionCalendar } from "~/tutoring/calendar";

/**
 * Mails a booked session to its student and its tutor, each with the session's .ics. Call it with
 * the booking's transaction: the outbox rows are written in it, so a booking that rolls back
 * mails nothing.
 */
export async function sendTutoringBookingMails(executor: Executor, input: { sessionId: number; origin: string }): Promise<void> {
  const row = await executor
    .selectFrom("tutoring_sessions as ts")
    .innerJoin("users as s", "s.id", "ts.student_id")
    .innerJoin("users as t", "t.id", "ts.tutor_id")
    .innerJoin("student_tutor_contracts as k", "k.id", "ts.contract_id")
    .leftJoin("courses as c", "c.id", "k.course_id")
    .where("ts.id", "=", input.sessionId)
    .select([
      "ts.id",
      "ts.contract_id",
      "ts.starts_at",
      "ts.ends_at",
      "ts.created_at",
      "s.email as student_email",
      "s.first_name as student_first_name",
      "s.last_name as student_last_name",
      "t.email as tutor_email",
      "t.first_name as tutor_first_name",
      "t.last_name as tutor_last_name",
      "c.code as course_code",
    ])
    .executeTakeFirstOrThrow();
  const url = new URL(`/my-tutoring/contracts/${row.contract_id}`, input.origin).toString();
  const date = { start_time: row.starts_at, end_time: row.ends_at };
  const people = [
    { to: row.student_email, name: row.student_first_name, withName: `${row.tutor_first_name} ${row.tutor_last_name}` },
    { to: row.tutor_email, name: row.tutor_first_name, withName: `${row.student_first_name} ${row.student_last_name}` },
  ];
  for (const person of people) {
    const title = `Tutoring with ${person.withName}${row.course_code ? ` (${row.course_code})` : ""}`;
    const ics = tutoringSessionCalendar({ id: row.id, title, start: row.starts_at, end: row.ends_at, url, bookedAt: row.created_at }, input.origin);
    await sendMail(
      {
        to: person.to,
        ...tutoringSessionBookedMail({ name: person.name, withName: person.withName, courseCode: row.course_code, date, url }),
        kind: "tutoring_session_booked",
        attachments: [{ filename: tutoringCalendarFileName(row.id), contentType: "text/calendar; charset=utf-8; method=PUBLISH", contentBase64: Buffer.from(ics, "utf8").toString("base64") }],
      },
      { executor },
    );
  }
}
