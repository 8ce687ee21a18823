import { describe, expect, it } from "vitest";
import { hoursStudied, mondayOf, statsTiles, studyWeeks, type TileCounts } from "~/study-stats/tiles";

const zero: TileCounts = { coachingSessions: 0, carsPassages: 0, mcatEvents: 0, studySeconds: 0, boosterSavingsCents: 0, coursesStudied: 0, questionsAttempted: 0, qaQuestions: 0 };

describe("stats tiles (SPEC §9)", () => {
  it("are the eight of SPEC §9, in its order and words", () => {
    expect(statsTiles(zero).map((tile) => [tile.label, tile.value])).toEqual([
      ["Med-school coaching sessions", "0"],
      ["CARS passages", "0"],
      ["MCAT events", "0"],
      ["Hours studied", "0"],
      ["Booster savings", "$0"],
      ["Courses studied", "0"],
      ["Questions attempted", "0"],
      ["Q&A questions", "0"],
    ]);
  });

  it("abbreviate large counts and print savings as a price", () => {
    const tiles = Object.fromEntries(statsTiles({ ...zero, questionsAttempted: 1550, boosterSavingsCents: 1980, studySeconds: 5400 }).map((tile) => [tile.key, tile.value]));
    expect(tiles).toMatchObject({ questions: "1.5K", "booster-savings": "$19.80", hours: "1.5" });
  });

  it.each<[number, string]>([
    [0, "0"],
    [-5, "0"],
    [359, "0"],
    [360, "0.1"],
    [3600, "1"],
    [5399, "1.4"],
    [36_000, "10"],
  ])("%i seconds is %s hours (cut, never rounded up)", (seconds, hours) => {
    expect(hoursStudied(seconds)).toBe(hours);
  });
});

describe("study time by week", () => {
  it.each<[string, string]>([
    ["2026-11-23T00:00:00Z", "2026-11-23"],
    ["2026-11-28T23:59:59Z", "2026-11-23"],
    ["2026-11-29T23:59:59Z", "2026-11-23"],
    ["2026-11-30T00:00:00Z", "2026-11-30"],
    ["2027-01-01T12:00:00Z", "2026-12-28"],
  ])("the Monday of %s is %s (UTC)", (day, monday) => {
    expect(mondayOf(new Date(day))).toBe(monday);
  });

  it("is the last eight weeks, oldest first, with empty weeks at 0 and older ones left out", () => {
    const weeks = studyWeeks(
      [
        { weekStart: "2026-11-23", seconds: 600 },
        { weekStart: "2026-11-09", seconds: 1200 },
        { weekStart: "2026-01-05", seconds: 9999 },
      ],
      new Date("2026-11-28T10:00:00Z"),
    );
    expect(weeks).toHaveLength(8);
    expect(weeks[0]).toEqual({ weekStart: "2026-10-05", seconds: 0 });
    expect(weeks.at(-3)).toEqual({ weekStart: "2026-11-09", seconds: 1200 });
    expect(weeks.at(-1)).toEqual({ weekStart: "2026-11-23", seconds: 600 });
    expect(weeks.reduce((sum, week) => sum + week.seconds, 0)).toBe(1800);
  });
});
