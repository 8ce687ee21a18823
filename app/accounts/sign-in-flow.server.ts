import { redirect } from "@remix-run/node";
import { currentSession, createUserSession, destroyCurrentSession } from "~/accounts/session.server";
import { homePath } from "~/accounts/roles";
import { signInLimits } from "~/accounts/password-attempts";
import { beginPasswordAttempt } from "~/accounts/password-attempts.server";
import { authenticateWithPassword, InvalidCredentialsError } from "~/accounts/sign-in.server";
import { db } from "~/db/db.server";
import { config } from "~/config/env.server";
import { safeRedirectPath } from "~/security/safe-redirect";

export type SignInOutcome =
  | { kind: "signed-in"; userId: number; cookie: string; redirectTo: string }
  | { kind: "invalid" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/** The app's own origin, for judging redirect targets. */
export function appOrigin(request: Request) {
  return config().APP_ORIGIN ?? new URL(request.url).origin;
}

/**
 * Signs a person in with email and password: wrong passwords are limited per account and
 * address together and per address, and slow down further attempts on the account from
 * anywhere (app/accounts/password-attempts.ts), so the owner elsewhere still gets in; the same
 * answer for every kind of wrong; a fresh session id (the previous session ends).
 */
export async function signInWithPassword(
  request: Request,
  input: { email: string; password: string; rememberMe: boolean; redirectTo?: string },
  clientIp: string,
): Promise<SignInOutcome> {
  const attempt = await beginPasswordAttempt(signInLimits, input.email, clientIp);
  if (attempt.kind === "refused") return { kind: "rate-limited", retryAfterSeconds: attempt.retryAfterSeconds };
  let userId: number;
  try {
    userId = (await authenticateWithPassword(request, input.email, input.password)).id;
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) throw error;
    await attempt.countFailure();
    return { kind: "invalid" };
  }
  if (await currentSession(request)) await destroyCurrentSession(request);
  const cookie = await createUserSession({ userId, rememberMe: input.rememberMe, request, clientIp });
  const user = await db().selectFrom("users").select(["id", "roles", "user_type"]).where("id", "=", userId).executeTakeFirstOrThrow();
  const home = homePath({ id: user.id, roles: user.roles, userType: user.user_type });
  return { kind: "signed-in", userId, cookie, redirectTo: safeRedirectPath(input.redirectTo, appOrigin(request), home) };
}

/** Signed-in visitors have no business on the sign-in or sign-up page: send them home. */
export async function redirectSignedInVisitor(request: Request) {
  const session = await currentSession(request);
  if (!session) return;
  const target = new URL(request.url).searchParams.get("redirect_to");
  const home = homePath({ id: session.user.id, roles: session.user.roles, userType: session.user.user_type });
  throw redirect(safeRedirectPath(target, appOrigin(request), home));
}

export function isJsonRequest(request: Request) {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("application/json");
}
