import type { Transaction } from "kysely";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { Database } from "~/db/schema";
import type { AuditAction } from "./audit-actions";

export type { AuditAction };

/** The request an event happened in, as the log keeps it. */
export interface AuditedRequest {
  method: string;
  path: string;
}

/** The method and path of a request; the path only, as query strings can carry tokens (reset links) that do not belong in a log. */
export function auditedRequest(method: string, url: string): AuditedRequest {
  return { method, path: new URL(url).pathname };
}

export interface AuditEvent {
  action: AuditAction;
  /** Who acted: the admin for impersonation start/stop, the impersonated user for their requests. */
  actorId: number | null;
  /** The admin behind an impersonated session. */
  impersonatorId?: number | null;
  request?: AuditedRequest;
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
      path: event.request?.path ?? null,
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
  change: { actorId: number; targetId: number; fields: readonly string[]; request?: AuditedRequest },
  executor: Transaction<Database>,
): Promise<void> {
  if (change.actorId === change.targetId || change.fields.length === 0) return;
  await recordAuditEvent(
    { action: "user.change", actorId: change.actorId, request: change.request, details: { target_user_id: change.targetId, fields: change.fields } },
    executor,
  );
}
