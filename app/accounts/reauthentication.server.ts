import { reauthenticationLimits } from "~/accounts/password-attempts";
import { beginPasswordAttempt } from "~/accounts/password-attempts.server";
import { verifyPassword } from "~/accounts/password.server";
import {
  needsReauthentication,
  REAUTHENTICATION_MESSAGE,
  REAUTHENTICATION_REQUIRED_CODE,
  type SensitiveChange,
} from "~/accounts/reauthentication";
import type { CurrentSession } from "~/accounts/session.server";
import { ApiError } from "~/api/errors";
import { db } from "~/db/db.server";

/** For API calls: throws 401 `reauthentication_required` when the change needs a recent sign-in (SPEC §8). */
export function requireRecentAuthentication(session: CurrentSession, changes: readonly SensitiveChange[]) {
  if (needsReauthentication(changes, session.authenticatedAt)) {
    throw new ApiError(401, REAUTHENTICATION_REQUIRED_CODE, REAUTHENTICATION_MESSAGE, {
      meta: { reauthenticate_path: "/users/reauthenticate" },
    });
  }
}

export type ReauthenticationOutcome = { kind: "ok" } | { kind: "invalid" } | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * Checks the password of the person at the keyboard and, when right, marks this same session
 * as freshly authenticated. While an admin is signed in as someone else, that person is the
 * admin, so the admin's own password is asked (they do not know the user's). Wrong passwords
 * are limited as for sign-in (app/accounts/password-attempts.ts): a stolen session does not
 * become a password oracle, and its holder cannot lock the owner out of changing the password.
 */
export async function reauthenticate(session: CurrentSession, password: string, clientIp: string): Promise<ReauthenticationOutcome> {
  const personId = session.impersonatorId ?? session.user.id;
  const attempt = await beginPasswordAttempt(reauthenticationLimits, String(personId), clientIp);
  if (attempt.kind === "refused") return { kind: "rate-limited", retryAfterSeconds: attempt.retryAfterSeconds };
  const person = await db().selectFrom("users").select("password_hash").where("id", "=", personId).executeTakeFirst();
  if (!(await verifyPassword(person?.password_hash, password))) {
    await attempt.countFailure();
    return { kind: "invalid" };
  }
  const now = new Date();
  await db().updateTable("sessions").set({ authenticated_at: now }).where("id_hash", "=", session.idHash).execute();
  // Later checks in this same request see the fresh time too.
  session.authenticatedAt = now;
  return { kind: "ok" };
}
