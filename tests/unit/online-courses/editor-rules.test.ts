import { describe, expect, it } from "vitest";
import type { OnlineCourseStatus } from "~/db/schema";
import { centsToPriceInput, checkCourseDeletion, checkStatusChange, isEditable, moveOrder, nextStatus, parsePriceToCents, STATUS_ORDER, swapTarget } from "~/online-courses/editor-rules";
import { packagePriceIssues } from "~/online-courses/editor-forms";

describe("status transitions: hidden → preparing → published → closed, one step forward at a time", () => {
  const allowed = new Set(["hidden→preparing", "preparing→published", "published→closed"]);
  const pairs = STATUS_ORDER.flatMap((from) => STATUS_ORDER.map((to) => [from, to] as [OnlineCourseStatus, OnlineCourseStatus]));
  it.each(pairs)("%s → %s", (from, to) => {
    const change = checkStatusChange(from, to);
    expect(change.ok).toBe(allowed.has(`${from}→${to}`));
    if (!change.ok) expect(change.reason.length).toBeGreaterThan(0);
  });

  it.each([
    ["hidden", "preparing"],
    ["preparing", "published"],
    ["published", "closed"],
    ["closed", null],
  ] as const)("after %s comes %s", (status, next) => {
    expect(nextStatus(status)).toBe(next);
  });

  it("says why a closed course cannot change", () => {
    expect(checkStatusChange("closed", "published")).toEqual({ ok: false, reason: expect.stringContaining("closed") });
  });

  it.each([
    ["hidden", true],
    ["preparing", true],
    ["published", true],
    ["closed", false],
  ] as const)("a %s course can be edited: %s", (status, editable) => {
    expect(isEditable(status)).toBe(editable);
  });
});

describe("moving an item up or down among dense positions", () => {
  it.each([
    [0, 3, "up", null],
    [0, 3, "down", 1],
    [1, 3, "up", 0],
    [1, 3, "down", 2],
    [2, 3, "down", null],
    [2, 3, "up", 1],
    [0, 1, "up", null],
    [0, 1, "down", null],
    [3, 3, "up", null],
    [-1, 3, "down", null],
    [1.5, 3, "down", null],
  ] as const)("position %s of %s moved %s swaps with %s", (position, count, direction, target) => {
    expect(swapTarget(position, count, direction)).toBe(target);
  });

  it.each([
    [3, 0, 2, [1, 2, 0]],
    [3, 2, 0, [2, 0, 1]],
    [4, 1, 1, [0, 1, 2, 3]],
    [3, 0, 3, null],
    [3, -1, 0, null],
  ] as const)("of %s items, dragging %s to %s gives %j", (count, from, to, order) => {
    expect(moveOrder(count, from, to)).toEqual(order);
  });
});

describe("prices typed in dollars are stored in cents", () => {
  it.each([
    ["49", 4900],
    ["49.9", 4990],
    ["49.99", 4999],
    ["0", 0],
    ["  12.05 ", 1205],
    ["$1,200.00", 120000],
    ["1200", 120000],
    ["-5", null],
    ["4.999", null],
    ["abc", null],
    ["", null],
    ["1e3", null],
    ["99999999", null],
  ] as const)("%j → %s", (input, cents) => {
    expect(parsePriceToCents(input)).toBe(cents);
  });

  it.each([
    [4999, "49.99"],
    [5, "0.05"],
    [120000, "1200.00"],
    [null, ""],
  ] as const)("%s cents shows as %j", (cents, text) => {
    expect(centsToPriceInput(cents)).toBe(text);
  });

  it("round-trips every amount a field shows", () => {
    for (const cents of [0, 1, 99, 100, 12345, 9999999]) expect(parsePriceToCents(centsToPriceInput(cents))).toBe(cents);
  });
});

describe("deleting a course: only while no student has seen or joined it", () => {
  it.each([
    ["hidden", 0, true],
    ["hidden", 1, false],
    ["preparing", 0, false],
    ["published", 0, false],
    ["closed", 0, false],
  ] as const)("a %s course with %i enrolments may be deleted: %s", (status, enrolments, ok) => {
    expect(checkCourseDeletion({ status, enrolments }).ok).toBe(ok);
  });

  it("tells the instructor to close the course instead", () => {
    expect(checkCourseDeletion({ status: "published", enrolments: 3 })).toEqual({ ok: false, reason: "A published course cannot be deleted: close it instead." });
    expect(checkCourseDeletion({ status: "hidden", enrolments: 3 })).toMatchObject({ ok: false, reason: expect.stringContaining("enrolled students") });
  });
});

describe("an enabled package needs its price", () => {
  it.each([
    [{ pro_enabled: true, pro_price: null, practice_enabled: false, practice_price: null }, ["pro_price"]],
    [{ pro_enabled: true, pro_price: 0, practice_enabled: true, practice_price: null }, ["practice_price"]],
    [{ pro_enabled: true, pro_price: null, practice_enabled: true, practice_price: null }, ["pro_price", "practice_price"]],
    [{ pro_enabled: false, pro_price: null, practice_enabled: false, practice_price: null }, []],
    [{ pro_enabled: true, pro_price: 4900, practice_enabled: true, practice_price: 6900 }, []],
  ] as const)("%j → problems with %j", (input, fields) => {
    expect(packagePriceIssues(input).map((issue) => issue.path[0])).toEqual(fields);
  });
});
