import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { auditedRequest } from "~/accounts/audit.server";
import { requireMutationAccess, requirePermission, requireRouteAccess } from "~/accounts/authorize.server";
import { findImpersonationTarget, recordImpersonationStart } from "~/accounts/impersonation.server";
import { createUserSession, destroyCurrentSession } from "~/accounts/session.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/admin+/users.$id.sign_in_as";

/** GET loads nothing: 405 for everyone (the table's rule for mutation-only routes). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return onlyPost();
}

/**
 * POST /admin/users/{id}/sign_in_as (SPEC §6, §7): an admin becomes the user, under a new
 * session that remembers the admin, and goes to / (which sends them on to the user's home).
 * The policy refuses other admins, oneself and deactivated accounts with 403.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireMutationAccess(request, ROUTE);
  if (request.method !== "POST") return onlyPost();
  const id = parseRecordId(params.id);
  const target = id !== null ? await findImpersonationTarget(id) : undefined;
  if (!target) throw new Response("No such user.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  await requirePermission(request, "impersonate", target);
  // The new session, its record, then the end of the admin's: a failure midway leaves the admin as they were.
  const cookie = await createUserSession({ userId: target.id, rememberMe: false, impersonatorId: admin.user.id, request, clientIp: context.clientIp });
  await recordImpersonationStart(admin, target, auditedRequest(request.method, request.url));
  await destroyCurrentSession(request);
  throw redirect("/", { headers: { "Set-Cookie": cookie } });
}

function onlyPost() {
  return new Response("Use POST to sign in as this user.", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" } });
}
