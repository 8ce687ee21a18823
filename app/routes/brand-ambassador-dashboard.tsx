import { RepDashboardPage, repDashboardMeta } from "~/programs/rep-dashboard-page";
import { repDashboardLoader } from "~/programs/rep-dashboard-route.server";

/** /brand-ambassador-dashboard: the rep dashboard (SPEC §2: one screen at three paths). */
export const loader = repDashboardLoader("routes/brand-ambassador-dashboard");
export const meta = repDashboardMeta;
export default RepDashboardPage;
