import { describe, expect, it } from "vitest";
import { lastMonths, monthGrid, monthKey, monthStart } from "~/reports/months";

describe("month buckets", () => {
  it.each([
    ["2026-01-01T00:00:00Z", "2026-01"],
    ["2026-01-31T23:59:59.999Z", "2026-01"],
    ["2026-02-01T00:00:00Z", "2026-02"],
    ["2025-12-31T23:30:00-05:00", "2026-01"],
    ["2024-02-29T12:00:00Z", "2024-02"],
  ])("%s falls in %s (UTC)", (instant, month) => {
    expect(monthKey(new Date(instant))).toBe(month);
  });

  it.each([
    ["2026-03-15T10:00:00Z", 0, "2026-03-01T00:00:00.000Z"],
    ["2026-03-15T10:00:00Z", -2, "2026-01-01T00:00:00.000Z"],
    ["2026-01-31T10:00:00Z", -1, "2025-12-01T00:00:00.000Z"],
    ["2026-11-30T10:00:00Z", 2, "2027-01-01T00:00:00.000Z"],
  ])("the month of %s moved by %i starts at %s", (instant, offset, start) => {
    expect(monthStart(new Date(instant), offset).toISOString()).toBe(start);
  });

  it("lists the last months oldest first, across a year end", () => {
    expect(lastMonths(new Date("2026-02-10T00:00:00Z"), 4)).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(lastMonths(new Date("2026-02-10T00:00:00Z"), 0)).toEqual([]);
  });
});

describe("a month grid", () => {
  const months = ["2026-01", "2026-02", "2026-03"] as const;
  it.each([
    [
      "no rows: zeros",
      [],
      [
        [0, 0],
        [0, 0],
        [0, 0],
      ],
    ],
    [
      "one cell",
      [{ month: "2026-02", group: "b", value: 5 }],
      [
        [0, 0],
        [0, 5],
        [0, 0],
      ],
    ],
    [
      "same month and group add up (a refund takes off)",
      [
        { month: "2026-01", group: "a", value: 1000 },
        { month: "2026-01", group: "a", value: -250 },
      ],
      [
        [750, 0],
        [0, 0],
        [0, 0],
      ],
    ],
    [
      "a month outside the range is left out",
      [{ month: "2025-12", group: "a", value: 9 }],
      [
        [0, 0],
        [0, 0],
        [0, 0],
      ],
    ],
    [
      "an unknown group is left out",
      [{ month: "2026-03", group: "z", value: 9 }],
      [
        [0, 0],
        [0, 0],
        [0, 0],
      ],
    ],
  ])("%s", (_, rows, values) => {
    expect(monthGrid(months as never, ["a", "b"], rows).map((row) => row.values)).toEqual(values);
  });
  it("keeps the months in order", () => {
    expect(monthGrid(months as never, [], []).map((row) => row.month)).toEqual([...months]);
  });
});
