import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { RepDashboardPage, repDashboardMeta } from "~/programs/rep-dashboard-page";
import { repDashboard } from "~/programs/rep-dashboard.server";
import { siteOrigin } from "~/utils/site-origin.server";

/** /marketing-rep-dashboard: the rep dashboard (SPEC §2: one screen at three paths). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = (await requireRouteAccess(request, "routes/marketing-rep-dashboard"))!;
  return repDashboard(user, siteOrigin(request), new URL(request.url).pathname);
}

export default RepDashboardPage;
export const meta = repDashboardMeta;
