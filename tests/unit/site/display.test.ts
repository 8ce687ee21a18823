import { describe, expect, it } from "vitest";
import { displayDate, displayDateTime, isoOf } from "~/formatting/display";

describe("public-page dates", () => {
  it.each<[Date | string, string]>([
    ["2026-11-23", "Nov 23, 2026"],
    ["2026-01-01", "Jan 1, 2026"],
    ["2026-12-31T23:59:59Z", "Dec 31, 2026"],
    ["2027-01-01T00:00:00Z", "Jan 1, 2027"],
    [new Date(Date.UTC(2024, 1, 29, 12)), "Feb 29, 2024"],
  ])("%s → %s (UTC)", (value, expected) => {
    expect(displayDate(value)).toBe(expected);
  });

  it.each<[Date | string, string]>([
    ["2026-11-23T15:00:00Z", "Nov 23, 2026, 3:00 PM UTC"],
    ["2026-11-23T00:00:00Z", "Nov 23, 2026, 12:00 AM UTC"],
    ["2026-11-23T12:05:00Z", "Nov 23, 2026, 12:05 PM UTC"],
    ["2026-11-23T23:59:00-05:00", "Nov 24, 2026, 4:59 AM UTC"],
    [new Date(Date.UTC(2026, 6, 4, 9, 30)), "Jul 4, 2026, 9:30 AM UTC"],
  ])("%s → %s", (value, expected) => {
    expect(displayDateTime(value)).toBe(expected);
  });

  it("gives <time> an ISO value", () => {
    expect(isoOf(new Date(Date.UTC(2026, 10, 23)))).toBe("2026-11-23T00:00:00.000Z");
    expect(isoOf("2026-11-23")).toBe("2026-11-23");
  });
});
