import { currentSession } from "~/accounts/session.server";
import { db } from "~/db/db.server";
import { isMutatingMethod } from "~/security/csrf.server";

/** Actions recorded in audit_events. */
export type AuditAction = "impersonation.start" | "impersonation.stop" | "impersonated.request";

export interface AuditEvent {
  action: AuditAction;
  /** Who acted: the admin for impersonation start/stop, the impersonated user for their requests. */
  actorId: number | null;
  /** The admin behind an impersonated session. */
  impersonatorId?: number | null;
  request?: Request;
  details?: Record<string, unknown>;
}

export async function recordAuditEvent(event: AuditEvent): Promise<void> {
  await db()
    .insertInto("audit_events")
    .values({
      action: event.action,
      actor_id: event.actorId,
      impersonator_id: event.impersonatorId ?? null,
      method: event.request?.method ?? null,
      // The path only: query strings can carry tokens (reset links) that do not belong in a log.
      path: event.request ? new URL(event.request.url).pathname : null,
      details: JSON.stringify(event.details ?? {}),
    })
    .execute();
}

/**
 * Logs a mutating request made while an admin is signed in as someone else, with both ids
 * (issue 3 item 7). Meant for the server adapter (server/remix-handler.ts), after the CSRF check
 * and before the action runs, so that an action failing halfway is still on record. Reads the
 * session through `currentSession`, which the request context caches, so the action that
 * follows does not look it up again. Does nothing for reads and for ordinary sessions.
 */
export async function recordImpersonatedAction(request: Request): Promise<void> {
  if (!isMutatingMethod(request.method)) return;
  const session = await currentSession(request);
  if (!session?.impersonatorId) return;
  await recordAuditEvent({
    action: "impersonated.request",
    actorId: session.user.id,
    impersonatorId: session.impersonatorId,
    request,
  });
}
