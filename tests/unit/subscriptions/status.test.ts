import { describe, expect, it } from "vitest";
import { availableSubscriptionActions, deriveSubscriptionStatus, grantsSubscriptionAccess, pauseEnd, type SubscriptionTimes } from "~/subscriptions/status";

const now = new Date("2026-06-15T12:00:00Z");
const past = new Date("2026-06-01T00:00:00Z");
const future = new Date("2026-07-01T00:00:00Z");
const base: SubscriptionTimes = { status: "active", expiresAt: null, trialEndDate: null, cancelAt: null, pauseAt: null, pauseUntil: null };

describe("the derived subscription status (SPEC §4)", () => {
  it.each<[string, Partial<SubscriptionTimes>, string]>([
    ["expired once expires_at has passed, whatever the status", { status: "active", expiresAt: past }, "expired"],
    ["expired at exactly expires_at", { status: "trialing", expiresAt: now, trialEndDate: future }, "expired"],
    ["not expired before expires_at", { status: "active", expiresAt: future }, "active"],
    ["trialing while the trial end is in the future", { status: "trialing", trialEndDate: future }, "trialing"],
    ["incomplete once the trial end has passed", { status: "trialing", trialEndDate: past }, "incomplete"],
    ["incomplete without a trial end", { status: "trialing" }, "incomplete"],
    ["an incomplete subscription with a future trial end is trialing", { status: "incomplete", trialEndDate: future }, "trialing"],
    ["incomplete stays incomplete without a trial", { status: "incomplete" }, "incomplete"],
    ["active stays active", {}, "active"],
    ["active with a future cancel_at stays active", { cancelAt: future }, "active"],
    ["active becomes canceled once cancel_at has passed", { cancelAt: past }, "canceled"],
    ["active becomes canceled at exactly cancel_at", { cancelAt: now }, "canceled"],
    ["cancel wins over a pause", { cancelAt: past, pauseAt: past, pauseUntil: future }, "canceled"],
    ["paused between pause_at and pause_until", { pauseAt: past, pauseUntil: future }, "paused"],
    ["not paused before pause_at", { pauseAt: future, pauseUntil: new Date("2026-08-01T00:00:00Z") }, "active"],
    ["active again after pause_until", { pauseAt: new Date("2026-04-01T00:00:00Z"), pauseUntil: past }, "active"],
    ["paused for one month after pause_at without pause_until", { pauseAt: new Date("2026-05-20T00:00:00Z") }, "paused"],
    ["active again one month after pause_at without pause_until", { pauseAt: new Date("2026-05-14T00:00:00Z") }, "active"],
    ["past_due passes through", { status: "past_due", cancelAt: past }, "past_due"],
    ["canceled passes through", { status: "canceled" }, "canceled"],
    ["unpaid passes through", { status: "unpaid", pauseAt: past, pauseUntil: future }, "unpaid"],
    ["incomplete_expired passes through", { status: "incomplete_expired" }, "incomplete_expired"],
  ])("%s", (_name, overrides, expected) => {
    expect(deriveSubscriptionStatus({ ...base, ...overrides }, now)).toBe(expected);
  });

  it("ends a pause one calendar month after it starts when no end is given", () => {
    expect(pauseEnd(new Date("2026-01-31T00:00:00Z"), null).toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(pauseEnd(past, future)).toBe(future);
  });

  it.each([
    ["active", true],
    ["trialing", true],
    ["paused", false],
    ["canceled", false],
    ["expired", false],
    ["incomplete", false],
    ["past_due", false],
  ])("%s gives access to subscription courses: %s", (status, expected) => {
    expect(grantsSubscriptionAccess(status)).toBe(expected);
  });
});

describe("which actions a subscription offers", () => {
  const facts = (overrides: Partial<SubscriptionTimes> & { isPremedPlus?: boolean; cancelDiscountApplied?: boolean } = {}) => ({ ...base, isPremedPlus: false, cancelDiscountApplied: false, ...overrides });
  it.each<[string, ReturnType<typeof facts>, string[]]>([
    ["an active Plus plan", facts(), ["cancel", "apply_cancel_discount", "pause", "premed_upgrade"]],
    ["a trial", facts({ status: "trialing", trialEndDate: future }), ["cancel", "apply_cancel_discount", "pause", "premed_upgrade"]],
    ["one set to cancel", facts({ cancelAt: future }), ["uncancel"]],
    ["a paused one", facts({ pauseAt: past, pauseUntil: future }), ["cancel", "apply_cancel_discount", "unpause"]],
    ["a trial with a pause planned", facts({ status: "trialing", trialEndDate: future, pauseAt: past, pauseUntil: future }), ["cancel", "apply_cancel_discount", "unpause", "premed_upgrade"]],
    ["Pre-Med Plus with the offer used", facts({ isPremedPlus: true, cancelDiscountApplied: true }), ["cancel", "pause"]],
    ["an ended one", facts({ status: "canceled", expiresAt: past }), []],
    ["one past cancel_at", facts({ cancelAt: past }), []],
    ["one whose trial lapsed", facts({ status: "trialing", trialEndDate: past }), []],
  ])("%s", (_name, subscription, expected) => {
    expect(availableSubscriptionActions(subscription, now)).toEqual(expected);
  });
});
