/**
 * The rep dashboard (SPEC §2): one screen served at /brand-ambassador-dashboard,
 * /marketing-rep-dashboard and /mcat-rep-dashboard, titled as the role menu names it. Pure.
 */
export const REP_DASHBOARD_TITLES = {
  "/brand-ambassador-dashboard": "Brand Ambassador Dashboard",
  "/marketing-rep-dashboard": "Marketing Dashboard",
  "/mcat-rep-dashboard": "MCAT Rep Dashboard",
} as const;

export type RepDashboardPath = keyof typeof REP_DASHBOARD_TITLES;

export function repDashboardTitle(pathname: string): string {
  const path = pathname.replace(/\/+$/, "").toLowerCase();
  return Object.hasOwn(REP_DASHBOARD_TITLES, path) ? REP_DASHBOARD_TITLES[path as RepDashboardPath] : REP_DASHBOARD_TITLES["/brand-ambassador-dashboard"];
}

/** How many announcements the dashboard lists before pointing to /announcements. */
export const WAITING_ANNOUNCEMENTS_SHOWN = 5;

/** The announcements a rep has not answered yet, newest first (as listed), at most `limit`. */
export function waitingAnnouncements<A extends { canRespond: boolean; current_user_response: unknown }>(announcements: readonly A[], limit = WAITING_ANNOUNCEMENTS_SHOWN): A[] {
  return announcements.filter((announcement) => announcement.canRespond && announcement.current_user_response === null).slice(0, limit);
}

