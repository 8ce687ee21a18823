import { describe, expect, it } from "vitest";
import { dayLabel, inTerm, isIsoDate, layoutPlanner, placeOf, termDayProblem, termDays, termWeeks, weekLabel } from "~/classes/planner";
import type { TermOfYear } from "~/classes/terms";

const fall2026: TermOfYear = { term: "fall", year: 2026 };
const winter2026: TermOfYear = { term: "winter", year: 2026 };
const summer2026: TermOfYear = { term: "summer", year: 2026 };
const winter2028: TermOfYear = { term: "winter", year: 2028 };

describe("the planner's weeks: Monday to Sunday, holding every day of the term", () => {
  it.each([
    // term, first day, last day, weeks, first week's Monday, last week's Sunday
    [fall2026, "2026-09-01", "2026-12-31", 18, "2026-08-31", "2027-01-03"],
    [winter2026, "2026-01-01", "2026-04-30", 18, "2025-12-29", "2026-05-03"],
    [summer2026, "2026-05-01", "2026-08-31", 19, "2026-04-27", "2026-09-06"],
    [winter2028, "2028-01-01", "2028-04-30", 18, "2027-12-27", "2028-04-30"],
  ])("%o runs %s to %s in %i weeks, %s to %s", (term, first, last, count, monday, sunday) => {
    expect(termDays(term)).toEqual({ first, last });
    const weeks = termWeeks(term);
    expect(weeks).toHaveLength(count);
    expect(weeks[0]!.starts).toBe(monday);
    expect(weeks.at(-1)!.ends).toBe(sunday);
    expect(weeks.map((week) => week.number)).toEqual(Array.from({ length: count }, (_, index) => index + 1));
    for (const week of weeks) expect(week.days.map((day) => day.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // Every day of the term is in exactly one week, and only those are marked in the term.
    const termDates = weeks.flatMap((week) => week.days.filter((day) => day.inTerm).map((day) => day.date));
    expect(termDates[0]).toBe(first);
    expect(termDates.at(-1)).toBe(last);
    expect(new Set(termDates).size).toBe(termDates.length);
  });

  it("marks the days of the neighbouring terms in the first and last weeks as outside", () => {
    const weeks = termWeeks(fall2026);
    expect(weeks[0]!.days.map((day) => day.inTerm)).toEqual([false, true, true, true, true, true, true]);
    expect(weeks.at(-1)!.days.map((day) => day.inTerm)).toEqual([true, true, true, true, false, false, false]);
  });
});

describe("where a day falls", () => {
  it.each([
    [fall2026, "2026-09-01", { week: 1, weekday: 1 }],
    [fall2026, "2026-09-06", { week: 1, weekday: 6 }],
    [fall2026, "2026-09-07", { week: 2, weekday: 0 }],
    [fall2026, "2026-10-15", { week: 7, weekday: 3 }],
    [fall2026, "2026-12-31", { week: 18, weekday: 3 }],
    [fall2026, "2026-08-31", null],
    [fall2026, "2027-01-01", null],
    [winter2026, "2026-01-01", { week: 1, weekday: 3 }],
    [winter2028, "2028-02-29", { week: 10, weekday: 1 }],
    [winter2028, "2028-04-30", { week: 18, weekday: 6 }],
    [summer2026, "2026-08-31", { week: 19, weekday: 0 }],
  ])("%o: %s is %o", (term, day, place) => {
    expect(placeOf(term, day)).toEqual(place);
    expect(inTerm(term, day)).toBe(place !== null);
  });

  it.each([
    ["2026-09-01", true],
    ["2028-02-29", true],
    ["2026-02-29", false],
    ["2026-02-30", false],
    ["2026-13-01", false],
    ["2026-9-1", false],
    ["", false],
    ["2026-09-01T00:00", false],
  ])("%s is a date: %s", (value, valid) => {
    expect(isIsoDate(value)).toBe(valid);
  });

  it("says which days a term takes when a day is outside it", () => {
    expect(termDayProblem(fall2026, "2026-10-01")).toBeNull();
    expect(termDayProblem(fall2026, "2027-01-04")).toBe("Choose a day in Fall 2026 (Sep 1 – Dec 31, 2026).");
    expect(termDayProblem(winter2026, "2025-12-31")).toBe("Choose a day in Winter 2026 (Jan 1 – Apr 30, 2026).");
  });

  it("labels days and weeks", () => {
    expect(dayLabel("2026-09-14")).toBe("Monday, Sep 14");
    expect(weekLabel(termWeeks(fall2026)[2]!)).toBe("Week 3 · Sep 14 – Sep 20");
  });
});

describe("laying items out", () => {
  it("puts each item on its day, keeps the given order within a day, and returns the days outside the term apart", () => {
    const items = [
      { id: "a", date: "2026-09-15" },
      { id: "b", date: "2026-09-15" },
      { id: "c", date: "2026-12-31" },
      { id: "d", date: "2027-01-10" },
      { id: "e", date: "2026-08-31" },
    ];
    const { weeks, outside } = layoutPlanner(fall2026, items);
    expect(weeks[2]!.days[1]!.items.map((item) => item.id)).toEqual(["a", "b"]);
    expect(weeks[2]!.count).toBe(2);
    expect(weeks[17]!.days[3]!.items.map((item) => item.id)).toEqual(["c"]);
    expect(outside.map((item) => item.id)).toEqual(["d", "e"]);
    expect(weeks.reduce((sum, week) => sum + week.count, 0)).toBe(3);
    expect(weeks[0]!.days[0]!.items).toEqual([]);
  });
});
