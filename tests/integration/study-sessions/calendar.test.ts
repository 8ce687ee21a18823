import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { dateUid } from "~/study-sessions/calendar";
import { enrolledSessionCalendar, feedSessions, findCalendarFeedToken, resetCalendarFeedToken, revokeCalendarFeed } from "~/study-sessions/calendar-feed.server";
import { EnrolmentNotFoundError, sendStudySessionConfirmation } from "~/study-sessions/confirmation.server";
import { useTestDatabase } from "../../support/database";
import { createSession, createStudent, enrol } from "./calendar-fixtures";

const database = useTestDatabase();
const ORIGIN = "https://marketplace.test";

const confirmationsTo = (email: string) =>
  database().db.selectFrom("outbox_emails").selectAll().where("to_address", "=", email).where("kind", "=", "study_session_confirmation").execute();

function eventsOf(ics: string) {
  return new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
}

describe("the confirmation mail", () => {
  it("names the session and every date in UTC, links the page and its calendar, attaches the .ics and marks the enrolment confirmed", async () => {
    const { db } = database();
    const session = await createSession(db, {
      title: "MATH 135 Final Exam Prep",
      dates: [{ start: new Date("2030-04-02T18:00:00Z") }, { start: new Date("2030-04-04T23:00:00Z"), hours: 3 }],
    });
    const student = await createStudent(db, "Amira");
    const enrolment = await enrol(db, session.id, student.id);

    await db.transaction().execute((trx) => sendStudySessionConfirmation(trx, { enrolmentId: enrolment.id, origin: ORIGIN }));

    const [mail] = await confirmationsTo(student.email);
    expect(mail!.subject).toBe("You are registered for MATH 135 Final Exam Prep");
    expect(mail!.text_body).toContain("Hi Amira,");
    expect(mail!.text_body).toContain("Tuesday, April 2, 2030, 18:00–20:00 UTC");
    expect(mail!.text_body).toContain("Thursday, April 4, 2030, 23:00–April 5 02:00 UTC");
    expect(mail!.text_body).toContain(`${ORIGIN}/study-sessions/${session.id}`);
    expect(mail!.text_body).toContain(`${ORIGIN}/study-sessions/${session.id}/calendar.ics`);
    expect(mail!.html_body).toContain("<li>Tuesday, April 2, 2030, 18:00–20:00 UTC</li>");

    expect(mail!.attachments).toHaveLength(1);
    const [file] = mail!.attachments;
    expect(file!.filename).toBe(`math-135-final-exam-prep-${session.id}.ics`);
    expect(file!.contentType).toMatch(/^text\/calendar/);
    const events = eventsOf(Buffer.from(file!.contentBase64, "base64").toString("utf8"));
    expect(events.map((event) => [event.uid, event.startDate.zone?.tzid, event.startDate.toJSDate().toISOString()])).toEqual([
      [dateUid(session.dates[0]!.id, ORIGIN), "UTC", "2030-04-02T18:00:00.000Z"],
      [dateUid(session.dates[1]!.id, ORIGIN), "UTC", "2030-04-04T23:00:00.000Z"],
    ]);

    const row = await db.selectFrom("study_session_users").select("confirmation_sent_at").where("id", "=", enrolment.id).executeTakeFirstOrThrow();
    expect(row.confirmation_sent_at).toBeInstanceOf(Date);
  });

  it("sends nothing and marks nothing when the registration's transaction rolls back", async () => {
    const { db } = database();
    const session = await createSession(db, { dates: [{ start: new Date("2030-05-01T15:00:00Z") }] });
    const student = await createStudent(db);
    const enrolment = await enrol(db, session.id, student.id);
    await expect(
      db.transaction().execute(async (trx) => {
        await sendStudySessionConfirmation(trx, { enrolmentId: enrolment.id, origin: ORIGIN });
        throw new Error("the payment was declined");
      }),
    ).rejects.toThrow("declined");
    expect(await confirmationsTo(student.email)).toEqual([]);
    const row = await db.selectFrom("study_session_users").select("confirmation_sent_at").where("id", "=", enrolment.id).executeTakeFirstOrThrow();
    expect(row.confirmation_sent_at).toBeNull();
  });

  it("says so when the session has no dates yet, and attaches an empty calendar", async () => {
    const { db } = database();
    const session = await createSession(db, { title: "Weekly tutorial", dates: [] });
    const student = await createStudent(db);
    const enrolment = await enrol(db, session.id, student.id);
    await sendStudySessionConfirmation(db, { enrolmentId: enrolment.id, origin: ORIGIN });
    const [mail] = await confirmationsTo(student.email);
    expect(mail!.text_body).toContain("Its dates are not set yet");
    expect(eventsOf(Buffer.from(mail!.attachments[0]!.contentBase64, "base64").toString())).toEqual([]);
  });

  it("refuses an enrolment that does not exist", async () => {
    await expect(sendStudySessionConfirmation(database().db, { enrolmentId: 999_999_999, origin: ORIGIN })).rejects.toBeInstanceOf(EnrolmentNotFoundError);
  });
});

describe("calendars and the private feed", () => {
  it("gives a session's calendar only to a student with an active enrolment", async () => {
    const { db } = database();
    const session = await createSession(db, { dates: [{ start: new Date("2030-06-01T15:00:00Z") }] });
    const [active, refunded, stranger] = await Promise.all([createStudent(db), createStudent(db), createStudent(db)]);
    await enrol(db, session.id, active.id);
    await enrol(db, session.id, refunded.id, { status: "refunded" });
    expect((await enrolledSessionCalendar(session.id, active.id))?.dates.map((date) => date.start_time.toISOString())).toEqual(["2030-06-01T15:00:00.000Z"]);
    expect(await enrolledSessionCalendar(session.id, refunded.id)).toBeNull();
    expect(await enrolledSessionCalendar(session.id, stranger.id)).toBeNull();
  });

  it("lists every active enrolment's session in the feed, under a token that a reset replaces and a revoke ends", async () => {
    const { db } = database();
    const student = await createStudent(db);
    const first = await createSession(db, { dates: [{ start: new Date("2030-07-01T15:00:00Z") }, { start: new Date("2030-07-08T15:00:00Z") }] });
    const second = await createSession(db, { dates: [{ start: new Date("2030-07-03T15:00:00Z") }] });
    const gone = await createSession(db, { dates: [{ start: new Date("2030-07-05T15:00:00Z") }] });
    await enrol(db, first.id, student.id);
    await enrol(db, second.id, student.id);
    await enrol(db, gone.id, student.id, { status: "refunded" });

    expect(await findCalendarFeedToken(student.id)).toBeNull();
    const token = await resetCalendarFeedToken(student.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await findCalendarFeedToken(student.id)).toBe(token);
    const sessions = await feedSessions(token);
    expect(sessions?.map((session) => [session.id, session.dates.length])).toEqual([
      [first.id, 2],
      [second.id, 1],
    ]);

    const replaced = await resetCalendarFeedToken(student.id);
    expect(replaced).not.toBe(token);
    expect(await feedSessions(token)).toBeNull();
    expect(await feedSessions(replaced)).toHaveLength(2);

    expect(await revokeCalendarFeed(student.id)).toBe(true);
    expect(await feedSessions(replaced)).toBeNull();
    expect(await feedSessions("not-a-token")).toBeNull();
  });

  it("shows a moved date with a higher SEQUENCE under the same UID", async () => {
    const { db } = database();
    const student = await createStudent(db);
    const session = await createSession(db, { dates: [{ start: new Date("2030-08-01T15:00:00Z") }] });
    await enrol(db, session.id, student.id);
    const before = await enrolledSessionCalendar(session.id, student.id);
    await db
      .updateTable("study_session_dates")
      .set({ start_time: new Date("2030-08-02T15:00:00Z"), end_time: new Date("2030-08-02T17:00:00Z") })
      .where("id", "=", session.dates[0]!.id)
      .execute();
    // An update that moves nothing does not bump it.
    await db.updateTable("study_session_dates").set({ join_url: "https://meet.example.test/1" }).where("id", "=", session.dates[0]!.id).execute();
    const after = await enrolledSessionCalendar(session.id, student.id);
    expect(after!.dates[0]!.id).toBe(before!.dates[0]!.id);
    expect([before!.dates[0]!.calendar_sequence, after!.dates[0]!.calendar_sequence]).toEqual([0, 1]);
    expect(after!.dates[0]!.updated_at.getTime()).toBeGreaterThanOrEqual(before!.dates[0]!.updated_at.getTime());
  });
});
