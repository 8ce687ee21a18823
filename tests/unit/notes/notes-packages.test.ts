import { describe, expect, it } from "vitest";
import { mayOpenNotes, mayReview, notesReviewSchema, notesTermChoices, parseNotesTerm } from "~/notes/notes-packages";

describe("notesTermChoices", () => {
  it.each([
    ["2026-11-28T12:00:00Z", ["Fall 2026", "Summer 2026", "Winter 2026", "Fall 2025", "Summer 2025", "Winter 2025"]],
    ["2026-01-01T00:00:00Z", ["Winter 2026", "Fall 2025", "Summer 2025", "Winter 2025", "Fall 2024", "Summer 2024"]],
    ["2026-05-01T00:00:00Z", ["Summer 2026", "Winter 2026", "Fall 2025", "Summer 2025", "Winter 2025", "Fall 2024"]],
  ])("at %s offers the current term and the five before it", (at, labels) => {
    expect(notesTermChoices(new Date(at)).map((choice) => choice.label)).toEqual(labels);
  });
});

describe("parseNotesTerm", () => {
  const now = new Date("2026-11-28T12:00:00Z");
  it.each([
    ["fall-2026", { term: "fall", year: 2026 }],
    ["winter-2025", { term: "winter", year: 2025 }],
    ["fall-2024", null],
    ["winter-2027", null],
    ["spring-2026", null],
    ["", null],
  ])("%j → %j", (value, expected) => {
    expect(parseNotesTerm(value, now)).toEqual(expected);
  });
});

describe("reviews and who opens notes", () => {
  it.each([
    ["pending", true],
    ["approved", false],
    ["rejected", false],
  ] as const)("notes %s may be reviewed: %s", (status, expected) => {
    expect(mayReview(status)).toBe(expected);
  });

  it.each([
    [{ isStaff: true, isUploader: false, takesCourse: false, status: "pending" }, true],
    [{ isStaff: false, isUploader: true, takesCourse: false, status: "rejected" }, true],
    [{ isStaff: false, isUploader: false, takesCourse: true, status: "approved" }, true],
    [{ isStaff: false, isUploader: false, takesCourse: true, status: "pending" }, false],
    [{ isStaff: false, isUploader: false, takesCourse: true, status: "rejected" }, false],
    [{ isStaff: false, isUploader: false, takesCourse: false, status: "approved" }, false],
  ] as const)("%j → %s", (access, expected) => {
    expect(mayOpenNotes(access)).toBe(expected);
  });

  it("refuses a rejection without a reason", () => {
    expect(notesReviewSchema.safeParse({ decision: "reject", id: "3", reason: " " }).success).toBe(false);
    expect(notesReviewSchema.safeParse({ decision: "reject", id: "3", reason: "Blurry scan" }).success).toBe(true);
    expect(notesReviewSchema.safeParse({ decision: "approve", id: "3" }).success).toBe(true);
  });
});
