import { recordAuditEvent } from "~/accounts/audit.server";
import { homePath } from "~/accounts/roles";
import { createUserSession, destroyCurrentSession, viewerOf, type CurrentSession } from "~/accounts/session.server";
import { db } from "~/db/db.server";

/**
 * Admins signing in as another user and back (SPEC §6, issue 3 item 7). Each switch ends the
 * current session and starts one under a new id, so a cookie from before the switch opens
 * nothing afterwards. Impersonated sessions are short (not remembered): they end with the
 * browser or after the short session lifetime.
 *
 * Order of each switch: start the new session, record it, then end the old one. If anything
 * fails midway, the browser never receives the new cookie and keeps the session it had.
 */

/** The user an admin may sign in as, with what the policy needs to decide; undefined when there is none. */
export function findImpersonationTarget(userId: number) {
  return db()
    .selectFrom("users")
    .select(["id", "email", "roles", "deactivated_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** Ends the admin's session and starts one as the target; returns the Set-Cookie header. */
export async function startImpersonation(options: {
  request: Request;
  admin: CurrentSession;
  target: { id: number; email: string };
  clientIp?: string;
}): Promise<string> {
  const { request, admin, target } = options;
  const cookie = await createUserSession({
    userId: target.id,
    rememberMe: false,
    impersonatorId: admin.user.id,
    request,
    clientIp: options.clientIp,
  });
  await recordAuditEvent({
    action: "impersonation.start",
    actorId: admin.user.id,
    request,
    details: { target_user_id: target.id, target_email: target.email },
  });
  await destroyCurrentSession(request);
  return cookie;
}

/**
 * Ends an impersonated session and signs the admin back in under a new session. Returns the
 * cookie and where to go: the admin's home path, or / when the admin's account has been
 * deactivated meanwhile (then nobody is signed in afterwards).
 */
export async function stopImpersonation(options: {
  request: Request;
  session: CurrentSession & { impersonatorId: number };
  clientIp?: string;
}): Promise<{ cookie: string; redirectTo: string }> {
  const { request, session } = options;
  const impersonator = await db()
    .selectFrom("users")
    .select(["id", "roles", "user_type"])
    .where("id", "=", session.impersonatorId)
    .where("deactivated_at", "is", null)
    .executeTakeFirst();
  const cookie = impersonator
    ? await createUserSession({ userId: impersonator.id, rememberMe: false, request, clientIp: options.clientIp })
    : undefined;
  await recordAuditEvent({
    action: "impersonation.stop",
    actorId: session.impersonatorId,
    request,
    details: { target_user_id: session.user.id, target_email: session.user.email },
  });
  const cleared = await destroyCurrentSession(request);
  return impersonator ? { cookie: cookie!, redirectTo: homePath(viewerOf(impersonator)) } : { cookie: cleared, redirectTo: "/" };
}
