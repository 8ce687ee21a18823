import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sendDueTutoringReminders, TUTORING_SESSION_REMINDER_NOTIFICATION } from "~/tutoring/reminders.server";
import { useTestDatabase } from "../../support/database";
import { contract, person, tutor } from "./fixtures";

const database = useTestDatabase();
const ORIGIN = "http://app.test";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// Each test works with times of its own far in the future, so the demo data's sessions never fall in its window.
let base = Date.UTC(2031, 0, 1);
function freshStart() {
  base += 30 * 24 * HOUR;
  return new Date(base);
}

/** A paid contract between a new tutor (in Toronto) and a new student, with one session booked at `start`. */
async function bookedSession(start: Date, options: { bookedAt?: Date; paid?: boolean } = {}) {
  const { db } = database();
  const teacher = await tutor(db, { timeZone: "America/Toronto" });
  const student = await person(db);
  const agreement = await contract(db, { tutorId: teacher.id, studentId: student.id, paid: options.paid });
  const session = await db
    .insertInto("tutoring_sessions")
    .values({
      contract_id: agreement.id,
      tutor_id: teacher.id,
      student_id: student.id,
      starts_at: start,
      ends_at: new Date(start.getTime() + HOUR),
      room_slug: `tutoring-${randomBytes(9).toString("base64url")}`,
      created_at: options.bookedAt ?? new Date(start.getTime() - 10 * 24 * HOUR),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { teacher, student, contractId: agreement.id, sessionId: session.id };
}

async function remindersOf(email: string) {
  const { db } = database();
  return db.selectFrom("outbox_emails").select(["subject", "text_body"]).where("to_address", "=", email).where("kind", "=", "tutoring_session_reminder").orderBy("id").execute();
}

async function notificationsOf(userId: number) {
  const { db } = database();
  return db.selectFrom("notifications").select(["type", "group_key", "data"]).where("user_id", "=", userId).where("type", "=", TUTORING_SESSION_REMINDER_NOTIFICATION).orderBy("id").execute();
}

const run = (now: Date) => sendDueTutoringReminders(database().db, { now, origin: ORIGIN });

describe("tutoring session reminders", () => {
  it("reminds the student and the tutor by mail and notification 24 hours and 1 hour before, each once, in their own time zone", async () => {
    // 00:00 UTC on a winter day: 19:00 the evening before in Toronto.
    const start = freshStart();
    const { teacher, student, contractId, sessionId } = await bookedSession(start);

    expect((await run(new Date(start.getTime() - 25 * HOUR))).sent).toBe(0);
    expect((await run(new Date(start.getTime() - 24 * HOUR))).sent).toBe(1);
    expect((await run(new Date(start.getTime() - 23 * HOUR))).sent).toBe(0);
    expect((await run(new Date(start.getTime() - 59 * MINUTE))).sent).toBe(1);
    expect((await run(new Date(start.getTime() - 10 * MINUTE))).sent).toBe(0);

    for (const who of [student, teacher]) {
      const mails = await remindersOf(who.email);
      expect(mails.map((mail) => mail.subject)).toEqual(["Reminder: tutoring with Tess Tutor starts within a day", "Reminder: tutoring with Tess Tutor starts within the hour"]);
      expect(mails[0]!.text_body).toContain(`${ORIGIN}/my-tutoring/contracts/${contractId}`);
      const notifications = await notificationsOf(who.id);
      expect(notifications.map((notification) => notification.data)).toEqual([
        expect.objectContaining({ path: `/my-tutoring/contracts/${contractId}`, tutoring_session_id: sessionId, lead: "24h", starts_at: start.toISOString() }),
        expect.objectContaining({ path: `/my-tutoring/contracts/${contractId}`, tutoring_session_id: sessionId, lead: "1h" }),
      ]);
      expect(notifications[0]!.group_key).toBe(`tutoring-session-${sessionId}`);
    }
    // The student has no zone of their own: UTC, said so. The tutor reads their profile's zone.
    const day = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(start);
    expect((await remindersOf(student.email))[0]!.text_body).toContain(`- ${day}, 00:00–01:00 UTC`);
    const torontoDay = new Intl.DateTimeFormat("en-US", { timeZone: "America/Toronto", weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(start);
    expect((await remindersOf(teacher.email))[0]!.text_body).toContain(`- ${torontoDay}, 19:00–20:00 (America/Toronto)`);
  });

  it("sends each person one reminder per lead when the job runs twice, or three times at once", async () => {
    const start = freshStart();
    const sessions = await Promise.all([bookedSession(start), bookedSession(start), bookedSession(start)]);

    const atDayMark = new Date(start.getTime() - 24 * HOUR + MINUTE);
    const first = await Promise.all([run(atDayMark), run(atDayMark), run(atDayMark)]);
    expect(first.reduce((sum, result) => sum + result.sent, 0)).toBe(3);
    expect((await run(atDayMark)).sent).toBe(0);

    const atHourMark = new Date(start.getTime() - 30 * MINUTE);
    const second = await Promise.all([run(atHourMark), run(atHourMark), run(atHourMark)]);
    expect(second.reduce((sum, result) => sum + result.sent, 0)).toBe(3);
    expect((await run(atHourMark)).sent).toBe(0);

    for (const { teacher, student } of sessions) {
      for (const who of [teacher, student]) {
        expect((await remindersOf(who.email)).map((mail) => mail.subject)).toEqual([expect.stringContaining("within a day"), expect.stringContaining("within the hour")]);
        expect((await notificationsOf(who.id)).map((notification) => (notification.data as { lead: string }).lead)).toEqual(["24h", "1h"]);
      }
    }
    const rows = await database()
      .db.selectFrom("tutoring_session_reminders")
      .select(["tutoring_session_id", "lead"])
      .where("tutoring_session_id", "in", sessions.map((session) => session.sessionId))
      .execute();
    expect(rows).toHaveLength(6);
  });

  it("reminds no one of a cancelled session, nor of one under an unpaid contract, and stops once a session is cancelled", async () => {
    const { db } = database();
    const start = freshStart();
    const cancelled = await bookedSession(start);
    await db.updateTable("tutoring_sessions").set({ status: "cancelled", cancelled_by: cancelled.student.id, cancelled_at: new Date(start.getTime() - 48 * HOUR) }).where("id", "=", cancelled.sessionId).execute();
    const unpaid = await bookedSession(start, { paid: false });
    const later = await bookedSession(start);

    await run(new Date(start.getTime() - 24 * HOUR));
    await db.updateTable("tutoring_sessions").set({ status: "cancelled", cancelled_by: later.teacher.id, cancelled_at: new Date(start.getTime() - 2 * HOUR) }).where("id", "=", later.sessionId).execute();
    await run(new Date(start.getTime() - HOUR));

    for (const { teacher, student } of [cancelled, unpaid]) {
      for (const who of [teacher, student]) {
        expect(await remindersOf(who.email)).toEqual([]);
        expect(await notificationsOf(who.id)).toEqual([]);
      }
    }
    for (const who of [later.teacher, later.student]) {
      expect((await remindersOf(who.email)).map((mail) => mail.subject)).toEqual([expect.stringContaining("within a day")]);
      expect(await notificationsOf(who.id)).toHaveLength(1);
    }
  });

  it("reminds both people again for the new time when a session moves", async () => {
    const { db } = database();
    const start = freshStart();
    const { teacher, student, sessionId } = await bookedSession(start);
    expect((await run(new Date(start.getTime() - 24 * HOUR))).sent).toBe(1);

    const moved = new Date(start.getTime() + 6 * HOUR);
    await db.updateTable("tutoring_sessions").set({ starts_at: moved, ends_at: new Date(moved.getTime() + HOUR) }).where("id", "=", sessionId).execute();

    expect((await run(new Date(moved.getTime() - 24 * HOUR))).sent).toBe(1);
    expect((await run(new Date(moved.getTime() - 24 * HOUR))).sent).toBe(0);
    for (const who of [teacher, student]) {
      const mails = await remindersOf(who.email);
      expect(mails).toHaveLength(2);
      const notifications = await notificationsOf(who.id);
      expect(notifications.map((notification) => (notification.data as { starts_at: string }).starts_at)).toEqual([start.toISOString(), moved.toISOString()]);
    }
    expect((await remindersOf(student.email))[1]!.text_body).toContain(`${moved.toISOString().slice(11, 16)}–`);
  });

  it("sends a late job's due reminder, skips a lead whose moment passed before the booking, and sends none once the session started", async () => {
    const start = freshStart();
    // Booked three hours ahead: the booking's mail stands in for the day-before reminder.
    const lastMinute = await bookedSession(start, { bookedAt: new Date(start.getTime() - 3 * HOUR) });
    expect((await run(new Date(start.getTime() - 2 * HOUR))).sent).toBe(0);
    // Ten minutes past the hour mark: the 1 hour reminder only.
    expect((await run(new Date(start.getTime() - 50 * MINUTE))).sent).toBe(1);
    expect((await remindersOf(lastMinute.student.email)).map((mail) => mail.subject)).toEqual([expect.stringContaining("within the hour")]);

    const startedLater = freshStart();
    const tooLate = await bookedSession(startedLater);
    expect((await run(new Date(startedLater.getTime() + MINUTE))).sent).toBe(0);
    expect(await remindersOf(tooLate.teacher.email)).toEqual([]);
    expect(await remindersOf(tooLate.student.email)).toEqual([]);
  });
});
