import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { safeRedirectPath } from "~/security/safe-redirect";
import { parseAppearance, themeFormSchema } from "~/theme/theme";
import { themeCookie } from "~/theme/theme.server";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/theme";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return new Response("Change the theme with POST", { status: 405, headers: { Allow: "POST" } });
}

/**
 * POST /theme: the dark-mode toggle (a plain form, so it works without JavaScript). Stores the
 * appearance in a cookie for this browser and goes back to the page it was pressed on.
 * `appearance` other than "dark" means light; a missing or foreign `redirectTo` goes to /.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: themeFormSchema });
  const form = submission.status === "success" ? submission.value : {};
  const back = safeRedirectPath(form.redirectTo, siteOrigin(request), "/");
  throw redirect(back, { headers: { "Set-Cookie": themeCookie(parseAppearance(form.appearance)) } });
}
