import { homePath } from "~/accounts/roles";
import { viewerOf } from "~/accounts/session.server";
import { signInLimits } from "~/accounts/password-attempts";
import { beginPasswordAttempt } from "~/accounts/password-attempts.server";
import { authenticateWithPassword, InvalidCredentialsError } from "~/accounts/sign-in.server";
import { db } from "~/db/db.server";
import type { User } from "~/db/schema";
import { safeRedirectPath } from "~/security/safe-redirect";

export type SignInOutcome =
  | { kind: "signed-in"; userId: number; redirectTo: string }
  | { kind: "invalid" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * Where a signed-in person goes next: the path they asked for when it is on this site (at
 * `origin`), else their home. Also where the sign-in and sign-up pages send a visitor who is
 * signed in already.
 */
export function destinationAfterSignIn(user: Pick<User, "id" | "roles" | "user_type">, requested: unknown, origin: string): string {
  return safeRedirectPath(requested, origin, homePath(viewerOf(user)));
}

/**
 * Checks an email and password for signing in: wrong passwords are limited per account and
 * address together and per address, and slow down further attempts on the account from
 * anywhere (app/accounts/password-attempts.ts), so the owner elsewhere still gets in; the same
 * answer for every kind of wrong. The route then starts the session (`startFreshSession`: a
 * fresh id, the previous session ends).
 */
export async function signInWithPassword(
  input: { email: string; password: string; redirectTo?: string },
  context: { origin: string; clientIp: string },
): Promise<SignInOutcome> {
  const attempt = await beginPasswordAttempt(signInLimits, input.email, context.clientIp);
  if (attempt.kind === "refused") return { kind: "rate-limited", retryAfterSeconds: attempt.retryAfterSeconds };
  let userId: number;
  try {
    userId = (await authenticateWithPassword(input.email, input.password)).id;
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) throw error;
    await attempt.countFailure();
    return { kind: "invalid" };
  }
  const user = await db().selectFrom("users").select(["id", "roles", "user_type"]).where("id", "=", userId).executeTakeFirstOrThrow();
  return { kind: "signed-in", userId, redirectTo: destinationAfterSignIn(user, input.redirectTo, context.origin) };
}
