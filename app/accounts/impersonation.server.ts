import { recordAuditEvent, type AuditedRequest } from "~/accounts/audit.server";
import { homePath } from "~/accounts/roles";
import { viewerOf, type CurrentSession } from "~/accounts/session.server";
import { db } from "~/db/db.server";

/**
 * Admins signing in as another user and back (SPEC §6, issue 3 item 7). Each switch ends the
 * current session and starts one under a new id, so a cookie from before the switch opens
 * nothing afterwards. Impersonated sessions are short (not remembered): they end with the
 * browser or after the short session lifetime.
 *
 * The routes switch the sessions (app/routes/admin+/users.$id.sign_in_as.ts and
 * impersonation.stop.ts) in this order: start the new session, record the switch here, then end
 * the old one. If anything fails midway, the browser never receives the new cookie and keeps the
 * session it had.
 */

/** The user an admin may sign in as, with what the policy needs to decide; undefined when there is none. */
export function findImpersonationTarget(userId: number) {
  return db()
    .selectFrom("users")
    .select(["id", "email", "roles", "deactivated_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** Puts on record that an admin signed in as the target. */
export async function recordImpersonationStart(admin: CurrentSession, target: { id: number; email: string }, request: AuditedRequest): Promise<void> {
  await recordAuditEvent({
    action: "impersonation.start",
    actorId: admin.user.id,
    request,
    details: { target_user_id: target.id, target_email: target.email },
  });
}

/**
 * The admin an impersonated session goes back to, with their home path; null when the admin's
 * account has been deactivated meanwhile (then nobody is signed in afterwards, and the browser
 * goes to /).
 */
export async function returningAdmin(impersonatorId: number): Promise<{ id: number; homePath: string } | null> {
  const admin = await db()
    .selectFrom("users")
    .select(["id", "roles", "user_type"])
    .where("id", "=", impersonatorId)
    .where("deactivated_at", "is", null)
    .executeTakeFirst();
  return admin ? { id: admin.id, homePath: homePath(viewerOf(admin)) } : null;
}

/** Puts on record that an admin stopped acting as the user of this impersonated session. */
export async function recordImpersonationStop(session: CurrentSession & { impersonatorId: number }, request: AuditedRequest): Promise<void> {
  await recordAuditEvent({
    action: "impersonation.stop",
    actorId: session.impersonatorId,
    request,
    details: { target_user_id: session.user.id, target_email: session.user.email },
  });
}
