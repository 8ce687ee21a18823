import { describe, expect, it } from "vitest";
import {
  courseTerm,
  formatClock,
  formatCount,
  formatDate,
  formatDuration,
  formatGradeLevel,
  formatLevel,
  formatOrdinal,
  formatPrice,
  formatSubject,
} from "~/formatting/format";

describe("formatCount", () => {
  it.each<[number, string]>([
    [0, "0"],
    [1, "1"],
    [999, "999"],
    [1000, "1K"],
    [1001, "1K"],
    [1049, "1K"],
    [1099, "1K"],
    [1100, "1.1K"],
    [1550, "1.5K"],
    [9999, "9.9K"],
    [10000, "10K"],
    [10999, "10K"],
    [12900, "12K"],
    [999999, "999K"],
    [1_000_000, "1M"],
    [1_250_000, "1.2M"],
    [9_999_999, "9.9M"],
    [10_000_000, "10M"],
    [123_456_789, "123M"],
    [-1500, "-1.5K"],
    [-12, "-12"],
  ])("%d → %s", (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });

  it("refuses what is not a number", () => {
    expect(() => formatCount(Number.NaN)).toThrow(RangeError);
    expect(() => formatCount(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("formatOrdinal", () => {
  it.each<[number, string]>([
    [0, "0th"],
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [10, "10th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [14, "14th"],
    [21, "21st"],
    [22, "22nd"],
    [23, "23rd"],
    [100, "100th"],
    [101, "101st"],
    [111, "111th"],
    [112, "112th"],
    [113, "113th"],
    [1002, "1002nd"],
  ])("%d → %s", (value, expected) => {
    expect(formatOrdinal(value)).toBe(expected);
  });

  it("refuses fractions", () => {
    expect(() => formatOrdinal(1.5)).toThrow(RangeError);
  });
});

describe("formatDuration", () => {
  const MIN = 60;
  const HOUR = 3600;
  const DAY = 86400;
  it.each<[number, string]>([
    [0, "0 seconds"],
    [1, "1 second"],
    [45, "45 seconds"],
    [MIN, "60 seconds"],
    [MIN + 1, "1 minute"],
    [90, "2 minutes"],
    [59 * MIN, "59 minutes"],
    [HOUR, "60 minutes"],
    [HOUR + 1, "1 hour"],
    [1.5 * HOUR, "1.5 hours"],
    [2.25 * HOUR, "2.3 hours"],
    [3 * HOUR, "3 hours"],
    [3 * HOUR + 1, "3 hours"],
    [3.6 * HOUR, "4 hours"],
    [0.6 * DAY, "14 hours"],
    [0.6 * DAY + 1, "1 day"],
    [1.4 * DAY, "1 day"],
    [1.5 * DAY, "2 days"],
    [10 * DAY, "10 days"],
  ])("%d s → %s", (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it("refuses negative or non-finite durations", () => {
    expect(() => formatDuration(-1)).toThrow(RangeError);
    expect(() => formatDuration(Number.NaN)).toThrow(RangeError);
  });
});

describe("formatClock", () => {
  it.each<[number, string]>([
    [0, "0:00"],
    [5, "0:05"],
    [59, "0:59"],
    [59.9, "0:59"],
    [60, "1:00"],
    [61, "1:01"],
    [600, "10:00"],
    [3599, "59:59"],
    [3600, "1:00:00"],
    [3661, "1:01:01"],
    [36000, "10:00:00"],
    [90061, "25:01:01"],
  ])("%d s → %s", (seconds, expected) => {
    expect(formatClock(seconds)).toBe(expected);
  });

  it("refuses negative durations", () => {
    expect(() => formatClock(-1)).toThrow(RangeError);
  });
});

describe("formatDate", () => {
  it.each<[Date | string | number, string]>([
    ["2026-11-23T12:00:00Z", "Nov 23, 2026"],
    ["2026-01-01T00:00:00Z", "Jan 1, 2026"],
    ["2026-12-31T23:59:59Z", "Dec 31, 2026"],
    [new Date(Date.UTC(2024, 1, 29)), "Feb 29, 2024"],
    [Date.UTC(2000, 8, 9), "Sep 9, 2000"],
  ])("%s → %s (in UTC, whatever the machine's zone)", (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });

  it("takes another pattern", () => {
    expect(formatDate("2026-11-23T15:04:00Z", "yyyy-MM-dd HH:mm")).toBe("2026-11-23 15:04");
  });

  it("refuses what is not a date", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
  });
});

describe("courseTerm", () => {
  it.each<[string, string]>([
    ["2026-01-01T00:00:00Z", "Winter 2026"],
    ["2026-04-30T23:59:59Z", "Winter 2026"],
    ["2026-05-01T00:00:00Z", "Summer 2026"],
    ["2026-08-31T23:59:59Z", "Summer 2026"],
    ["2026-09-01T00:00:00Z", "Fall 2026"],
    ["2026-12-31T23:59:59Z", "Fall 2026"],
  ])("%s → %s", (value, label) => {
    expect(courseTerm(value).label).toBe(label);
  });

  it("gives season and year separately", () => {
    expect(courseTerm("2027-06-15T00:00:00Z")).toEqual({ season: "Summer", year: 2027, label: "Summer 2027" });
  });
});

describe("formatGradeLevel", () => {
  it.each<[string | number | null | undefined, string]>([
    [null, ""],
    [undefined, ""],
    ["", ""],
    ["  ", ""],
    ["K", "Kindergarten"],
    ["kindergarten", "Kindergarten"],
    [1, "Grade 1"],
    ["8", "Grade 8"],
    ["09", "Grade 9"],
    ["grade 11", "Grade 11"],
    ["Grade 12", "Grade 12"],
    ["AP", "AP"],
    [" IB Year 1 ", "IB Year 1"],
  ])("%s → %s", (value, expected) => {
    expect(formatGradeLevel(value)).toBe(expected);
  });
});

describe("formatLevel and formatSubject", () => {
  it.each([
    ["university", "University"],
    ["high_school", "High School"],
    ["k_to_8", "K-8"],
  ] as const)("%s → %s", (type, label) => {
    expect(formatLevel(type)).toBe(label);
  });

  it("is empty without a school type", () => {
    expect(formatLevel(null)).toBe("");
  });

  it.each([
    ["orgchem", "Organic Chemistry"],
    ["compsci", "Computer Science"],
    ["cars", "CARS"],
    ["mathematics", "Mathematics"],
    ["data_science", "Data Science"],
  ])("%s → %s", (code, label) => {
    expect(formatSubject(code)).toBe(label);
  });
});

describe("formatPrice is re-exported", () => {
  it("shows zero as Free and drops .00", () => {
    expect(formatPrice(0)).toBe("Free");
    expect(formatPrice(2000)).toBe("$20");
  });
});
