import { describe, expect, it } from "vitest";
import { convertedScore, isConversionTable } from "~/assessments/engine";
import { parseWeekSlug, sectionTakesAnswers, testProgress, weekStartOf, type SectionAttemptFacts } from "~/practice-tests/progress";

const at = (iso: string) => new Date(iso);
const SECTIONS = [
  { id: 1, timeLimitMinutes: 35 },
  { id: 2, timeLimitMinutes: 35 },
];
const attempt = (sectionId: number, started: string, submitted: string | null): SectionAttemptFacts => ({
  sectionId,
  startedAt: at(started),
  deadlineAt: new Date(at(started).getTime() + 35 * 60_000),
  submittedAt: submitted ? at(submitted) : null,
});

describe("a practice test's progress", () => {
  it.each<[string, SectionAttemptFacts[] | null, string, ReturnType<typeof testProgress>]>([
    ["no attempt", null, "2026-11-28T10:00:00Z", { kind: "not-started" }],
    ["an attempt with no section yet", [], "2026-11-28T10:00:00Z", { kind: "between", nextSectionId: 1 }],
    ["the first section's clock runs", [attempt(1, "2026-11-28T10:00:00Z", null)], "2026-11-28T10:10:00Z", { kind: "in-section", sectionId: 1, remainingSeconds: 25 * 60 }],
    ["a second before its deadline", [attempt(1, "2026-11-28T10:00:00Z", null)], "2026-11-28T10:34:59Z", { kind: "in-section", sectionId: 1, remainingSeconds: 1 }],
    ["at its deadline", [attempt(1, "2026-11-28T10:00:00Z", null)], "2026-11-28T10:35:00Z", { kind: "time-up", sectionId: 1 }],
    ["a day later", [attempt(1, "2026-11-28T10:00:00Z", null)], "2026-11-29T10:00:00Z", { kind: "time-up", sectionId: 1 }],
    ["the first submitted", [attempt(1, "2026-11-28T10:00:00Z", "2026-11-28T10:20:00Z")], "2026-11-28T10:21:00Z", { kind: "between", nextSectionId: 2 }],
    [
      "the second running",
      [attempt(1, "2026-11-28T10:00:00Z", "2026-11-28T10:20:00Z"), attempt(2, "2026-11-28T10:30:00Z", null)],
      "2026-11-28T10:31:00Z",
      { kind: "in-section", sectionId: 2, remainingSeconds: 34 * 60 },
    ],
    ["both submitted", [attempt(1, "2026-11-28T10:00:00Z", "2026-11-28T10:20:00Z"), attempt(2, "2026-11-28T10:30:00Z", "2026-11-28T11:00:00Z")], "2026-11-28T12:00:00Z", { kind: "finished" }],
  ])("%s", (_name, attempts, now, expected) => {
    expect(testProgress(SECTIONS, attempts, at(now))).toEqual(expected);
  });

  it("takes answers until the deadline's grace ends, never after, and never once submitted", () => {
    const running = attempt(1, "2026-11-28T10:00:00Z", null);
    expect(sectionTakesAnswers(running, at("2026-11-28T10:35:30Z"))).toBe(true);
    expect(sectionTakesAnswers(running, at("2026-11-28T10:35:31Z"))).toBe(false);
    expect(sectionTakesAnswers(attempt(1, "2026-11-28T10:00:00Z", "2026-11-28T10:01:00Z"), at("2026-11-28T10:02:00Z"))).toBe(false);
  });
});

describe("CARS weeks", () => {
  it.each([
    ["2026-11-23T00:00:00Z", "2026-11-23"],
    ["2026-11-28T23:59:59Z", "2026-11-23"],
    ["2026-11-29T23:59:59Z", "2026-11-23"],
    ["2026-11-30T00:00:00Z", "2026-11-30"],
    ["2027-01-01T12:00:00Z", "2026-12-28"],
    ["2024-03-01T12:00:00Z", "2024-02-26"],
  ])("%s falls in the week of %s", (date, monday) => {
    expect(weekStartOf(at(date))).toBe(monday);
  });

  it.each<[string | undefined, string | null]>([
    ["2026-11-23", "2026-11-23"],
    ["2026-11-24", null],
    ["2026-02-30", null],
    ["2026-11-23x", null],
    ["this-week", null],
    ["", null],
    [undefined, null],
  ])("reads the week slug %j as %j", (slug, expected) => {
    expect(parseWeekSlug(slug)).toBe(expected);
  });
});

describe("scaled scores from a conversion table", () => {
  const table = [120, 124, 130, 136, 142, 147, 152, 157, 163, 169, 175, 180];
  it.each<[number, number | null]>([
    [0, 120],
    [1, 124],
    [6, 152],
    [11, 180],
    [12, null],
    [-1, null],
    [2.5, null],
  ])("%d right is %j", (raw, scaled) => {
    expect(convertedScore(table, raw)).toBe(scaled);
  });

  it("reads nothing from a missing table", () => {
    expect(convertedScore(null, 3)).toBeNull();
  });

  it.each<[string, unknown, boolean]>([
    ["a real table", table, true],
    ["one entry short", table.slice(1), false],
    ["falling", [120, 130, 125, 136, 142, 147, 152, 157, 163, 169, 175, 180], false],
    ["below the scale", [119, 124, 130, 136, 142, 147, 152, 157, 163, 169, 175, 180], false],
    ["above the scale", [120, 124, 130, 136, 142, 147, 152, 157, 163, 169, 175, 181], false],
    ["not numbers", ["120"], false],
  ])("%s is %s as the LSAT's table for 11 questions", (_name, candidate, valid) => {
    expect(isConversionTable(candidate, 11, "lsat")).toBe(valid);
  });
});
