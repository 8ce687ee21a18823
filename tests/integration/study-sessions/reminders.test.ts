import { describe, expect, it } from "vitest";
import { STUDY_SESSION_REMINDER_NOTIFICATION, sendDueReminders } from "~/study-sessions/reminders.server";
import { useTestDatabase } from "../../support/database";
import { createSession, createStudent, enrol, HOUR } from "./calendar-fixtures";

const database = useTestDatabase();
const ORIGIN = "http://app.test";
const MINUTE = 60_000;

// Each test works with times of its own far in the future, so the demo data's dates never fall in its window.
let base = Date.UTC(2031, 0, 1);
function freshStart() {
  base += 30 * 24 * HOUR;
  return new Date(base);
}

async function remindersOf(email: string) {
  const { db } = database();
  return db.selectFrom("outbox_emails").select(["subject", "kind", "text_body"]).where("to_address", "=", email).where("kind", "=", "study_session_reminder").orderBy("id").execute();
}

async function notificationsOf(userId: number) {
  const { db } = database();
  return db.selectFrom("notifications").select(["type", "group_key", "data"]).where("user_id", "=", userId).where("type", "=", STUDY_SESSION_REMINDER_NOTIFICATION).orderBy("id").execute();
}

const run = (now: Date) => sendDueReminders(database().db, { now, origin: ORIGIN });

describe("study session reminders", () => {
  it("reminds an enrolled student by mail and notification 24 hours and 1 hour before, each once", async () => {
    const { db } = database();
    const start = freshStart();
    const session = await createSession(db, { title: "STAT 230 Final Review", dates: [{ start }] });
    const student = await createStudent(db, "Noor");
    await enrol(db, session.id, student.id, { createdAt: new Date(start.getTime() - 10 * 24 * HOUR) });

    expect((await run(new Date(start.getTime() - 25 * HOUR))).sent).toBe(0);
    expect((await run(new Date(start.getTime() - 24 * HOUR))).sent).toBe(1);
    expect((await run(new Date(start.getTime() - 23 * HOUR))).sent).toBe(0);
    expect((await run(new Date(start.getTime() - 59 * MINUTE))).sent).toBe(1);
    expect((await run(new Date(start.getTime() - 10 * MINUTE))).sent).toBe(0);

    const mails = await remindersOf(student.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Reminder: STAT 230 Final Review starts within a day", "Reminder: STAT 230 Final Review starts within the hour"]);
    expect(mails[0]!.text_body).toContain(`${ORIGIN}/study-sessions/${session.id}`);
    expect(mails[0]!.text_body).toContain("UTC");
    const notifications = await notificationsOf(student.id);
    expect(notifications).toHaveLength(2);
    expect(notifications[0]).toMatchObject({ group_key: String(session.id), data: { study_session_id: session.id, lead: "24h", path: `/study-sessions/${session.id}` } });
  });

  it("sends nothing twice when the job runs twice, or twice at once", async () => {
    const { db } = database();
    const start = freshStart();
    const session = await createSession(db, { dates: [{ start }] });
    const students = await Promise.all([createStudent(db), createStudent(db), createStudent(db)]);
    for (const student of students) await enrol(db, session.id, student.id, { createdAt: new Date(start.getTime() - 48 * HOUR) });
    const now = new Date(start.getTime() - 30 * MINUTE);

    const runs = await Promise.all([run(now), run(now), run(now)]);
    expect(runs.reduce((sum, result) => sum + result.sent, 0)).toBe(3);
    expect((await run(now)).sent).toBe(0);
    for (const student of students) {
      expect(await remindersOf(student.email)).toHaveLength(1);
      expect(await notificationsOf(student.id)).toHaveLength(1);
    }
  });

  it("reminds no refunded, removed or unpaid enrolment", async () => {
    const { db } = database();
    const start = freshStart();
    const session = await createSession(db, { dates: [{ start }] });
    const [refunded, removed, pending] = await Promise.all([createStudent(db), createStudent(db), createStudent(db)]);
    const enrolledAt = new Date(start.getTime() - 48 * HOUR);
    await enrol(db, session.id, refunded.id, { status: "refunded", createdAt: enrolledAt });
    await enrol(db, session.id, removed.id, { status: "removed", createdAt: enrolledAt });
    await enrol(db, session.id, pending.id, { status: "pending_payment", createdAt: enrolledAt });

    await run(new Date(start.getTime() - 24 * HOUR));
    await run(new Date(start.getTime() - HOUR));
    for (const student of [refunded, removed, pending]) {
      expect(await remindersOf(student.email)).toEqual([]);
      expect(await notificationsOf(student.id)).toEqual([]);
    }
  });

  it("stops reminding a student refunded after the first reminder", async () => {
    const { db } = database();
    const start = freshStart();
    const session = await createSession(db, { dates: [{ start }] });
    const student = await createStudent(db);
    const enrolment = await enrol(db, session.id, student.id, { createdAt: new Date(start.getTime() - 48 * HOUR) });
    await run(new Date(start.getTime() - 24 * HOUR));
    await db.updateTable("study_session_users").set({ status: "refunded" }).where("id", "=", enrolment.id).execute();
    await run(new Date(start.getTime() - HOUR));
    expect((await remindersOf(student.email)).map((mail) => mail.subject)).toHaveLength(1);
  });

  it("reminds again for the new time when a date moves, and the calendar revision goes up", async () => {
    const { db } = database();
    const start = freshStart();
    const session = await createSession(db, { title: "PHYS 121 Office Hours", dates: [{ start }] });
    const student = await createStudent(db);
    await enrol(db, session.id, student.id, { createdAt: new Date(start.getTime() - 48 * HOUR) });
    await run(new Date(start.getTime() - 24 * HOUR));

    const moved = new Date(start.getTime() + 6 * HOUR);
    await db.updateTable("study_session_dates").set({ start_time: moved, end_time: new Date(moved.getTime() + 2 * HOUR) }).where("id", "=", session.dates[0]!.id).execute();
    const date = await db.selectFrom("study_session_dates").select(["calendar_sequence"]).where("id", "=", session.dates[0]!.id).executeTakeFirstOrThrow();
    expect(date.calendar_sequence).toBe(1);

    expect((await run(new Date(moved.getTime() - 24 * HOUR))).sent).toBe(1);
    expect((await run(new Date(moved.getTime() - 24 * HOUR))).sent).toBe(0);
    const mails = await remindersOf(student.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text_body).toContain(`${moved.toISOString().slice(11, 16)}`);
  });

  it("still sends a due reminder when the job runs late, but none once the date has started", async () => {
    const { db } = database();
    const start = freshStart();
    const session = await createSession(db, { dates: [{ start }, { start: new Date(start.getTime() + 7 * 24 * HOUR) }] });
    const late = await createStudent(db);
    await enrol(db, session.id, late.id, { createdAt: new Date(start.getTime() - 48 * HOUR) });

    // Ten minutes past the hour mark: the 1 hour reminder, only (never the day-before one on top).
    expect((await run(new Date(start.getTime() - 50 * MINUTE))).sent).toBe(1);
    expect((await remindersOf(late.email)).map((mail) => mail.subject)).toEqual([expect.stringContaining("within the hour")]);

    const tooLate = await createStudent(db);
    await enrol(db, session.id, tooLate.id, { createdAt: new Date(start.getTime() - 48 * HOUR) });
    expect((await run(new Date(start.getTime() + MINUTE))).sent).toBe(0);
    expect(await remindersOf(tooLate.email)).toEqual([]);
  });
});
