import type { Transaction } from "kysely";
import { currentSession } from "~/accounts/session.server";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { Database } from "~/db/schema";
import { isMutatingMethod } from "~/security/csrf.server";

/** Actions recorded in audit_events. */
export type AuditAction = "impersonation.start" | "impersonation.stop" | "impersonated.request" | "user.change";

export interface AuditEvent {
  action: AuditAction;
  /** Who acted: the admin for impersonation start/stop, the impersonated user for their requests. */
  actorId: number | null;
  /** The admin behind an impersonated session. */
  impersonatorId?: number | null;
  request?: Request;
  details?: Record<string, unknown>;
}

/** Pass the transaction of the change, so that a change and its record are saved together or not at all. */
export async function recordAuditEvent(event: AuditEvent, executor: Executor = db()): Promise<void> {
  await executor
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
 * Records a change someone made to another user's account (issue 3 item 7): the actor, the
 * target and the names of the fields changed, never their values (a password must not reach the
 * log). Changes users make to their own account are not recorded.
 */
export async function recordUserChange(
  change: { actorId: number; targetId: number; fields: readonly string[]; request?: Request },
  executor: Transaction<Database>,
): Promise<void> {
  if (change.actorId === change.targetId || change.fields.length === 0) return;
  await recordAuditEvent(
    { action: "user.change", actorId: change.actorId, request: change.request, details: { target_user_id: change.targetId, fields: change.fields } },
    executor,
  );
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
