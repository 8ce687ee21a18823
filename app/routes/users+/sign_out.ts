import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { destroyCurrentSession } from "~/accounts/session.server";
import { apiResponse, isJsonRequest } from "~/api/handler.server";
import { redirectWithToast } from "~/toasts/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/users+/sign_out");
  return new Response("Sign out with DELETE (or the sign-out form)", { status: 405, headers: { Allow: "DELETE, POST" } });
}

/**
 * DELETE /users/sign_out (SPEC §7), and the sign-out form (a POST, since HTML forms cannot
 * send DELETE). Ends the session in the database, clears the cookie, then goes to /.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireRouteAccess(request, "routes/users+/sign_out");
  if (request.method !== "DELETE" && request.method !== "POST") {
    return new Response("Use DELETE", { status: 405, headers: { Allow: "DELETE, POST" } });
  }
  const cookie = await destroyCurrentSession(request);
  if (request.method === "DELETE" || isJsonRequest(request)) {
    return apiResponse({ data: null, meta: { redirect_to: "/" } }, { headers: { "Set-Cookie": cookie } });
  }
  throw await redirectWithToast("/", { type: "success", message: "You are signed out. See you soon!" }, { headers: { "Set-Cookie": cookie } });
}
