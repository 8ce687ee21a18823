import { RepDashboardPage, repDashboardMeta } from "~/programs/rep-dashboard-page";
import { repDashboardLoader } from "~/programs/rep-dashboard-route.server";

/** /marketing-rep-dashboard: the rep dashboard (SPEC §2: one screen at three paths). */
export const loader = repDashboardLoader("routes/marketing-rep-dashboard");
export const meta = repDashboardMeta;
export default RepDashboardPage;
