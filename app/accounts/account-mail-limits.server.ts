import { hitRateLimit, type RateLimitRule } from "~/security/rate-limit.server";

/**
 * Limits on asking for account mail (reset links, confirmation links): per client address, so
 * one machine cannot probe or spam many accounts, and per email address, so many machines
 * cannot flood one inbox. Unknown addresses count exactly like known ones, so the limit itself
 * reveals nothing.
 */
export const accountMailRateLimits = {
  resetPerIp: { name: "password-reset:ip", limit: 5, windowSeconds: 15 * 60 },
  resetPerEmail: { name: "password-reset:email", limit: 3, windowSeconds: 60 * 60 },
  confirmationPerIp: { name: "confirmation-resend:ip", limit: 5, windowSeconds: 15 * 60 },
  confirmationPerEmail: { name: "confirmation-resend:email", limit: 3, windowSeconds: 60 * 60 },
  /** Setting a new password costs an argon2 hash: bound it per address too. */
  newPasswordPerIp: { name: "password-update:ip", limit: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

export type LimitCheck = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts the request against each rule in turn and stops at the first one that refuses, so a
 * client already over its own limit does not use up the budget of the address it names.
 */
export async function checkLimits(checks: ReadonlyArray<readonly [RateLimitRule, string]>): Promise<LimitCheck> {
  for (const [rule, subject] of checks) {
    const result = await hitRateLimit(rule, subject);
    if (!result.allowed) return { allowed: false, retryAfterSeconds: result.retryAfterSeconds };
  }
  return { allowed: true };
}
