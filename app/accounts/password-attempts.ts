import type { RateLimitRule } from "~/security/rate-limit.server";

/**
 * Limits on guessing passwords (sign-in and reauthentication), built so that nobody can lock an
 * owner out of their own account: wrong passwords are refused per account *from one address* and
 * per address, never per account alone. Guessing one account from many addresses is slowed
 * instead: past a few failures on the account, every attempt on it waits before the password is
 * checked, longer each time up to a cap. That costs the owner a few seconds at worst, never a
 * refusal. Pure: app/accounts/password-attempts.server.ts reads the counts and applies it.
 */
export interface PasswordAttemptLimits {
  /** Wrong passwords for one account from one address; past the limit that pair is refused. */
  perAccountAndAddress: RateLimitRule;
  /** Wrong passwords from one address on any account (a school may share one address). */
  perAddress: RateLimitRule;
  /** Wrong passwords for one account from every address; past the limit attempts are slowed, never refused. */
  slowdownPerAccount: RateLimitRule;
}

const FIVE_MINUTES = 300;

export const signInLimits: PasswordAttemptLimits = {
  perAccountAndAddress: { name: "sign-in:account-ip", limit: 5, windowSeconds: FIVE_MINUTES },
  perAddress: { name: "sign-in:ip", limit: 30, windowSeconds: FIVE_MINUTES },
  slowdownPerAccount: { name: "sign-in:account", limit: 5, windowSeconds: FIVE_MINUTES },
};

/** The same rules for the password asked again before a sensitive change; the account is the person typing it. */
export const reauthenticationLimits: PasswordAttemptLimits = {
  perAccountAndAddress: { name: "reauth:user-ip", limit: 5, windowSeconds: FIVE_MINUTES },
  perAddress: { name: "reauth:ip", limit: 30, windowSeconds: FIVE_MINUTES },
  slowdownPerAccount: { name: "reauth:user", limit: 5, windowSeconds: FIVE_MINUTES },
};

export const FIRST_SLOWDOWN_MS = 250;
export const MAX_SLOWDOWN_MS = 4_000;

/**
 * How long an attempt on an account waits, given the wrong passwords the account already has in
 * the window from all addresses: nothing up to the free allowance, then 250 ms doubling per
 * further failure, at most 4 s.
 */
export function slowdownMs(accountFailures: number, freeFailures: number): number {
  if (accountFailures < freeFailures) return 0;
  return Math.min(MAX_SLOWDOWN_MS, FIRST_SLOWDOWN_MS * 2 ** (accountFailures - freeFailures));
}

/** Failures counted in a rule's current window, and the seconds until that window ends. */
export interface WindowCount {
  failures: number;
  retryAfterSeconds: number;
}

export interface PasswordAttemptCounts {
  accountFromAddress: WindowCount;
  fromAddress: WindowCount;
  onAccount: number;
}

export type PasswordAttemptDecision = { kind: "refuse"; retryAfterSeconds: number } | { kind: "check"; delayMs: number };

/**
 * Refuses an attempt whose account-and-address pair or address has used its allowance (until
 * the latest of the refusing windows ends); otherwise checks the password after the account's
 * slowdown.
 */
export function decidePasswordAttempt(limits: PasswordAttemptLimits, counts: PasswordAttemptCounts): PasswordAttemptDecision {
  const refusals: [WindowCount, RateLimitRule][] = [
    [counts.accountFromAddress, limits.perAccountAndAddress],
    [counts.fromAddress, limits.perAddress],
  ];
  const refusing = refusals.filter(([count, rule]) => count.failures >= rule.limit).map(([count]) => count.retryAfterSeconds);
  if (refusing.length > 0) return { kind: "refuse", retryAfterSeconds: Math.max(...refusing) };
  return { kind: "check", delayMs: slowdownMs(counts.onAccount, limits.slowdownPerAccount.limit) };
}

/**
 * The counter subjects of one attempt. Emails are compared trimmed and lower-cased, as sign-in
 * finds the account, so " Ann@x.test" counts against the same account as "ann@x.test".
 */
export function attemptSubjects(account: string, clientIp: string) {
  const accountKey = account.trim().toLowerCase();
  return { accountAndAddress: `${accountKey} ${clientIp}`, address: clientIp, account: accountKey };
}
