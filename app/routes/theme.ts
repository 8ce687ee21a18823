import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { config } from "~/config/env.server";
import { safeRedirectPath } from "~/security/safe-redirect";
import { parseAppearance } from "~/theme/theme";
import { themeCookie } from "~/theme/theme.server";

const ROUTE = "routes/theme";

/**
 * POST /theme: the dark-mode toggle (a plain form, so it works without JavaScript). Stores the
 * appearance in a cookie for this browser and goes back to the page it was pressed on.
 * `appearance` other than "dark" means light; a missing or foreign `redirectTo` goes to /.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const form = await request.formData();
  const appearance = parseAppearance(String(form.get("appearance") ?? ""));
  const origin = config().APP_ORIGIN ?? new URL(request.url).origin;
  const back = safeRedirectPath(form.get("redirectTo"), origin, "/");
  throw redirect(back, { headers: { "Set-Cookie": themeCookie(appearance) } });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return new Response("Change the theme with POST", { status: 405, headers: { Allow: "POST" } });
}
