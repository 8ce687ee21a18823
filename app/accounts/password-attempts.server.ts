import { setTimeout as sleep } from "node:timers/promises";
import { attemptSubjects, decidePasswordAttempt, type PasswordAttemptLimits } from "~/accounts/password-attempts";
import { hitRateLimit, readRateLimit } from "~/security/rate-limit.server";

export type PasswordAttempt = { kind: "refused"; retryAfterSeconds: number } | { kind: "allowed"; countFailure: () => Promise<void> };

/**
 * Applies the password-guessing rules (app/accounts/password-attempts.ts) before a password is
 * checked: refuses the attempt, or lets it through after the account's slowdown. A wrong
 * password must then be reported with `countFailure`, which counts it for the pair, the address
 * and the account alike.
 */
export async function beginPasswordAttempt(limits: PasswordAttemptLimits, account: string, clientIp: string): Promise<PasswordAttempt> {
  const subjects = attemptSubjects(account, clientIp);
  const [accountFromAddress, fromAddress, onAccount] = await Promise.all([
    readRateLimit(limits.perAccountAndAddress, subjects.accountAndAddress),
    readRateLimit(limits.perAddress, subjects.address),
    readRateLimit(limits.slowdownPerAccount, subjects.account),
  ]);
  const decision = decidePasswordAttempt(limits, {
    accountFromAddress: { failures: accountFromAddress.hits, retryAfterSeconds: accountFromAddress.retryAfterSeconds },
    fromAddress: { failures: fromAddress.hits, retryAfterSeconds: fromAddress.retryAfterSeconds },
    onAccount: onAccount.hits,
  });
  if (decision.kind === "refuse") return { kind: "refused", retryAfterSeconds: decision.retryAfterSeconds };
  if (decision.delayMs > 0) await sleep(decision.delayMs);
  return {
    kind: "allowed",
    countFailure: async () => {
      await Promise.all([
        hitRateLimit(limits.perAccountAndAddress, subjects.accountAndAddress),
        hitRateLimit(limits.perAddress, subjects.address),
        hitRateLimit(limits.slowdownPerAccount, subjects.account),
      ]);
    },
  };
}
