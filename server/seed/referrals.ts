import type { Transaction } from "kysely";
import type { Database } from "../../app/db/schema";
import { REFERRAL_REWARD_CENTS, REFERRAL_REWARD_REASON } from "../../app/programs/referrals";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo referrals, so the rep dashboards and Invite a Friend show a programme at work: the
 * marketing rep and the brand ambassador each have a code, friends who joined through it (one of
 * whom paid, which earned the rep a reward) and invitations still open.
 */
const reps: {
  email: string;
  code: string;
  friends: { firstName: string; lastName: string; joinedDaysAgo: number; paidDaysAgo?: number }[];
  openInvitations: { email: string; sentDaysAgo: number }[];
}[] = [
  {
    email: `marketing_rep@${DEMO_EMAIL_DOMAIN}`,
    code: "MKTREP26",
    friends: [
      { firstName: "Noah", lastName: "Kim", joinedDaysAgo: 24, paidDaysAgo: 20 },
      { firstName: "Layla", lastName: "Haddad", joinedDaysAgo: 9 },
    ],
    openInvitations: [{ email: "sam.ortiz@example.com", sentDaysAgo: 3 }],
  },
  {
    email: `brand_ambassador@${DEMO_EMAIL_DOMAIN}`,
    code: "CAMPUS26",
    friends: [{ firstName: "Chloe", lastName: "Moreau", joinedDaysAgo: 15 }],
    openInvitations: [
      { email: "olivia.chen@example.com", sentDaysAgo: 6 },
      { email: "ben.adeyemi@example.com", sentDaysAgo: 2 },
    ],
  },
];

/** A referred friend's demo address. */
export function friendEmail(friend: { firstName: string; lastName: string }) {
  return `${friend.firstName}.${friend.lastName}@${DEMO_EMAIL_DOMAIN}`.toLowerCase();
}

export async function seedReferrals(
  trx: Transaction<Database>,
  ids: { user: (email: string) => number },
  now: Date,
  passwordHash: string,
): Promise<{ friend_invitations: number; referral_credits: number; referred_users: number }> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const counts = { friend_invitations: 0, referral_credits: 0, referred_users: 0 };
  for (const rep of reps) {
    const repId = ids.user(rep.email);
    await trx.updateTable("users").set({ referral_code: rep.code }).where("id", "=", repId).execute();
    const friends = await trx
      .insertInto("users")
      .values(
        rep.friends.map((friend) => ({
          email: friendEmail(friend),
          password_hash: passwordHash,
          first_name: friend.firstName,
          last_name: friend.lastName,
          display_name: `${friend.firstName} ${friend.lastName.charAt(0)}.`,
          user_type: "student" as const,
          referred_by_id: repId,
          paying_user: friend.paidDaysAgo !== undefined,
          confirmed_at: daysAgo(friend.joinedDaysAgo),
          created_at: daysAgo(friend.joinedDaysAgo),
          updated_at: daysAgo(friend.joinedDaysAgo),
        })),
      )
      .returning(["id", "email"])
      .execute();
    counts.referred_users += friends.length;
    // The friends were mailed an invitation before they joined; others have not answered yet.
    const invitations = [
      ...rep.friends.map((friend) => ({ email: friendEmail(friend), sentDaysAgo: friend.joinedDaysAgo + 2 })),
      ...rep.openInvitations,
    ];
    await trx
      .insertInto("friend_invitations")
      .values(invitations.map((invitation) => ({ inviter_id: repId, email: invitation.email, last_sent_at: daysAgo(invitation.sentDaysAgo), created_at: daysAgo(invitation.sentDaysAgo) })))
      .execute();
    counts.friend_invitations += invitations.length;
    const rewards = rep.friends.flatMap((friend) => {
      if (friend.paidDaysAgo === undefined) return [];
      const friendId = friends.find((row) => row.email === friendEmail(friend))!.id;
      return [{ user_id: repId, amount_cents: REFERRAL_REWARD_CENTS, reason: REFERRAL_REWARD_REASON, referred_user_id: friendId, created_at: daysAgo(friend.paidDaysAgo) }];
    });
    if (rewards.length) await trx.insertInto("referral_credits").values(rewards).execute();
    counts.referral_credits += rewards.length;
  }
  return counts;
}
