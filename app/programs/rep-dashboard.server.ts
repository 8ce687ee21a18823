import { ANNOUNCEMENT_RECIPIENT_ROLES } from "~/accounts/policy/route-rules";
import { listAnnouncementsFor } from "~/community/announcements.server";
import { referralOverview } from "./referrals.server";
import { repDashboardTitle, waitingAnnouncements } from "./rep-dashboard";

/**
 * What a rep works from: their referrals (link, friends, credit) and, for reps who receive
 * announcements, the ones still waiting for their answer. Used by the rep dashboard, the class
 * rep's dashboard tab and GET /api/v1/users/marketing_rep_dashboard.
 */
export async function loadRepWorkspace(user: { id: number; roles: readonly string[]; pending_announcements: number }, origin: string) {
  const receivesAnnouncements = ANNOUNCEMENT_RECIPIENT_ROLES.some((role) => user.roles.includes(role));
  const [referrals, announcements] = await Promise.all([
    referralOverview(user.id, origin),
    receivesAnnouncements ? listAnnouncementsFor({ id: user.id, roles: user.roles }) : Promise.resolve([]),
  ]);
  return {
    referrals,
    receivesAnnouncements,
    pendingAnnouncements: user.pending_announcements,
    waitingAnnouncements: waitingAnnouncements(announcements).map((announcement) => ({
      id: announcement.id,
      title: announcement.title,
      created_at: announcement.created_at,
    })),
  };
}

export type RepWorkspace = Awaited<ReturnType<typeof loadRepWorkspace>>;

/** What the rep dashboard's page shows (its loader's data at each of the three paths). */
export interface RepDashboardData {
  title: string;
  firstName: string;
  workspace: RepWorkspace;
}

/** The rep dashboard at one of its paths (which names it): the rep's greeting and workspace. */
export async function repDashboard(
  user: { id: number; roles: readonly string[]; pending_announcements: number; first_name: string | null; display_name: string | null },
  origin: string,
  pathname: string,
): Promise<RepDashboardData> {
  return {
    title: repDashboardTitle(pathname),
    firstName: user.first_name || user.display_name || "there",
    workspace: await loadRepWorkspace(user, origin),
  };
}
