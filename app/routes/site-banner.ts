import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { safeRedirectPath } from "~/security/safe-redirect";
import { currentBanner, dismissBannerSchema } from "~/shell/site-banner";
import { dismissBannerCookie } from "~/shell/site-banner.server";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/site-banner";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return new Response("Dismiss the banner with POST", { status: 405, headers: { Allow: "POST" } });
}

/**
 * POST /site-banner: dismisses the current site banner for this browser (a plain form) and goes
 * back to the page. Only the banner showing now can be dismissed, so the cookie holds a known id.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: dismissBannerSchema });
  const back = safeRedirectPath(submission.status === "success" ? submission.value.redirectTo : undefined, siteOrigin(request), "/");
  throw redirect(back, { headers: { "Set-Cookie": dismissBannerCookie(currentBanner(new Date()).id) } });
}
