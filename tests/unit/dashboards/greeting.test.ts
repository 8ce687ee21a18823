import { describe, expect, it } from "vitest";
import { dashboardGreeting } from "~/dashboards/greeting";

const created = new Date("2026-11-01T10:00:00Z");
const after = (ms: number) => new Date(created.getTime() + ms);

describe("dashboardGreeting", () => {
  it.each([
    ["in the session sign-up opened", after(0), "Welcome"],
    ["signed in a minute after the account was made", after(60_000), "Welcome"],
    ["just inside five minutes", after(5 * 60_000 - 1), "Welcome"],
    ["exactly five minutes later", after(5 * 60_000), "Welcome back"],
    ["the next day", after(24 * 3_600_000), "Welcome back"],
  ])("%s: %s", (_case, signedInAt, expected) => {
    expect(dashboardGreeting(created, signedInAt)).toBe(expected);
  });
});
