import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { auditedRequest } from "~/accounts/audit.server";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { recordImpersonationStop, returningAdmin } from "~/accounts/impersonation.server";
import { createUserSession, destroyCurrentSession } from "~/accounts/session.server";

const ROUTE = "routes/admin+/impersonation.stop";

/** GET loads nothing: 405 for everyone (the table's rule for mutation-only routes). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return onlyPost();
}

/**
 * POST /admin/impersonation/stop: the banner's "Back to my account". Ends the impersonated
 * session and signs the admin back in under a new session, then goes to the admin's home.
 * The person posting is the impersonated user, so the route only needs a session; one that
 * is not an impersonation gets 409.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  if (request.method !== "POST") return onlyPost();
  const { impersonatorId } = session;
  if (impersonatorId === null) {
    return new Response("You are not signed in as another user.", { status: 409, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  // The admin's new session, the record, then the end of the impersonated one: a failure midway changes nothing.
  const admin = await returningAdmin(impersonatorId);
  const cookie = admin ? await createUserSession({ userId: admin.id, rememberMe: false, request, clientIp: context.clientIp }) : null;
  await recordImpersonationStop({ ...session, impersonatorId }, auditedRequest(request.method, request.url));
  const cleared = await destroyCurrentSession(request);
  throw redirect(admin ? admin.homePath : "/", { headers: { "Set-Cookie": cookie ?? cleared } });
}

function onlyPost() {
  return new Response("Use POST to return to your account.", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" } });
}
