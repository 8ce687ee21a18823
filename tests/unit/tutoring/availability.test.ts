import { describe, expect, it } from "vitest";
import {
  availabilityWindowsOn,
  bookableSlots,
  isBookableSlot,
  isValidTimeZone,
  localTimeToInstant,
  slotsByDay,
  weeklyWindowProblems,
  type AvailabilityException,
  type Interval,
  type SlotQuery,
  type WeeklyWindow,
} from "~/tutoring/availability";

// Every expected instant below was worked out by hand from the zones' offsets:
// America/Toronto EDT = UTC−4, EST = UTC−5 (spring forward 2027-03-14 02:00 → 03:00 at 07:00Z,
// fall back 2026-11-01 02:00 → 01:00 at 06:00Z); Europe/Berlin CET = UTC+1, CEST = UTC+2 (spring
// 2027-03-28 at 01:00Z, fall 2026-10-25 at 01:00Z); Europe/London BST = UTC+1 (GMT until
// 2027-03-28 01:00Z); Asia/Kolkata UTC+5:30; America/Los_Angeles PDT = UTC−7;
// America/St_Johns NST = UTC−3:30, NDT = UTC−2:30 (2027-03-14 02:00 → 03:00 at 05:30Z).
const utc = (text: string) => new Date(`${text}:00.000Z`);
const starts = (slots: Interval[]) => slots.map((slot) => slot.start);
const hm = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const weekly = (weekday: number, start: string, end: string): WeeklyWindow => ({ weekday, startMinute: hm(start), endMinute: hm(end) });
const off = (date: string, start?: string, end?: string): AvailabilityException => ({
  date,
  kind: "unavailable",
  startMinute: start ? hm(start) : null,
  endMinute: end ? hm(end) : null,
});
const extra = (date: string, start: string, end: string): AvailabilityException => ({ date, kind: "available", startMinute: hm(start), endMinute: hm(end) });

const LONG_AGO = utc("2020-01-01T00:00");
const query = (overrides: Partial<SlotQuery>): SlotQuery => ({
  timeZone: "America/Toronto",
  weekly: [],
  exceptions: [],
  bookings: [],
  from: utc("2026-06-01T04:00"),
  to: utc("2026-06-02T04:00"),
  now: LONG_AGO,
  slotMinutes: 60,
  stepMinutes: 30,
  minNoticeMinutes: 0,
  ...overrides,
});

// Monday 2026-06-01 in Toronto (EDT): 09:00–12:00 is 13:00Z–16:00Z and 13:00–15:00 is 17:00Z–19:00Z.
const MONDAY = [weekly(1, "09:00", "12:00"), weekly(1, "13:00", "15:00")];
const MONDAY_STARTS = ["13:00", "13:30", "14:00", "14:30", "15:00", "17:00", "17:30", "18:00"].map((time) => utc(`2026-06-01T${time}`));
const monday = (overrides: Partial<SlotQuery> = {}) => query({ weekly: MONDAY, ...overrides });

// A week in Toronto, Monday 2026-06-01 00:00 to Monday 2026-06-08 00:00 (EDT).
const WEEK = query({
  weekly: [...MONDAY, weekly(2, "00:00", "01:00"), weekly(3, "18:00", "20:00")],
  from: utc("2026-06-01T04:00"),
  to: utc("2026-06-08T04:00"),
});
const WEEK_STARTS = [
  ...MONDAY_STARTS,
  utc("2026-06-02T04:00"), // Tuesday 00:00
  utc("2026-06-03T22:00"), // Wednesday 18:00
  utc("2026-06-03T22:30"),
  utc("2026-06-03T23:00"),
];

describe("an ordinary week", () => {
  it("offers every grid start whose whole slot fits an open window", () => {
    expect(starts(bookableSlots(WEEK))).toEqual(WEEK_STARTS);
  });

  it("makes each slot last the session's length", () => {
    const slots = bookableSlots(WEEK);
    expect(slots[0]).toEqual({ start: utc("2026-06-01T13:00"), end: utc("2026-06-01T14:00") });
    expect(slots.at(-1)).toEqual({ start: utc("2026-06-03T23:00"), end: utc("2026-06-04T00:00") });
  });

  it("lists starts in order without duplicates over a long range", () => {
    const times = bookableSlots({ ...WEEK, to: utc("2026-12-31T00:00") }).map((slot) => slot.start.getTime());
    expect(times.length).toBeGreaterThan(300);
    expect(times.every((time, index) => index === 0 || time > times[index - 1]!)).toBe(true);
  });

  it.each([
    [45, 60, [["13:00", "14:00"], ["13:45", "14:45"], ["14:30", "15:30"], ["17:30", "18:30"]]], // 09:00, 09:45, 10:30; 13:30 (780 is off a 45-minute grid)
    [60, 30, [["13:00", "13:30"], ["14:00", "14:30"], ["15:00", "15:30"], ["17:00", "17:30"], ["18:00", "18:30"]]],
    [30, 120, [["13:00", "15:00"], ["13:30", "15:30"], ["14:00", "16:00"], ["17:00", "19:00"]]],
    [30, 240, []],
  ] as const)("on a %i-minute grid with %i-minute slots", (stepMinutes, slotMinutes, expected) => {
    const slots = bookableSlots(monday({ stepMinutes, slotMinutes }));
    expect(slots).toEqual(expected.map(([start, end]) => ({ start: utc(`2026-06-01T${start}`), end: utc(`2026-06-01T${end}`) })));
  });

  it("lets a slot run across midnight when the next day's window touches", () => {
    // Monday 22:00–24:00 is 02:00Z–04:00Z on June 2; Tuesday 00:00–02:00 is 04:00Z–06:00Z.
    const lateMonday = weekly(1, "22:00", "24:00");
    const earlyTuesday = weekly(2, "00:00", "02:00");
    const mondayStarts = ["02:00", "02:30", "03:00"].map((time) => utc(`2026-06-02T${time}`));
    expect(starts(bookableSlots(query({ weekly: [lateMonday] })))).toEqual(mondayStarts);
    expect(starts(bookableSlots(query({ weekly: [lateMonday, earlyTuesday] })))).toEqual([...mondayStarts, utc("2026-06-02T03:30")]);
  });
});

describe("the viewer's time zone", () => {
  const view = (timeZone: string) =>
    slotsByDay(bookableSlots(WEEK), timeZone).map((day) => ({ date: day.date, label: day.label, times: day.slots.map((slot) => slot.label) }));

  it.each([
    [
      "America/Toronto",
      [
        { date: "2026-06-01", label: "Monday, June 1", times: ["9:00 AM", "9:30 AM", "10:00 AM", "10:30 AM", "11:00 AM", "1:00 PM", "1:30 PM", "2:00 PM"] },
        { date: "2026-06-02", label: "Tuesday, June 2", times: ["12:00 AM"] },
        { date: "2026-06-03", label: "Wednesday, June 3", times: ["6:00 PM", "6:30 PM", "7:00 PM"] },
      ],
    ],
    [
      "Europe/London",
      [
        { date: "2026-06-01", label: "Monday, June 1", times: ["2:00 PM", "2:30 PM", "3:00 PM", "3:30 PM", "4:00 PM", "6:00 PM", "6:30 PM", "7:00 PM"] },
        { date: "2026-06-02", label: "Tuesday, June 2", times: ["5:00 AM"] },
        { date: "2026-06-03", label: "Wednesday, June 3", times: ["11:00 PM", "11:30 PM"] },
        { date: "2026-06-04", label: "Thursday, June 4", times: ["12:00 AM"] }, // the tutor's Wednesday 19:00
      ],
    ],
    [
      "Asia/Kolkata",
      [
        { date: "2026-06-01", label: "Monday, June 1", times: ["6:30 PM", "7:00 PM", "7:30 PM", "8:00 PM", "8:30 PM", "10:30 PM", "11:00 PM", "11:30 PM"] },
        { date: "2026-06-02", label: "Tuesday, June 2", times: ["9:30 AM"] },
        { date: "2026-06-04", label: "Thursday, June 4", times: ["3:30 AM", "4:00 AM", "4:30 AM"] }, // the tutor's Wednesday evening
      ],
    ],
    [
      "America/Los_Angeles",
      [
        // The tutor's Tuesday 00:00 is the viewer's Monday 9:00 PM.
        { date: "2026-06-01", label: "Monday, June 1", times: ["6:00 AM", "6:30 AM", "7:00 AM", "7:30 AM", "8:00 AM", "10:00 AM", "10:30 AM", "11:00 AM", "9:00 PM"] },
        { date: "2026-06-03", label: "Wednesday, June 3", times: ["3:00 PM", "3:30 PM", "4:00 PM"] },
      ],
    ],
  ])("in %s", (timeZone, expected) => {
    expect(view(timeZone)).toEqual(expected);
  });

  it("keeps each slot's instants while relabelling it", () => {
    const [, , , thursday] = slotsByDay(bookableSlots(WEEK), "Europe/London");
    expect(thursday!.slots).toEqual([{ start: utc("2026-06-03T23:00"), end: utc("2026-06-04T00:00"), label: "12:00 AM" }]);
  });

  it("groups slots given out of order", () => {
    const late = { start: utc("2026-06-01T17:00"), end: utc("2026-06-01T18:00") };
    const early = { start: utc("2026-06-01T13:00"), end: utc("2026-06-01T14:00") };
    expect(slotsByDay([late, early], "America/Toronto")).toEqual([
      { date: "2026-06-01", label: "Monday, June 1", slots: [{ ...early, label: "9:00 AM" }, { ...late, label: "1:00 PM" }] },
    ]);
    expect(slotsByDay([], "America/Toronto")).toEqual([]);
  });

  it("labels noon and midnight in twelve-hour time", () => {
    const at = (start: string) => ({ start: utc(start), end: utc(start) });
    const [day] = slotsByDay([at("2026-06-01T00:00"), at("2026-06-01T00:30"), at("2026-06-01T12:00"), at("2026-06-01T12:45"), at("2026-06-01T23:59")], "UTC");
    expect(day!.slots.map((slot) => slot.label)).toEqual(["12:00 AM", "12:30 AM", "12:00 PM", "12:45 PM", "11:59 PM"]);
  });
});

describe("daylight saving in the tutor's zone", () => {
  // 01:00–04:00 on each change's Sunday, 60-minute slots on a 30-minute grid.
  it.each([
    // 02:00 and 02:30 do not exist; 01:00 EST–04:00 EDT is 06:00Z–08:00Z, two real hours.
    ["Toronto spring forward", "America/Toronto", "01:00", "04:00", "2027-03-14T05:00", "2027-03-15T04:00", ["2027-03-14T06:00", "2027-03-14T06:30", "2027-03-14T07:00"]],
    ["New York spring forward", "America/New_York", "01:00", "04:00", "2027-03-14T05:00", "2027-03-15T04:00", ["2027-03-14T06:00", "2027-03-14T06:30", "2027-03-14T07:00"]],
    // 01:00 and 01:30 happen twice and are offered at their first (EDT) pass; 01:00 EDT–04:00 EST is four real hours.
    ["Toronto fall back", "America/Toronto", "01:00", "04:00", "2026-11-01T04:00", "2026-11-02T05:00", ["2026-11-01T05:00", "2026-11-01T05:30", "2026-11-01T07:00", "2026-11-01T07:30", "2026-11-01T08:00"]],
    ["Berlin spring forward", "Europe/Berlin", "01:00", "04:00", "2027-03-27T23:00", "2027-03-28T22:00", ["2027-03-28T00:00", "2027-03-28T00:30", "2027-03-28T01:00"]],
    // 02:00 and 02:30 happen twice (CEST then CET); 01:00 CEST–04:00 CET is 23:00Z–03:00Z.
    ["Berlin fall back", "Europe/Berlin", "01:00", "04:00", "2026-10-24T22:00", "2026-10-25T23:00", ["2026-10-24T23:00", "2026-10-24T23:30", "2026-10-25T00:00", "2026-10-25T00:30", "2026-10-25T02:00"]],
    // An end in the skipped hour closes at the jump (03:00 EDT, 07:00Z).
    ["a window ending in the skipped hour", "America/Toronto", "00:00", "02:30", "2027-03-14T05:00", "2027-03-15T04:00", ["2027-03-14T05:00", "2027-03-14T05:30", "2027-03-14T06:00"]],
    // A start in the skipped hour opens at the jump.
    ["a window starting in the skipped hour", "America/Toronto", "02:30", "05:00", "2027-03-14T05:00", "2027-03-15T04:00", ["2027-03-14T07:00", "2027-03-14T07:30", "2027-03-14T08:00"]],
    // An end in the repeated hour closes at its first pass (01:30 EDT, 05:30Z).
    ["a window ending in the repeated hour", "America/Toronto", "00:00", "01:30", "2026-11-01T04:00", "2026-11-02T05:00", ["2026-11-01T04:00", "2026-11-01T04:30"]],
    // A start in the repeated hour opens at its first pass; no start in the second pass (06:00Z–07:00Z).
    ["a window starting in the repeated hour", "America/Toronto", "01:30", "03:00", "2026-11-01T04:00", "2026-11-02T05:00", ["2026-11-01T05:30", "2026-11-01T07:00"]],
  ] as const)("%s", (_, timeZone, start, end, from, to, expected) => {
    const slots = bookableSlots(query({ timeZone, weekly: [weekly(0, start, end)], from: utc(from), to: utc(to) }));
    expect(starts(slots)).toEqual(expected.map(utc));
  });

  it.each([
    ["America/Toronto", "2027-03-14", "01:30", "2027-03-14T06:30", true],
    ["America/Toronto", "2027-03-14", "02:00", "2027-03-14T07:00", false], // skipped: the jump
    ["America/Toronto", "2027-03-14", "02:30", "2027-03-14T07:00", false],
    ["America/Toronto", "2027-03-14", "03:00", "2027-03-14T07:00", true],
    ["America/Toronto", "2026-11-01", "00:59", "2026-11-01T04:59", true],
    ["America/Toronto", "2026-11-01", "01:00", "2026-11-01T05:00", true], // repeated: the first pass
    ["America/Toronto", "2026-11-01", "01:30", "2026-11-01T05:30", true],
    ["America/Toronto", "2026-11-01", "02:00", "2026-11-01T07:00", true],
    ["America/Toronto", "2026-11-01", "24:00", "2026-11-02T05:00", true],
    ["America/St_Johns", "2027-03-14", "02:30", "2027-03-14T05:30", false], // a jump on the half hour in UTC
    ["America/St_Johns", "2027-03-14", "03:00", "2027-03-14T05:30", true],
    ["Europe/Berlin", "2027-03-28", "02:15", "2027-03-28T01:00", false],
    ["Europe/Berlin", "2026-10-25", "02:15", "2026-10-25T00:15", true],
    ["Asia/Kolkata", "2026-06-01", "00:00", "2026-05-31T18:30", true],
  ] as const)("%s %s %s is %s (exists: %s)", (timeZone, date, time, instant, exists) => {
    expect(localTimeToInstant(date, hm(time), timeZone)).toEqual({ instant: utc(instant), exists });
  });

  it("refuses a malformed local date", () => {
    expect(localTimeToInstant("2026-02-30", 0, "America/Toronto")).toBeNull();
    expect(localTimeToInstant("June 1", 0, "America/Toronto")).toBeNull();
  });
});

describe("a day's open windows", () => {
  const sunday = (start: string, end: string) => [weekly(0, start, end)];
  it.each([
    ["spring forward 01:00–04:00", "America/Toronto", sunday("01:00", "04:00"), [], "2027-03-14", [["2027-03-14T06:00", "2027-03-14T08:00"]]],
    ["spring forward, the whole day (23 hours)", "America/Toronto", sunday("00:00", "24:00"), [], "2027-03-14", [["2027-03-14T05:00", "2027-03-15T04:00"]]],
    ["spring forward, ending in the skipped hour", "America/Toronto", sunday("00:00", "02:30"), [], "2027-03-14", [["2027-03-14T05:00", "2027-03-14T07:00"]]],
    ["spring forward, wholly inside the skipped hour", "America/Toronto", sunday("02:00", "02:45"), [], "2027-03-14", []],
    ["spring forward, the skipped hour taken off", "America/Toronto", sunday("00:00", "06:00"), [off("2027-03-14", "02:00", "03:00")], "2027-03-14", [["2027-03-14T05:00", "2027-03-14T10:00"]]],
    ["fall back 01:00–04:00", "America/Toronto", sunday("01:00", "04:00"), [], "2026-11-01", [["2026-11-01T05:00", "2026-11-01T09:00"]]],
    ["fall back, the whole day (25 hours)", "America/Toronto", sunday("00:00", "24:00"), [], "2026-11-01", [["2026-11-01T04:00", "2026-11-02T05:00"]]],
    ["fall back, ending in the repeated hour", "America/Toronto", sunday("00:00", "01:30"), [], "2026-11-01", [["2026-11-01T04:00", "2026-11-01T05:30"]]],
    ["fall back, ending after the repeated hour (both passes)", "America/Toronto", sunday("00:00", "02:00"), [], "2026-11-01", [["2026-11-01T04:00", "2026-11-01T07:00"]]],
    ["fall back, the repeated hour taken off (both passes)", "America/Toronto", sunday("00:00", "06:00"), [off("2026-11-01", "01:00", "02:00")], "2026-11-01", [["2026-11-01T04:00", "2026-11-01T05:00"], ["2026-11-01T07:00", "2026-11-01T11:00"]]],
    ["Berlin spring forward 01:00–04:00", "Europe/Berlin", sunday("01:00", "04:00"), [], "2027-03-28", [["2027-03-28T00:00", "2027-03-28T02:00"]]],
    ["touching windows merge", "America/Toronto", [weekly(1, "12:00", "13:00"), weekly(1, "09:00", "12:00")], [], "2026-06-01", [["2026-06-01T13:00", "2026-06-01T17:00"]]],
    ["another weekday has none", "America/Toronto", MONDAY, [], "2026-06-02", []],
    ["a malformed date has none", "America/Toronto", MONDAY, [], "2026-02-30", []],
  ] as const)("%s", (_, timeZone, weeklyWindows, exceptions, date, expected) => {
    expect(availabilityWindowsOn({ timeZone, weekly: [...weeklyWindows], exceptions: [...exceptions] }, date)).toEqual(
      expected.map(([start, end]) => ({ start: utc(start), end: utc(end) })),
    );
  });
});

describe("a viewer whose clocks change on another date", () => {
  // Mondays 2027-03-08, 15, 22 and 29: North America changes on the 14th, Europe on the 28th.
  const range = { from: utc("2027-03-08T00:00"), to: utc("2027-03-30T00:00") };
  const labels = (tutorZone: string, viewerZone: string) =>
    slotsByDay(bookableSlots(query({ timeZone: tutorZone, weekly: [weekly(1, "10:00", "11:00")], ...range })), viewerZone).map(
      (day) => `${day.label} ${day.slots.map((slot) => slot.label).join(", ")}`,
    );

  it("shows a Toronto tutor's 10:00 shifting by an hour between the two changes", () => {
    expect(starts(bookableSlots(query({ weekly: [weekly(1, "10:00", "11:00")], ...range })))).toEqual(
      ["2027-03-08T15:00", "2027-03-15T14:00", "2027-03-22T14:00", "2027-03-29T14:00"].map(utc),
    );
    expect(labels("America/Toronto", "America/Toronto")).toEqual(["Monday, March 8 10:00 AM", "Monday, March 15 10:00 AM", "Monday, March 22 10:00 AM", "Monday, March 29 10:00 AM"]);
    expect(labels("America/Toronto", "Europe/London")).toEqual(["Monday, March 8 3:00 PM", "Monday, March 15 2:00 PM", "Monday, March 22 2:00 PM", "Monday, March 29 3:00 PM"]);
    expect(labels("America/Toronto", "Europe/Berlin")).toEqual(["Monday, March 8 4:00 PM", "Monday, March 15 3:00 PM", "Monday, March 22 3:00 PM", "Monday, March 29 4:00 PM"]);
  });

  it("shows a Berlin tutor's 10:00 (09:00Z, then 08:00Z on the 29th) to a Toronto viewer", () => {
    expect(labels("Europe/Berlin", "America/Toronto")).toEqual(["Monday, March 8 4:00 AM", "Monday, March 15 5:00 AM", "Monday, March 22 5:00 AM", "Monday, March 29 4:00 AM"]);
  });
});

describe("exceptions", () => {
  const at = (...times: string[]) => times.map((time) => utc(`2026-06-01T${time}`));
  it.each([
    ["none", [], MONDAY_STARTS],
    ["the whole day off", [off("2026-06-01")], []],
    ["10:00–11:00 off", [off("2026-06-01", "10:00", "11:00")], at("13:00", "15:00", "17:00", "17:30", "18:00")],
    ["11:30–13:30 off, across both windows", [off("2026-06-01", "11:30", "13:30")], at("13:00", "13:30", "14:00", "14:30", "17:30", "18:00")],
    ["12:00–13:00 added, joining the windows", [extra("2026-06-01", "12:00", "13:00")], at("13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30", "17:00", "17:30", "18:00")],
    ["11:00–14:00 added, overlapping both", [extra("2026-06-01", "11:00", "14:00")], at("13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30", "17:00", "17:30", "18:00")],
    ["20:00–21:00 added, apart", [extra("2026-06-01", "20:00", "21:00")], [...MONDAY_STARTS, utc("2026-06-02T00:00")]],
    ["a day off wins over an added window", [extra("2026-06-01", "12:00", "13:00"), off("2026-06-01")], []],
    ["time off cuts an added window", [extra("2026-06-01", "12:00", "13:00"), off("2026-06-01", "12:30", "13:00")], at("13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "17:00", "17:30", "18:00")],
    ["another date's exceptions", [off("2026-06-02"), extra("2026-05-31", "09:00", "17:00")], MONDAY_STARTS],
  ] as const)("%s", (_, exceptions, expected) => {
    expect(starts(bookableSlots(monday({ exceptions: [...exceptions] })))).toEqual(expected);
  });

  it("opens a day that has no weekly hours", () => {
    // Tuesday 2026-06-09 14:00–15:30 is 18:00Z–19:30Z.
    const slots = bookableSlots(monday({ exceptions: [extra("2026-06-09", "14:00", "15:30")], from: utc("2026-06-09T04:00"), to: utc("2026-06-10T04:00") }));
    expect(starts(slots)).toEqual([utc("2026-06-09T18:00"), utc("2026-06-09T18:30")]);
  });
});

describe("bookings", () => {
  const at = (...times: string[]) => times.map((time) => utc(`2026-06-01T${time}`));
  const booking = (start: string, end: string) => ({ start: utc(`2026-06-01T${start}`), end: utc(`2026-06-01T${end}`) });
  it.each([
    ["one 14:00Z–15:00Z: the slots either side touch it and stay", [booking("14:00", "15:00")], at("13:00", "15:00", "17:00", "17:30", "18:00")],
    ["one off the grid, 13:15Z–13:45Z", [booking("13:15", "13:45")], at("14:00", "14:30", "15:00", "17:00", "17:30", "18:00")],
    ["ones ending as a window opens and starting as it closes", [booking("12:00", "13:00"), booking("19:00", "20:00")], MONDAY_STARTS],
    ["one filling the gap between the windows exactly", [booking("16:00", "17:00")], MONDAY_STARTS],
    ["one a minute into each window's neighbour", [booking("15:59", "17:01")], at("13:00", "13:30", "14:00", "14:30", "17:30", "18:00")],
  ] as const)("%s", (_, bookings, expected) => {
    expect(starts(bookableSlots(monday({ bookings: [...bookings] })))).toEqual(expected);
  });
});

describe("notice and range", () => {
  const at = (...times: string[]) => times.map((time) => utc(`2026-06-01T${time}`));
  it.each([
    ["90 minutes' notice at 12:00Z", { now: utc("2026-06-01T12:00"), minNoticeMinutes: 90 }, at("13:30", "14:00", "14:30", "15:00", "17:00", "17:30", "18:00")],
    ["60 minutes' notice at 12:00Z: 13:00Z is just in time", { now: utc("2026-06-01T12:00"), minNoticeMinutes: 60 }, MONDAY_STARTS],
    ["no notice at 13:10Z", { now: utc("2026-06-01T13:10") }, at("13:30", "14:00", "14:30", "15:00", "17:00", "17:30", "18:00")],
    ["a day's notice at 12:00Z", { now: utc("2026-06-01T12:00"), minNoticeMinutes: 1440 }, []],
    ["from 13:30Z to 15:00Z (a slot may end after `to`)", { from: utc("2026-06-01T13:30"), to: utc("2026-06-01T15:00") }, at("13:30", "14:00", "14:30")],
    ["from 18:00Z", { from: utc("2026-06-01T18:00") }, at("18:00")],
    ["an empty range", { from: utc("2026-06-01T14:00"), to: utc("2026-06-01T14:00") }, []],
    ["a backwards range", { from: utc("2026-06-01T18:00"), to: utc("2026-06-01T13:00") }, []],
  ] as const)("%s", (_, overrides, expected) => {
    expect(starts(bookableSlots(monday(overrides)))).toEqual(expected);
  });

  it.each([
    ["an unknown time zone", { timeZone: "Mars/Olympus_Mons" }, "Unknown time zone"],
    ["a zero slot length", { slotMinutes: 0 }, "slotMinutes"],
    ["a fractional step", { stepMinutes: 7.5 }, "stepMinutes"],
    ["an invalid date", { now: new Date(Number.NaN) }, "valid dates"],
  ] as const)("refuses %s", (_, overrides, message) => {
    expect(() => bookableSlots(monday(overrides))).toThrow(message);
  });
});

describe("the check at booking time", () => {
  const withoutRange = ({ from: _from, to: _to, ...rest }: SlotQuery) => rest;

  it("accepts every start bookableSlots lists", () => {
    const rules = withoutRange(WEEK);
    expect(WEEK_STARTS.every((start) => isBookableSlot(rules, start))).toBe(true);
  });

  it("accepts the first pass of a repeated hour and refuses the second", () => {
    const rules = withoutRange(query({ weekly: [weekly(0, "01:00", "04:00")] }));
    expect(isBookableSlot(rules, utc("2026-11-01T05:00"))).toBe(true); // 01:00 EDT
    expect(isBookableSlot(rules, utc("2026-11-01T06:00"))).toBe(false); // 01:00 EST
    expect(isBookableSlot(rules, utc("2027-03-14T07:00"))).toBe(true); // 03:00 EDT, after the jump
  });

  const booked = { bookings: [{ start: utc("2026-06-01T14:00"), end: utc("2026-06-01T15:00") }] };
  const dayOff = { exceptions: [off("2026-06-01")] };
  it.each([
    ["a free start", {}, utc("2026-06-01T13:00"), true],
    ["a start as a booking ends", booked, utc("2026-06-01T15:00"), true],
    ["a start just before a booking", booked, utc("2026-06-01T13:00"), true],
    ["a booked start", booked, utc("2026-06-01T14:00"), false],
    ["a start whose slot overlaps a booking", booked, utc("2026-06-01T13:30"), false],
    ["an off-grid start", {}, utc("2026-06-01T13:15"), false],
    ["a start with seconds", {}, new Date("2026-06-01T13:00:30.000Z"), false],
    ["a start before now", { now: utc("2026-06-01T13:10") }, utc("2026-06-01T13:00"), false],
    ["a start inside the notice", { now: utc("2026-06-01T12:30"), minNoticeMinutes: 60 }, utc("2026-06-01T13:00"), false],
    ["a start at the notice's end", { now: utc("2026-06-01T12:30"), minNoticeMinutes: 60 }, utc("2026-06-01T13:30"), true],
    ["a start outside any window", {}, utc("2026-06-01T12:00"), false],
    ["a start whose slot outruns its window", {}, utc("2026-06-01T15:30"), false],
    ["a start on a day off", dayOff, utc("2026-06-01T13:00"), false],
    ["an invalid date", {}, new Date(Number.NaN), false],
  ] as const)("%s: %s", (_, overrides, start, expected) => {
    expect(isBookableSlot(withoutRange(monday(overrides)), start)).toBe(expected);
  });
});

describe("checking weekly hours", () => {
  it.each([
    ["good hours, touching windows included", [weekly(1, "09:00", "12:00"), weekly(1, "12:00", "13:00"), weekly(3, "18:00", "20:00")], undefined, []],
    ["the whole day", [weekly(6, "00:00", "24:00")], 30, []],
    ["the same hours on different days", [weekly(1, "09:00", "12:00"), weekly(2, "09:00", "12:00")], undefined, []],
    ["weekday 7", [weekly(7, "09:00", "12:00")], undefined, ["Window 1: choose a day from Sunday to Saturday"]],
    ["weekday −1 and 1.5", [weekly(1, "09:00", "10:00"), weekly(-1, "09:00", "12:00"), weekly(1.5, "09:00", "12:00")], undefined, ["Window 2: choose a day from Sunday to Saturday", "Window 3: choose a day from Sunday to Saturday"]],
    ["a negative start", [{ weekday: 1, startMinute: -30, endMinute: 60 }], undefined, ["Window 1: times must be whole minutes from 00:00 to 24:00"]],
    ["an end past midnight", [{ weekday: 1, startMinute: 1380, endMinute: 1500 }], undefined, ["Window 1: times must be whole minutes from 00:00 to 24:00"]],
    ["a fractional minute", [{ weekday: 1, startMinute: 30.5, endMinute: 60 }], undefined, ["Window 1: times must be whole minutes from 00:00 to 24:00"]],
    ["an empty window", [weekly(1, "09:00", "09:00")], undefined, ["Monday 09:00–09:00 must end after it starts"]],
    ["a backwards window", [weekly(2, "17:00", "09:00")], undefined, ["Tuesday 17:00–09:00 must end after it starts"]],
    ["two overlapping windows", [weekly(1, "11:00", "13:00"), weekly(1, "09:00", "12:00")], undefined, ["Monday 09:00–12:00 overlaps 11:00–13:00"]],
    ["one window holding two", [weekly(5, "09:00", "17:00"), weekly(5, "15:00", "16:00"), weekly(5, "10:00", "11:00")], undefined, ["Friday 09:00–17:00 overlaps 10:00–11:00", "Friday 09:00–17:00 overlaps 15:00–16:00"]],
    ["a window twice", [weekly(0, "10:00", "11:00"), weekly(0, "10:00", "11:00")], undefined, ["Sunday 10:00–11:00 overlaps 10:00–11:00"]],
    ["off the grid, without a grid", [weekly(1, "09:15", "10:15")], undefined, []],
    ["off a 30-minute grid", [weekly(1, "09:15", "10:15"), weekly(1, "11:00", "12:45")], 30, ["Monday 09:15–10:15 must start and end on a multiple of 30 minutes after midnight", "Monday 11:00–12:45 must start and end on a multiple of 30 minutes after midnight"]],
    ["on a 15-minute grid", [weekly(1, "09:15", "10:15")], 15, []],
    ["every kind at once", [weekly(1, "09:00", "12:00"), weekly(8, "09:00", "10:00"), weekly(2, "10:00", "09:00"), weekly(1, "11:30", "12:30")], undefined, ["Window 2: choose a day from Sunday to Saturday", "Tuesday 10:00–09:00 must end after it starts", "Monday 09:00–12:00 overlaps 11:30–12:30"]],
  ] as const)("%s", (_, windows, stepMinutes, expected) => {
    expect(weeklyWindowProblems([...windows], stepMinutes)).toEqual(expected);
  });
});

describe("time zone names", () => {
  it.each([
    ["America/Toronto", true],
    ["Europe/London", true],
    ["Europe/Berlin", true],
    ["Asia/Kolkata", true],
    ["America/St_Johns", true],
    ["UTC", true],
    ["Mars/Olympus_Mons", false],
    ["Toronto", false],
    ["", false],
    ["+05:00", false],
    ["-0500", false],
  ] as const)("%s is valid: %s", (name, expected) => {
    expect(isValidTimeZone(name)).toBe(expected);
  });

  it("refuses an unknown viewer zone", () => {
    expect(() => slotsByDay([], "Nowhere/Special")).toThrow("Unknown time zone");
  });
});
