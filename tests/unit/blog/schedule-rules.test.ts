import { describe, expect, it } from "vitest";
import { decidePublication, MAX_SCHEDULE_AHEAD_MS, parseLocalTime, slugFromTitle, toLocalTime } from "~/blog/schedule-rules";

const now = new Date("2026-11-28T12:00:00Z");
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const firstPublished = new Date("2026-10-01T08:00:00Z");

describe("when a blog post goes out", () => {
  // intent, time asked for, current state → the post's state, or the refusal on publish_at.
  it.each([
    ["draft", null, null, { ok: true, status: "draft", published_at: null }],
    ["draft", at(60_000), { status: "scheduled", published_at: at(60_000) }, { ok: true, status: "draft", published_at: null }],
    ["draft", null, { status: "published", published_at: firstPublished }, { ok: true, status: "draft", published_at: null }],
    ["publish", null, null, { ok: true, status: "published", published_at: now }],
    ["publish", at(60_000), { status: "scheduled", published_at: at(60_000) }, { ok: true, status: "published", published_at: now }],
    // An edit of a published post keeps its first publication time.
    ["publish", null, { status: "published", published_at: firstPublished }, { ok: true, status: "published", published_at: firstPublished }],
    ["schedule", at(1_000), null, { ok: true, status: "scheduled", published_at: at(1_000) }],
    ["schedule", at(MAX_SCHEDULE_AHEAD_MS), { status: "draft", published_at: null }, { ok: true, status: "scheduled", published_at: at(MAX_SCHEDULE_AHEAD_MS) }],
    // The past and now are refused, never quietly published.
    ["schedule", at(-1_000), null, { ok: false, field: "publish_at", message: "Choose a time in the future, or publish it now" }],
    ["schedule", now, null, { ok: false, field: "publish_at", message: "Choose a time in the future, or publish it now" }],
    ["schedule", at(MAX_SCHEDULE_AHEAD_MS + 1), null, { ok: false, field: "publish_at", message: "Schedule it at most a year ahead" }],
    ["schedule", null, null, { ok: false, field: "publish_at", message: "Choose the day and time to publish it, like 2026-12-01 09:00" }],
  ] as const)("%s at %s from %o", (intent, publishAt, current, expected) => {
    expect(decidePublication({ intent, publishAt, now, current: current as never })).toEqual(expected);
  });
});

describe("a datetime-local value in a time zone", () => {
  it.each([
    ["2026-12-01T09:00", "UTC", "2026-12-01T09:00:00.000Z"],
    ["2026-12-01T09:00:30", "UTC", "2026-12-01T09:00:30.000Z"],
    ["2026-12-01 09:00", "America/Toronto", "2026-12-01T14:00:00.000Z"],
    ["2026-07-01T09:00", "America/Toronto", "2026-07-01T13:00:00.000Z"],
  ])("%s in %s is %s", (value, zone, iso) => {
    expect(parseLocalTime(value, zone)?.toISOString()).toBe(iso);
  });

  it.each(["", "tomorrow", "2026-02-30T09:00", "2026-12-01T24:00", "1999-12-01T09:00", "2026-12-01T09:00:00Z"])("refuses %j", (value) => {
    expect(parseLocalTime(value, "UTC")).toBeNull();
  });

  it("writes an instant back as the form shows it", () => {
    expect(toLocalTime(new Date("2026-12-01T14:00:05Z"), "America/Toronto")).toBe("2026-12-01T09:00:05");
  });

  it("makes addresses from titles", () => {
    expect(slugFromTitle("  Études: 10 Tips for MCAT CARS!  ")).toBe("etudes-10-tips-for-mcat-cars");
    expect(slugFromTitle("!!!")).toBe("");
  });
});
