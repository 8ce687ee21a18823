import { describe, expect, it } from "vitest";
import { loader as dashboardLoader } from "~/routes/dashboard";
import MyLiveSessions, { action as mySessionsAction, loader as mySessionsLoader } from "~/routes/study-sessions+/_index";
import { feedSessions, findCalendarFeedToken } from "~/study-sessions/calendar-feed.server";
import { FEED_CREATED_MESSAGE, FEED_RESET_MESSAGE, FEED_REVOKED_MESSAGE } from "~/study-sessions/calendar-feed-forms";
import { createSession, createStudent, enrol, HOUR } from "../../integration/study-sessions/calendar-fixtures";
import { useTestDatabase } from "../../support/database";
import { htmlProblems, renderPage } from "../../support/render-page";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";
import { expectRedirectWithToast } from "../../support/toast";

/** /study-sessions ("My live sessions") and the dashboard's live-session section, as a browser without JavaScript uses them. */
const database = useTestDatabase();
const DAY = 24 * HOUR;

async function signedIn(userId: number) {
  return routeVisitor({ session: await sessionCookieFor(userId) });
}

/** One student with a session in every state, relative to now. */
async function studentWithSessions() {
  const { db } = database();
  const now = Date.now();
  const student = await createStudent(db);
  const live = await createSession(db, { title: "Live one", dates: [{ start: new Date(now - 30 * 60_000) }] });
  const soon = await createSession(db, { title: "Soon", dates: [{ start: new Date(now + 2 * DAY) }] });
  const later = await createSession(db, { title: "Later", dates: [{ start: new Date(now + 9 * DAY) }, { start: new Date(now + 16 * DAY) }] });
  const past = await createSession(db, { title: "Last week", dates: [{ start: new Date(now - 7 * DAY) }] });
  const refunded = await createSession(db, { title: "Refunded", dates: [{ start: new Date(now + 3 * DAY) }] });
  const checkout = await createSession(db, { title: "Open checkout", dates: [{ start: new Date(now + 3 * DAY) }] });
  for (const session of [live, soon, later, past]) await enrol(db, session.id, student.id);
  await enrol(db, refunded.id, student.id, { status: "refunded" });
  await enrol(db, checkout.id, student.id, { status: "pending_payment" });
  return { student, live, soon, later, past, refunded };
}

describe("My live sessions", () => {
  it("groups the student's sessions: live now, upcoming, past with access until, refunded", async () => {
    const { student, live, soon, later, past, refunded } = await studentWithSessions();
    const page = await (await signedIn(student.id)).get(mySessionsLoader, "/study-sessions");
    expect(page.status).toBe(200);
    const groups = Object.fromEntries(
      (page.data.groups as { key: string; sessions: { sessionId: number }[] }[]).map((group) => [group.key, group.sessions.map((session) => session.sessionId)]),
    );
    expect(groups).toEqual({ live: [live.id], upcoming: [soon.id, later.id], past: [past.id], refunded: [refunded.id] });

    const all = (page.data.groups as { sessions: Record<string, unknown>[] }[]).flatMap((group) => group.sessions);
    const pastRow = all.find((session) => session.sessionId === past.id)!;
    expect(pastRow.href).toBe(`/study-sessions/${past.id}`);
    expect(pastRow.accessUntil).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    const laterRow = all.find((session) => session.sessionId === later.id)!;
    expect(laterRow).toMatchObject({ dateCount: 2, calendarHref: `/study-sessions/${later.id}/calendar.ics` });
    expect(laterRow.when).toMatch(/UTC$/);
    expect(all.find((session) => session.sessionId === refunded.id)!.calendarHref).toBeNull();
    expect(page.data.feed).toBeNull();

    const html = await renderPage(MyLiveSessions, { loaderData: page.data, url: "/study-sessions" });
    expect(await htmlProblems(html)).toEqual([]);
    expect(html).toContain(`href="/study-sessions/${later.id}/calendar.ics"`);
    expect(html).toContain(">Create feed link</button>");
  });

  it("is empty, not an error, for a student without sessions", async () => {
    const student = await createStudent(database().db);
    const page = await (await signedIn(student.id)).get(mySessionsLoader, "/study-sessions");
    expect((page.data.groups as { sessions: unknown[] }[]).every((group) => group.sessions.length === 0)).toBe(true);
  });

  it("makes the feed link with a plain form, resets it (the old link stops working) and turns it off", async () => {
    const { student } = await studentWithSessions();
    const browser = await signedIn(student.id);

    const created = await browser.form(mySessionsAction, "/study-sessions", { intent: "reset-feed" });
    await expectRedirectWithToast(created, "/study-sessions#calendar-feed", FEED_CREATED_MESSAGE);
    const first = await findCalendarFeedToken(student.id);
    const page = await browser.get(mySessionsLoader, "/study-sessions");
    expect(page.data.feed).toEqual({ url: `http://app.test/calendar-feeds/${first}.ics`, webcalUrl: `webcal://app.test/calendar-feeds/${first}.ics` });
    const html = await renderPage(MyLiveSessions, { loaderData: page.data, url: "/study-sessions" });
    expect(await htmlProblems(html)).toEqual([]);
    expect(html).toContain(`value="http://app.test/calendar-feeds/${first}.ics"`);
    expect(html).toContain(">Reset link</button>");
    expect(await feedSessions(first!)).toHaveLength(4);

    const reset = await browser.form(mySessionsAction, "/study-sessions", { intent: "reset-feed" });
    await expectRedirectWithToast(reset, "/study-sessions#calendar-feed", FEED_RESET_MESSAGE);
    const second = await findCalendarFeedToken(student.id);
    expect(second).not.toBe(first);
    expect(await feedSessions(first!)).toBeNull();

    const revoked = await browser.form(mySessionsAction, "/study-sessions", { intent: "revoke-feed" });
    await expectRedirectWithToast(revoked, "/study-sessions#calendar-feed", FEED_REVOKED_MESSAGE);
    expect(await findCalendarFeedToken(student.id)).toBeNull();
    expect(await feedSessions(second!)).toBeNull();
  });

  it("answers an unknown intent with 400 and changes nothing", async () => {
    const student = await createStudent(database().db);
    const answer = await (await signedIn(student.id)).form(mySessionsAction, "/study-sessions", { intent: "delete-everything" });
    expect(answer.status).toBe(400);
    expect(await findCalendarFeedToken(student.id)).toBeNull();
  });

  it("sends a guest to sign in", async () => {
    const answer = await routeVisitor().get(mySessionsLoader, "/study-sessions");
    expect([302, 303]).toContain(answer.status);
  });
});

describe("the dashboard's live sessions", () => {
  it("lists the student's live, upcoming and still-open past sessions in the page's one statement", async () => {
    const { student, live, soon, later, past } = await studentWithSessions();
    const page = await (await signedIn(student.id)).get(dashboardLoader, "/dashboard");
    expect(page.status).toBe(200);
    expect((page.data.myStudySessions as { sessionId: number; group: string }[]).map((session) => [session.sessionId, session.group])).toEqual([
      [live.id, "live"],
      [soon.id, "upcoming"],
      [later.id, "upcoming"],
      [past.id, "past"],
    ]);
    // The session, then the whole page in one statement.
    expect(page.queries).toBe(2);
  });
});
