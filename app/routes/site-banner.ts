import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { config } from "~/config/env.server";
import { safeRedirectPath } from "~/security/safe-redirect";
import { currentBanner } from "~/shell/site-banner";
import { dismissBannerCookie } from "~/shell/site-banner.server";

const ROUTE = "routes/site-banner";

/**
 * POST /site-banner: dismisses the current site banner for this browser (a plain form) and goes
 * back to the page. Only the banner showing now can be dismissed, so the cookie holds a known id.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const form = await request.formData();
  const origin = config().APP_ORIGIN ?? new URL(request.url).origin;
  const back = safeRedirectPath(form.get("redirectTo"), origin, "/");
  throw redirect(back, { headers: { "Set-Cookie": dismissBannerCookie(currentBanner(new Date()).id) } });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return new Response("Dismiss the banner with POST", { status: 405, headers: { Allow: "POST" } });
}
