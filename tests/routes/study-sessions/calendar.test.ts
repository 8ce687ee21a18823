import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { loader as feedLoader } from "~/routes/calendar-feeds+/$token";
import { loader as calendarLoader } from "~/routes/study-sessions+/$id.calendar[.ics]";
import { resetCalendarFeedToken } from "~/study-sessions/calendar-feed.server";
import { createSession, createStudent, enrol } from "../../integration/study-sessions/calendar-fixtures";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

/** GET /study-sessions/{id}/calendar.ics and /calendar-feeds/{token}.ics as a browser and a calendar app fetch them. */
const database = useTestDatabase();

async function signedIn(userId: number) {
  return routeVisitor({ session: await sessionCookieFor(userId) });
}

function events(ics: string) {
  return new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
}

describe("a session's calendar file", () => {
  it("downloads for an enrolled student as text/calendar, one event per date in UTC", async () => {
    const { db } = database();
    const session = await createSession(db, { title: "ECON 101 Midterm Review", dates: [{ start: new Date("2030-03-01T17:00:00Z") }, { start: new Date("2030-03-03T17:00:00Z") }] });
    const student = await createStudent(db);
    await enrol(db, session.id, student.id);
    const browser = await signedIn(student.id);

    const response = await browser.raw(calendarLoader, `/study-sessions/${session.id}/calendar.ics`, { params: { id: String(session.id) } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="econ-101-midterm-review-${session.id}.ics"`);
    expect(response.headers.get("Cache-Control")).toMatch(/^private/);
    const parsed = events(await response.text());
    expect(parsed.map((event) => [event.summary, event.startDate.zone?.tzid, event.startDate.toJSDate().toISOString()])).toEqual([
      ["ECON 101 Midterm Review (1 of 2)", "UTC", "2030-03-01T17:00:00.000Z"],
      ["ECON 101 Midterm Review (2 of 2)", "UTC", "2030-03-03T17:00:00.000Z"],
    ]);

    // Fetched again unchanged: 304 on its ETag.
    const etag = response.headers.get("ETag")!;
    const again = await browser.call(calendarLoader, `/study-sessions/${session.id}/calendar.ics`, { headers: { "If-None-Match": etag } }, { id: String(session.id) });
    expect(again.status).toBe(304);
  });

  it("is 404 for a student who is not enrolled, was refunded, or names no session", async () => {
    const { db } = database();
    const session = await createSession(db, { dates: [{ start: new Date("2030-03-05T17:00:00Z") }] });
    const [refunded, stranger] = await Promise.all([createStudent(db), createStudent(db)]);
    await enrol(db, session.id, refunded.id, { status: "refunded" });
    for (const user of [refunded, stranger]) {
      const answer = await (await signedIn(user.id)).get(calendarLoader, `/study-sessions/${session.id}/calendar.ics`, { params: { id: String(session.id) } });
      expect(answer.status).toBe(404);
    }
    for (const id of ["999999999", "abc", "0"]) {
      expect((await (await signedIn(stranger.id)).get(calendarLoader, `/study-sessions/${id}/calendar.ics`, { params: { id } })).status).toBe(404);
    }
  });

  it("sends a guest to sign in", async () => {
    const answer = await routeVisitor().get(calendarLoader, "/study-sessions/1/calendar.ics", { params: { id: "1" } });
    expect([302, 303]).toContain(answer.status);
    expect(answer.headers.get("Location")).toMatch(/sign_in|sign-in|login/);
  });
});

describe("the private feed", () => {
  it("answers the token's owner's active sessions, privately cached, without a cookie", async () => {
    const { db } = database();
    const student = await createStudent(db);
    const session = await createSession(db, { title: "BIOL 130 Office Hours", dates: [{ start: new Date("2030-09-01T14:00:00Z") }] });
    const refunded = await createSession(db, { title: "Refunded one", dates: [{ start: new Date("2030-09-02T14:00:00Z") }] });
    await enrol(db, session.id, student.id);
    await enrol(db, refunded.id, student.id, { status: "refunded" });
    const token = await resetCalendarFeedToken(student.id);

    const response = await routeVisitor().raw(feedLoader, `/calendar-feeds/${token}.ics`, { params: { token: `${token}.ics` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toMatch(/^private/);
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(events(await response.text()).map((event) => event.summary)).toEqual(["BIOL 130 Office Hours"]);
  });

  it("is 404 for an unknown, malformed, replaced or extension-less token", async () => {
    const { db } = database();
    const student = await createStudent(db);
    const old = await resetCalendarFeedToken(student.id);
    const current = await resetCalendarFeedToken(student.id);
    for (const token of [`${old}.ics`, "not-a-token.ics", `${"A".repeat(43)}.ics`, current, `${current}.ical`]) {
      const answer = await routeVisitor().get(feedLoader, `/calendar-feeds/${token}`, { params: { token } });
      expect(answer.status, token).toBe(404);
    }
    expect((await routeVisitor().get(feedLoader, `/calendar-feeds/${current}.ics`, { params: { token: `${current}.ics` } })).status).toBe(200);
  });
});
