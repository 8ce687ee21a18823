import { ANNOUNCEMENT_RECIPIENT_ROLES } from "~/accounts/policy";
import { listAnnouncementsFor } from "~/community/announcements.server";
import { referralOverview } from "./referrals.server";
import { waitingAnnouncements } from "./rep-dashboard";

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
