import { describe, expect, it } from "vitest";
import { groupMySessions, mySessionView, type MyEnrolment } from "~/study-sessions/my-sessions";

const NOW = new Date("2026-11-27T12:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const date = (id: number, startOffsetMs: number, hours = 2) => ({
  id,
  start_time: new Date(NOW.getTime() + startOffsetMs),
  end_time: new Date(NOW.getTime() + startOffsetMs + hours * HOUR),
});

function enrolment(id: number, overrides: Partial<MyEnrolment>): MyEnrolment {
  return {
    enrolment_id: id,
    status: "active",
    extended_access_date: null,
    session_id: id,
    title: `Session ${id}`,
    session_type: "exam_prep",
    disable_zoom: false,
    expires_at: null,
    dates: [],
    ...overrides,
  };
}

describe("grouping a student's sessions", () => {
  const groups = groupMySessions(
    [
      enrolment(1, { dates: [date(1, 3 * DAY)] }),
      enrolment(2, { dates: [date(2, -30 * 60_000)] }),
      enrolment(3, { dates: [date(3, -3 * DAY)] }),
      enrolment(4, { dates: [date(4, -40 * DAY)] }),
      enrolment(5, { status: "refunded", dates: [date(5, 2 * DAY)] }),
      enrolment(6, { status: "pending_payment", dates: [date(6, DAY)] }),
      enrolment(7, { status: "removed", dates: [date(7, DAY)] }),
      enrolment(8, { dates: [date(8, DAY)] }),
      enrolment(9, { dates: [] }),
      // Starts within the hour: live already (the join link opens an hour before).
      enrolment(10, { dates: [date(10, 45 * 60_000)] }),
    ],
    NOW,
  );

  it("puts each in its group, soonest first for live and upcoming, latest first for past", () => {
    expect({
      live: groups.live.map((session) => session.sessionId),
      upcoming: groups.upcoming.map((session) => session.sessionId),
      past: groups.past.map((session) => session.sessionId),
      refunded: groups.refunded.map((session) => session.sessionId),
    }).toEqual({ live: [2, 10], upcoming: [8, 1, 9], past: [3, 4], refunded: [5] });
  });

  it("leaves out open checkouts and removed enrolments", () => {
    const all = Object.values(groups).flat().map((session) => session.sessionId);
    expect(all).not.toContain(6);
    expect(all).not.toContain(7);
  });

  it("says until when a past session's material stays open (21 days after the last date), and that it closed", () => {
    const [recent, old] = groups.past;
    expect(recent!.accessUntil?.toISOString()).toBe(new Date(NOW.getTime() - 3 * DAY + 2 * HOUR + 21 * DAY).toISOString());
    expect(mySessionView(recent!).accessUntil).toBe("December 15, 2026");
    expect(old!.hasAccess).toBe(false);
    expect(mySessionView(old!).accessUntil).toBeNull();
  });

  it("offers the calendar file for active enrolments only", () => {
    expect(mySessionView(groups.upcoming[0]!).calendarHref).toBe("/study-sessions/8/calendar.ics");
    expect(mySessionView(groups.refunded[0]!).calendarHref).toBeNull();
  });

  it("words the next date in UTC", () => {
    expect(mySessionView(groups.upcoming[0]!).when).toBe("Saturday, November 28, 2026, 12:00–14:00 UTC");
  });
});
