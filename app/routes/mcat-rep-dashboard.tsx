import { RepDashboardPage, repDashboardMeta } from "~/programs/rep-dashboard-page";
import { repDashboardLoader } from "~/programs/rep-dashboard-route.server";

/** /mcat-rep-dashboard: the rep dashboard (SPEC §2: one screen at three paths). */
export const loader = repDashboardLoader("routes/mcat-rep-dashboard");
export const meta = repDashboardMeta;
export default RepDashboardPage;
