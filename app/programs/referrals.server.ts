import { randomBytes } from "node:crypto";
import { serialize } from "cookie";
import { sql, type Transaction } from "kysely";
import { config } from "~/config/env.server";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { Database, Purchase } from "~/db/schema";
import { sendMail } from "~/mail/mailer.server";
import { friendInvitationMail } from "~/mail/templates";
import { createNotification } from "~/notifications/notifications.server";
import { formatPrice } from "~/formatting/price";
import {
  chooseReferrer,
  earnsReferralReward,
  friendName,
  friendStatus,
  invitationSummary,
  inviteLink,
  inviteTextProblem,
  parseInviteEmails,
  parseReferralCode,
  planInvitations,
  REFERRAL_CODE_LENGTH,
  REFERRAL_COOKIE,
  REFERRAL_COOKIE_DAYS,
  REFERRAL_REWARD_CENTS,
  REFERRAL_REWARD_NOTIFICATION,
  REFERRAL_REWARD_REASON,
  referralCodeFromBytes,
  type FriendStatus,
} from "./referrals";


const UNIQUE_VIOLATION = "23505";
const DAY_MS = 24 * 60 * 60 * 1000;

/** The member's code, made (once, even when two requests race) the first time they need it. */
export async function ensureReferralCode(userId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await db().selectFrom("users").select("referral_code").where("id", "=", userId).executeTakeFirstOrThrow();
    if (current.referral_code) return current.referral_code;
    try {
      await db()
        .updateTable("users")
        .set({ referral_code: referralCodeFromBytes(randomBytes(REFERRAL_CODE_LENGTH)) })
        .where("id", "=", userId)
        .where("referral_code", "is", null)
        .execute();
    } catch (error) {
      // Another member already has that code (about one chance in 10^11): draw again.
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    }
  }
  throw new Error(`Could not give user ${userId} a referral code`);
}

/** The member who owns a code as linked or typed (with the code in its stored form), if it is one. */
export async function findCodeOwner(code: unknown): Promise<{ id: number; email: string; first_name: string; referral_code: string } | null> {
  const parsed = parseReferralCode(code);
  if (!parsed) return null;
  const owner = await db()
    .selectFrom("users")
    .select(["id", "email", "first_name", "referral_code"])
    .where("referral_code", "=", parsed)
    .where("deactivated_at", "is", null)
    .executeTakeFirst();
  return owner ? { ...owner, referral_code: parsed } : null;
}

/** Remembers the invite link's code in this browser until the account is made (any sign-up path). */
export function referralCookie(code: string): string {
  return serialize(REFERRAL_COOKIE, code, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: REFERRAL_COOKIE_DAYS * 24 * 60 * 60,
    secure: config().servedOverHttps,
  });
}

/**
 * Who referred an account being created for this address (see `chooseReferrer`); `referralCode`
 * is the invite link's code this browser remembers (the `REFERRAL_COOKIE` cookie), if any.
 */
export async function referrerForNewAccount(email: string, referralCode: string | undefined): Promise<number | null> {
  const [codeOwner, invitations] = await Promise.all([
    findCodeOwner(referralCode),
    db()
      .selectFrom("friend_invitations")
      .innerJoin("users", "users.id", "friend_invitations.inviter_id")
      .where("friend_invitations.email", "=", email.trim().toLowerCase())
      .where("users.deactivated_at", "is", null)
      .select(["friend_invitations.inviter_id", "friend_invitations.last_sent_at"])
      .execute(),
  ]);
  return chooseReferrer({
    codeOwner,
    newEmail: email,
    invitations: invitations.map((row) => ({ inviterId: row.inviter_id, lastSentAt: row.last_sent_at })),
  });
}

/** Records who referred a just-created account (every sign-up path calls this once). */
export async function attributeNewAccount(user: { id: number; email: string }, referralCode: string | undefined) {
  const referrerId = await referrerForNewAccount(user.email, referralCode);
  if (referrerId === null || referrerId === user.id) return null;
  await db().updateTable("users").set({ referred_by_id: referrerId }).where("id", "=", user.id).where("referred_by_id", "is", null).execute();
  return referrerId;
}

export type InvitationOutcome =
  | { ok: true; message: string; sent: number }
  | { ok: false; reason: "invalid"; message: string }
  | { ok: false; reason: "daily-limit"; message: string; retryAfterSeconds: number };

/**
 * Mails invitations to the addresses typed in the form. Bad input (no address, a malformed one,
 * too many, over the daily limit) changes nothing; otherwise each new address is recorded and
 * mailed once (with the invite link on the site at `origin`), and addresses of members or
 * mailed in the last days are skipped with a reason.
 */
export async function sendFriendInvitations(
  inviter: { id: number; email: string; first_name: string },
  text: string,
  origin: string,
  now = new Date(),
): Promise<InvitationOutcome> {
  const parsed = parseInviteEmails(text);
  const problem = inviteTextProblem(parsed);
  if (problem) return { ok: false, reason: "invalid", message: problem };
  const { emails } = parsed;
  const code = await ensureReferralCode(inviter.id);
  const [members, previous, lastDay] = await Promise.all([
    db().selectFrom("users").select(sql<string>`lower(email)`.as("email")).where(sql<string>`lower(email)`, "in", emails).execute(),
    db().selectFrom("friend_invitations").select(["email", "last_sent_at"]).where("inviter_id", "=", inviter.id).where("email", "in", emails).execute(),
    db()
      .selectFrom("friend_invitations")
      .select("last_sent_at")
      .where("inviter_id", "=", inviter.id)
      .where("last_sent_at", ">", new Date(now.getTime() - DAY_MS))
      .execute(),
  ]);
  const plan = planInvitations({
    emails,
    ownEmail: inviter.email,
    memberEmails: new Set(members.map((row) => row.email)),
    lastSentAt: new Map(previous.map((row) => [row.email, row.last_sent_at])),
    sentInLastDay: lastDay.map((row) => row.last_sent_at),
    now,
  });
  if (!plan.ok) return plan;

  const toSend = plan.decisions.filter((entry) => entry.decision === "send").map((entry) => entry.email);
  if (toSend.length > 0) {
    await db()
      .insertInto("friend_invitations")
      .values(toSend.map((email) => ({ inviter_id: inviter.id, email, last_sent_at: now })))
      .onConflict((conflict) =>
        conflict.columns(["inviter_id", "email"]).doUpdateSet({ last_sent_at: now, times_sent: sql`friend_invitations.times_sent + 1` }),
      )
      .execute();
    const mail = friendInvitationMail({ inviterName: inviter.first_name, url: inviteLink(origin, code) });
    for (const email of toSend) await sendMail({ to: email, ...mail, kind: "friend_invitation" }, { waitForDelivery: false });
  }
  return { ok: true, message: invitationSummary(plan.decisions), sent: toSend.length };
}

export interface ReferredFriend {
  name: string;
  joinedAt: Date;
  status: FriendStatus;
}

export interface InvitedFriend {
  email: string;
  lastSentAt: Date;
  timesSent: number;
  status: FriendStatus;
}

export interface ReferralOverview {
  code: string;
  link: string;
  rewardCents: number;
  /** Friends who signed up through the member, newest first. */
  friends: ReferredFriend[];
  /** Addresses the member mailed, newest first, with where each friend stands. */
  invitations: InvitedFriend[];
  counts: { invited: number; joined: number; purchased: number };
  earnedCents: number;
  /** Referral credit left to spend at checkout (earned and otherwise, less what was spent). */
  balanceCents: number;
}

const LIST_LIMIT = 50;

/** Everything the Invite a Friend page and the rep dashboards show, in a fixed number of queries. */
export async function referralOverview(userId: number, origin: string): Promise<ReferralOverview> {
  const code = await ensureReferralCode(userId);
  // Whether this member was rewarded for the friend in `users` (their first paid purchase).
  const rewarded = sql<boolean>`exists (select 1 from referral_credits where referral_credits.referred_user_id = users.id and referral_credits.user_id = ${userId} and referral_credits.reason = ${REFERRAL_REWARD_REASON})`;
  const [friends, invitations, counts, credits] = await Promise.all([
    db()
      .selectFrom("users")
      .where("referred_by_id", "=", userId)
      .select(["first_name", "last_name", "created_at", rewarded.as("rewarded")])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(LIST_LIMIT)
      .execute(),
    db()
      .selectFrom("friend_invitations")
      .leftJoin("users", (join) => join.on(sql<boolean>`lower(users.email) = friend_invitations.email and users.referred_by_id = ${userId}`))
      .where("friend_invitations.inviter_id", "=", userId)
      .select([
        "friend_invitations.email",
        "friend_invitations.last_sent_at",
        "friend_invitations.times_sent",
        sql<boolean>`users.id is not null`.as("joined"),
        sql<boolean>`users.id is not null and ${rewarded}`.as("rewarded"),
      ])
      .orderBy("friend_invitations.last_sent_at", "desc")
      .orderBy("friend_invitations.id", "desc")
      .limit(LIST_LIMIT)
      .execute(),
    db()
      .selectNoFrom((eb) => [
        eb.selectFrom("friend_invitations").where("inviter_id", "=", userId).select(sql<number>`count(*)::int`.as("n")).as("invited"),
        eb.selectFrom("users").where("referred_by_id", "=", userId).select(sql<number>`count(*)::int`.as("n")).as("joined"),
        eb
          .selectFrom("referral_credits")
          .where("user_id", "=", userId)
          .where("reason", "=", REFERRAL_REWARD_REASON)
          .select(sql<number>`count(*)::int`.as("n"))
          .as("purchased"),
      ])
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom("referral_credits")
      .where("user_id", "=", userId)
      .select([
        sql<number>`coalesce(sum(amount_cents) filter (where reason = ${REFERRAL_REWARD_REASON}), 0)::int`.as("earned"),
        sql<number>`coalesce(sum(amount_cents), 0)::int`.as("balance"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    code,
    link: inviteLink(origin, code),
    rewardCents: REFERRAL_REWARD_CENTS,
    friends: friends.map((friend) => ({
      name: friendName(friend.first_name, friend.last_name),
      joinedAt: friend.created_at,
      status: friendStatus({ joined: true, rewarded: Boolean(friend.rewarded) }),
    })),
    invitations: invitations.map((invitation) => ({
      email: invitation.email,
      lastSentAt: invitation.last_sent_at,
      timesSent: invitation.times_sent,
      status: friendStatus({ joined: Boolean(invitation.joined), rewarded: Boolean(invitation.rewarded) }),
    })),
    counts: { invited: counts.invited ?? 0, joined: counts.joined ?? 0, purchased: counts.purchased ?? 0 },
    earnedCents: credits.earned,
    balanceCents: Math.max(0, credits.balance),
  };
}

/**
 * Inside the payment's transaction: a referred buyer's first paid purchase earns their referrer
 * the reward, once per friend (a unique index; a replayed payment inserts nothing), with a
 * notification. A refund of that purchase takes the reward back (`takeBackReferralReward`), and a
 * later purchase may earn it again.
 */
export async function rewardReferrer(trx: Transaction<Database>, purchase: Pick<Purchase, "id" | "user_id" | "total_cents">) {
  const buyer = await trx.selectFrom("users").select(["referred_by_id", "first_name", "last_name"]).where("id", "=", purchase.user_id).executeTakeFirst();
  const referrerId = buyer?.referred_by_id ?? null;
  if (!buyer || !earnsReferralReward({ totalCents: purchase.total_cents, referrerId, buyerId: purchase.user_id })) return false;
  const reward = await trx
    .insertInto("referral_credits")
    .values({ user_id: referrerId!, amount_cents: REFERRAL_REWARD_CENTS, reason: REFERRAL_REWARD_REASON, purchase_id: purchase.id, referred_user_id: purchase.user_id })
    .onConflict((conflict) => conflict.column("referred_user_id").where("reason", "=", REFERRAL_REWARD_REASON).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!reward) return false;
  await createNotification(trx, {
    userId: referrerId!,
    type: REFERRAL_REWARD_NOTIFICATION,
    data: {
      friend_name: friendName(buyer.first_name, buyer.last_name),
      amount: formatPrice(REFERRAL_REWARD_CENTS, "USD"),
      path: "/invites",
    },
  });
  return true;
}

export async function takeBackReferralReward(executor: Executor, purchaseId: number) {
  await executor.deleteFrom("referral_credits").where("purchase_id", "=", purchaseId).where("reason", "=", REFERRAL_REWARD_REASON).execute();
}
