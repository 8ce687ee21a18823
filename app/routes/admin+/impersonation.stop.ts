import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { stopImpersonation } from "~/accounts/impersonation.server";

const ROUTE = "routes/admin+/impersonation.stop";

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
  const { cookie, redirectTo } = await stopImpersonation({ request, session: { ...session, impersonatorId }, clientIp: context.clientIp });
  throw redirect(redirectTo, { headers: { "Set-Cookie": cookie } });
}

/** GET loads nothing: 405 for everyone (the table's rule for mutation-only routes). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return onlyPost();
}

function onlyPost() {
  return new Response("Use POST to return to your account.", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" } });
}
