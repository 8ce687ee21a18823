import { auditedRequest, recordAuditEvent } from "../app/accounts/audit.server";
import { currentSession } from "../app/accounts/session.server";
import { isMutatingMethod } from "../app/security/csrf.server";

/**
 * Logs a mutating request made while an admin is signed in as someone else, with both ids
 * (issue 3 item 7). Called by the adapter (server/remix-handler.ts) after the CSRF check and
 * before the action runs, so that an action failing halfway is still on record. Reads the
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
    request: auditedRequest(request.method, request.url),
  });
}
