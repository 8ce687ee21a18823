import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { calendarFileName, dateUid, feedCalendar, sessionCalendar, type CalendarSession } from "~/study-sessions/calendar";

const ORIGIN = "https://marketplace.test";

const session: CalendarSession = {
  id: 7,
  title: "MATH 137 Midterm Crash Course; part \"A\", with commas",
  description: "Limits, derivatives\nand the chain rule.",
  dates: [
    // Out of order on purpose: the file lists them by start.
    { id: 32, start_time: new Date("2026-12-03T23:30:00Z"), end_time: new Date("2026-12-04T01:30:00Z"), calendar_sequence: 2, updated_at: new Date("2026-11-20T10:00:00Z") },
    { id: 31, start_time: new Date("2026-12-01T18:00:00Z"), end_time: new Date("2026-12-01T20:00:00Z"), calendar_sequence: 0, updated_at: new Date("2026-11-01T09:00:00Z") },
  ],
};

/** Parses with ical.js, a standard RFC 5545 parser, as a calendar app would read the file. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate,
      end: event.endDate,
      sequence: component.getFirstPropertyValue("sequence"),
      lastModified: component.getFirstPropertyValue("last-modified") as ICAL.Time | null,
      url: component.getFirstPropertyValue("url"),
    };
  });
  return { calendar, events };
}

describe("a session's calendar file", () => {
  const { calendar, events } = parse(sessionCalendar(session, ORIGIN));

  it("is one VCALENDAR (PUBLISH) with one VEVENT per date, in start order", () => {
    expect(calendar.name).toBe("vcalendar");
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(events).toHaveLength(2);
    expect(events.map((event) => event.uid)).toEqual([dateUid(31, ORIGIN), dateUid(32, ORIGIN)]);
  });

  it("gives every start and end in UTC, exactly the stored instants", () => {
    for (const event of events) {
      expect(event.start.zone?.tzid).toBe("UTC");
      expect(event.end.zone?.tzid).toBe("UTC");
    }
    expect(events.map((event) => [event.start.toJSDate().toISOString(), event.end.toJSDate().toISOString()])).toEqual([
      ["2026-12-01T18:00:00.000Z", "2026-12-01T20:00:00.000Z"],
      ["2026-12-03T23:30:00.000Z", "2026-12-04T01:30:00.000Z"],
    ]);
  });

  it("names the session (and which date of how many), keeps punctuation intact, and links to the session page", () => {
    expect(events.map((event) => event.summary)).toEqual([`${session.title} (1 of 2)`, `${session.title} (2 of 2)`]);
    expect(events[0]!.description).toContain("Limits, derivatives\nand the chain rule.");
    expect(events[0]!.description).toContain(`${ORIGIN}/study-sessions/7`);
    expect(events[0]!.url).toBe(`${ORIGIN}/study-sessions/7`);
  });

  it("carries each date's revision (SEQUENCE, LAST-MODIFIED), so a moved date replaces the event a phone already has", () => {
    expect(events.map((event) => event.sequence)).toEqual([0, 2]);
    expect(events[1]!.lastModified?.toJSDate().toISOString()).toBe("2026-11-20T10:00:00.000Z");
    const moved = { ...session, dates: [{ ...session.dates[1]!, start_time: new Date("2026-12-02T18:00:00Z"), end_time: new Date("2026-12-02T20:00:00Z"), calendar_sequence: 1 }] };
    const [event] = parse(sessionCalendar(moved, ORIGIN)).events;
    expect(event!.uid).toBe(dateUid(31, ORIGIN));
    expect(event!.sequence).toBe(1);
  });

  it("is the same text on every build of the same dates (no clock inside), so its ETag holds", () => {
    expect(sessionCalendar(session, ORIGIN)).toBe(sessionCalendar(session, ORIGIN));
  });

  it("has a plain one-session title when the session meets once", () => {
    const single = parse(sessionCalendar({ ...session, dates: [session.dates[0]!] }, ORIGIN));
    expect(single.events.map((event) => event.summary)).toEqual([session.title]);
  });
});

describe("the feed", () => {
  it("holds every date of every session, each under its own stable UID", () => {
    const other: CalendarSession = {
      id: 8,
      title: "CHEM 120 Office Hours",
      description: "",
      dates: [{ id: 40, start_time: new Date("2026-12-05T15:00:00Z"), end_time: new Date("2026-12-05T16:00:00Z"), calendar_sequence: 0, updated_at: new Date("2026-11-01T00:00:00Z") }],
    };
    const { calendar, events } = parse(feedCalendar([session, other], ORIGIN));
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Marketplace live sessions");
    expect(events.map((event) => event.uid).sort()).toEqual([dateUid(31, ORIGIN), dateUid(32, ORIGIN), dateUid(40, ORIGIN)].sort());
    expect(new Set(events.map((event) => event.uid)).size).toBe(3);
  });

  it("is a valid empty calendar for a student with no sessions", () => {
    const { calendar, events } = parse(feedCalendar([], ORIGIN));
    expect(calendar.name).toBe("vcalendar");
    expect(events).toEqual([]);
  });
});

describe("the file name", () => {
  it.each([
    [{ id: 7, title: "MATH 137 Midterm Crash Course" }, "math-137-midterm-crash-course-7.ics"],
    [{ id: 9, title: 'Évaluation "finale" / ../etc' }, "evaluation-finale-etc-9.ics"],
    [{ id: 3, title: "微积分" }, "study-session-3.ics"],
  ])("of %o is %s", (input, expected) => {
    expect(calendarFileName(input)).toBe(expected);
  });
});
