import { describe, expect, it } from "vitest";
import { nextTerm, termDates, termLabel, termOf, upcomingTerms } from "~/classes/terms";

describe("course terms: Winter Jan–Apr, Summer May–Aug, Fall Sep–Dec", () => {
  it.each([
    ["2026-01-01T00:00:00Z", "Winter 2026"],
    ["2026-04-30T23:59:59Z", "Winter 2026"],
    ["2026-05-01T00:00:00Z", "Summer 2026"],
    ["2026-08-31T23:59:59Z", "Summer 2026"],
    ["2026-09-01T00:00:00Z", "Fall 2026"],
    ["2026-12-31T23:59:59Z", "Fall 2026"],
    ["2027-01-01T00:00:00Z", "Winter 2027"],
  ])("%s is in %s", (instant, label) => {
    expect(termLabel(termOf(new Date(instant)))).toBe(label);
  });

  it.each([
    ["winter", 2026, "2026-01-01T00:00:00.000Z", "2026-05-01T00:00:00.000Z"],
    ["summer", 2026, "2026-05-01T00:00:00.000Z", "2026-09-01T00:00:00.000Z"],
    ["fall", 2026, "2026-09-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z"],
  ] as const)("%s %s runs from %s up to %s (four months)", (term, year, starts, ends) => {
    const dates = termDates({ term, year });
    expect(dates.starts.toISOString()).toBe(starts);
    expect(dates.ends.toISOString()).toBe(ends);
  });

  it.each([
    ["winter", 2026, "Summer 2026"],
    ["summer", 2026, "Fall 2026"],
    ["fall", 2026, "Winter 2027"],
  ] as const)("after %s %s comes %s", (term, year, next) => {
    expect(termLabel(nextTerm({ term, year }))).toBe(next);
  });

  it("offers the current term and the next two", () => {
    expect(upcomingTerms(new Date("2026-11-28T15:00:00Z")).map(termLabel)).toEqual(["Fall 2026", "Winter 2027", "Summer 2027"]);
    expect(upcomingTerms(new Date("2026-02-01T00:00:00Z"), 1).map(termLabel)).toEqual(["Winter 2026"]);
  });
});
