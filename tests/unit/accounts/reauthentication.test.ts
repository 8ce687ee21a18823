import { describe, expect, it } from "vitest";
import { isRecentlyAuthenticated, needsReauthentication, REAUTHENTICATION_WINDOW_MS, sensitiveChanges } from "~/accounts/reauthentication";

const now = new Date("2025-03-01T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;

describe("isRecentlyAuthenticated: within 15 minutes", () => {
  it.each([
    ["just now", 0, true],
    ["14 minutes ago", 14 * MINUTE, true],
    ["exactly 15 minutes ago", REAUTHENTICATION_WINDOW_MS, true],
    ["15 minutes and 1 ms ago", REAUTHENTICATION_WINDOW_MS + 1, false],
    ["a day ago", 24 * 60 * MINUTE, false],
    ["a minute in the future (clock skew)", -MINUTE, true],
    ["an hour in the future", -60 * MINUTE, false],
  ] as const)("%s → %s", (_name, age, expected) => {
    expect(isRecentlyAuthenticated(ago(age), now)).toBe(expected);
  });

  it("treats an invalid date as not recent", () => {
    expect(isRecentlyAuthenticated(new Date("nonsense"), now)).toBe(false);
  });
});

describe("sensitiveChanges", () => {
  const current = { email: "Maya@Example.test" };
  it.each([
    ["nothing", {}, []],
    ["the same email in another case", { email: "maya@example.test " }, []],
    ["a new email", { email: "other@example.test" }, ["email"]],
    ["a new password", { password: "a-new-password" }, ["password"]],
    ["an empty password (not a change)", { password: "" }, []],
    ["null email and password", { email: null, password: null }, []],
    ["both", { email: "other@example.test", password: "a-new-password" }, ["email", "password"]],
  ] as const)("%s → %j", (_name, proposed, expected) => {
    expect(sensitiveChanges(current, proposed)).toEqual(expected);
  });
});

describe("needsReauthentication", () => {
  it.each([
    ["no sensitive change, old sign-in", [], 60 * MINUTE, false],
    ["email, recent sign-in", ["email"], 5 * MINUTE, false],
    ["email, old sign-in", ["email"], 16 * MINUTE, true],
    ["password, old sign-in", ["password"], 60 * MINUTE, true],
    ["deactivate, old sign-in", ["deactivate"], 20 * MINUTE, true],
    ["deactivate, recent sign-in", ["deactivate"], MINUTE, false],
  ] as const)("%s → %s", (_name, changes, age, expected) => {
    expect(needsReauthentication(changes, ago(age), now)).toBe(expected);
  });
});
