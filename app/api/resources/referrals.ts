import type { ResourceDefinition } from "~/api/document";
import type { ReferralOverview } from "~/programs/referrals.server";
import type { RepWorkspace } from "~/programs/rep-dashboard.server";

function referralAttributes(overview: ReferralOverview) {
  return {
    referral_code: overview.code,
    invite_link: overview.link,
    reward_cents: overview.rewardCents,
    invited_count: overview.counts.invited,
    joined_count: overview.counts.joined,
    purchased_count: overview.counts.purchased,
    credits_earned_cents: overview.earnedCents,
    credit_balance_cents: overview.balanceCents,
    friends: overview.friends.map((friend) => ({ name: friend.name, joined_at: friend.joinedAt, status: friend.status })),
    invitations: overview.invitations.map((invitation) => ({
      email: invitation.email,
      last_sent_at: invitation.lastSentAt,
      times_sent: invitation.timesSent,
      status: invitation.status,
    })),
  };
}

/** GET /users/invite_data (SPEC §7): the member's own invite link and what it brought in. */
export const inviteDataResource: ResourceDefinition<ReferralOverview & { id: number }> = {
  type: "inviteData",
  attributes: referralAttributes,
};

/** GET /api/v1/users/marketing_rep_dashboard (SPEC §7): the rep dashboard's figures. */
export const marketingRepDashboardResource: ResourceDefinition<RepWorkspace & { id: number }> = {
  type: "marketingRepDashboard",
  attributes: (row) => ({
    ...referralAttributes(row.referrals),
    pending_announcements: row.pendingAnnouncements,
    waiting_announcements: row.receivesAnnouncements ? row.waitingAnnouncements : [],
  }),
};
