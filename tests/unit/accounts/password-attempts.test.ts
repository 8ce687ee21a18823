import { describe, expect, it } from "vitest";
import {
  attemptSubjects,
  decidePasswordAttempt,
  FIRST_SLOWDOWN_MS,
  MAX_SLOWDOWN_MS,
  reauthenticationLimits,
  signInLimits,
  slowdownMs,
  type PasswordAttemptCounts,
} from "~/accounts/password-attempts";

describe("the password-guessing limits", () => {
  it("for sign-in: 5 per account and address, 30 per address, slowed after 5 per account, all per 5 minutes", () => {
    expect(signInLimits).toEqual({
      perAccountAndAddress: { name: "sign-in:account-ip", limit: 5, windowSeconds: 300 },
      perAddress: { name: "sign-in:ip", limit: 30, windowSeconds: 300 },
      slowdownPerAccount: { name: "sign-in:account", limit: 5, windowSeconds: 300 },
    });
  });

  it("for reauthentication: the same numbers, counted apart from sign-in", () => {
    expect(reauthenticationLimits).toEqual({
      perAccountAndAddress: { name: "reauth:user-ip", limit: 5, windowSeconds: 300 },
      perAddress: { name: "reauth:ip", limit: 30, windowSeconds: 300 },
      slowdownPerAccount: { name: "reauth:user", limit: 5, windowSeconds: 300 },
    });
  });
});

describe("the slowdown per account", () => {
  // Failures the account already has in the window (from every address) → the wait before the next check.
  it.each([
    [0, 0],
    [1, 0],
    [4, 0],
    [5, 250],
    [6, 500],
    [7, 1_000],
    [8, 2_000],
    [9, 4_000],
    [10, 4_000],
    [30, 4_000],
    [5_000, 4_000],
  ])("after %i failures an attempt waits %i ms", (failures, wait) => {
    expect(slowdownMs(failures, signInLimits.slowdownPerAccount.limit)).toBe(wait);
  });

  it("starts at 250 ms and never passes 4 s", () => {
    expect(FIRST_SLOWDOWN_MS).toBe(250);
    expect(MAX_SLOWDOWN_MS).toBe(4_000);
    for (let failures = 0; failures < 200; failures += 1) expect(slowdownMs(failures, 5)).toBeLessThanOrEqual(MAX_SLOWDOWN_MS);
  });
});

describe("deciding one attempt", () => {
  const counts = (pair: number, address: number, account: number, pairRetry = 120, addressRetry = 200): PasswordAttemptCounts => ({
    accountFromAddress: { failures: pair, retryAfterSeconds: pairRetry },
    fromAddress: { failures: address, retryAfterSeconds: addressRetry },
    onAccount: account,
  });

  it.each<[string, PasswordAttemptCounts, ReturnType<typeof decidePasswordAttempt>]>([
    ["a first attempt is checked at once", counts(0, 0, 0), { kind: "check", delayMs: 0 }],
    ["a fifth attempt from the pair is still checked", counts(4, 4, 4), { kind: "check", delayMs: 0 }],
    ["after five failures from the pair, the pair is refused until its window ends", counts(5, 5, 5), { kind: "refuse", retryAfterSeconds: 120 }],
    // The lock-out the rule is built against: someone else's five failures, the owner at another address.
    ["the owner at another address is checked, only slowed", counts(0, 0, 5), { kind: "check", delayMs: 250 }],
    ["many failures spread over addresses slow the owner, never refuse", counts(0, 0, 500), { kind: "check", delayMs: 4_000 }],
    ["an address with 30 failures is refused on any account", counts(0, 30, 0), { kind: "refuse", retryAfterSeconds: 200 }],
    ["an address with 29 failures is still checked", counts(0, 29, 0), { kind: "check", delayMs: 0 }],
    ["both refusing: the later window end", counts(5, 30, 9, 250, 100), { kind: "refuse", retryAfterSeconds: 250 }],
    ["only the pair refusing: its own window end, not the address's", counts(5, 7, 9, 60, 290), { kind: "refuse", retryAfterSeconds: 60 }],
    ["past the limit (refused attempts are not counted, but a race can overshoot)", counts(8, 0, 0), { kind: "refuse", retryAfterSeconds: 120 }],
  ])("%s", (_, given, decision) => {
    expect(decidePasswordAttempt(signInLimits, given)).toEqual(decision);
  });
});

describe("the counted subjects", () => {
  it("count an email as sign-in finds the account: trimmed, any case", () => {
    expect(attemptSubjects("  Ann@Example.TEST ", "10.0.0.1")).toEqual(attemptSubjects("ann@example.test", "10.0.0.1"));
  });

  it("name the pair, the address and the account", () => {
    expect(attemptSubjects("ann@example.test", "203.0.113.9")).toEqual({
      accountAndAddress: "ann@example.test 203.0.113.9",
      address: "203.0.113.9",
      account: "ann@example.test",
    });
  });
});
