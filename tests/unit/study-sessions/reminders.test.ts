import { describe, expect, it } from "vitest";
import { dueReminder, type ReminderLead } from "~/study-sessions/reminders";

const START = new Date("2026-12-10T18:00:00Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (offsetMs: number) => new Date(START.getTime() + offsetMs);
const LONG_AGO = new Date("2026-11-01T00:00:00Z");

describe("the reminder due at a moment (start 18:00 UTC, enrolled long before)", () => {
  it.each<[string, number, ReminderLead | null]>([
    ["two days before", -48 * HOUR, null],
    ["a millisecond before the 24 hour mark", -24 * HOUR - 1, null],
    ["exactly 24 hours before", -24 * HOUR, "24h"],
    ["10 minutes after the 24 hour mark (a late job)", -24 * HOUR + 10 * MINUTE, "24h"],
    ["2 hours before (the 24 hour reminder was missed: still sent)", -2 * HOUR, "24h"],
    ["a millisecond before the 1 hour mark", -HOUR - 1, "24h"],
    ["exactly 1 hour before", -HOUR, "1h"],
    ["50 minutes before (a late job)", -50 * MINUTE, "1h"],
    ["a millisecond before the start", -1, "1h"],
    ["at the start", 0, null],
    ["after the start", 5 * MINUTE, null],
  ])("%s: %s", (_label, offset, expected) => {
    expect(dueReminder({ startTime: START, enrolledAt: LONG_AGO, sent: [] }, at(offset))).toBe(expected);
  });
});

describe("what was already sent", () => {
  it.each<[string, number, ReminderLead[], ReminderLead | null]>([
    ["24 hour reminder sent, still in its window", -20 * HOUR, ["24h"], null],
    ["24 hour reminder sent, 1 hour mark reached", -HOUR, ["24h"], "1h"],
    ["both sent", -30 * MINUTE, ["24h", "1h"], null],
    ["1 hour reminder sent", -30 * MINUTE, ["1h"], null],
    // A late job never sends the day-before reminder once the hour-before one is due.
    ["nothing sent, 1 hour mark reached", -30 * MINUTE, [], "1h"],
  ])("%s", (_label, offset, sent, expected) => {
    expect(dueReminder({ startTime: START, enrolledAt: LONG_AGO, sent }, at(offset))).toBe(expected);
  });
});

describe("a student who enrolled late", () => {
  it.each<[string, number, number, ReminderLead | null]>([
    ["enrolled exactly at the 24 hour mark: gets it", -24 * HOUR, -23 * HOUR, "24h"],
    ["enrolled 5 hours before: no day-before reminder", -5 * HOUR, -4 * HOUR, null],
    ["enrolled 5 hours before: the hour-before reminder", -5 * HOUR, -HOUR, "1h"],
    ["enrolled exactly at the 1 hour mark: gets it", -HOUR, -30 * MINUTE, "1h"],
    ["enrolled 30 minutes before: nothing (the confirmation was just sent)", -30 * MINUTE, -20 * MINUTE, null],
  ])("%s", (_label, enrolledOffset, nowOffset, expected) => {
    expect(dueReminder({ startTime: START, enrolledAt: at(enrolledOffset), sent: [] }, at(nowOffset))).toBe(expected);
  });
});
