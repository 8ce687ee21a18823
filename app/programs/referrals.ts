import { z } from "zod";
import { formatPrice } from "~/formatting/price";

/**
 * Invite a Friend and the rep programmes (SPEC §2 Resources menu, the rep dashboards, §7
 * GET /users/invite_data): the rules, pure. Every member has a personal code; a friend who signs
 * up through the link (or after an emailed invitation) is remembered as referred by them, and the
 * friend's first paid purchase earns the member a referral credit, spent at checkout.
 */

/** What a member earns when a friend they referred pays for the first time. */
export const REFERRAL_REWARD_CENTS = 1_000;
/** The credit row's reason, and the notification the member gets. */
export const REFERRAL_REWARD_REASON = "referral";
export const REFERRAL_REWARD_NOTIFICATION = "ReferralReward";

/** Codes avoid characters that are easy to misread (0/O, 1/I/L). */
export const REFERRAL_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const REFERRAL_CODE_LENGTH = 8;
const CODE_PATTERN = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** The cookie that carries a code from the invite link to the account created later. */
export const REFERRAL_COOKIE = "referral";
export const REFERRAL_COOKIE_DAYS = 30;

/** At most this many addresses in one send, and this many invitation mails a day per member. */
export const MAX_INVITES_PER_SEND = 10;
export const DAILY_INVITE_LIMIT = 25;
/** The same friend is mailed again only after this many days. */
export const RESEND_AFTER_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A code from random bytes (one byte per character; the alphabet's bias is irrelevant here). */
export function referralCodeFromBytes(bytes: ArrayLike<number>): string {
  if (bytes.length < REFERRAL_CODE_LENGTH) throw new RangeError(`need ${REFERRAL_CODE_LENGTH} bytes`);
  let code = "";
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index++) code += REFERRAL_CODE_ALPHABET[bytes[index]! % REFERRAL_CODE_ALPHABET.length];
  return code;
}

/** A code as typed or linked (any case, spaces around) → the stored form, or null when it cannot be one. */
export function parseReferralCode(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** The link a member shares: the sign-up page with their code. */
export function inviteLink(origin: string, code: string): string {
  const url = new URL("/sign-up", origin);
  url.searchParams.set("ref", code);
  return url.toString();
}

// One plain address: what the mailer accepts, with a dot in the domain.
const EMAIL = /^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+\.[^\s@,;:<>()"\\]+$/;

export interface ParsedInviteEmails {
  /** Lower-cased, each once, in the order given. */
  emails: string[];
  /** What could not be an address, as typed. */
  invalid: string[];
}

/** The addresses of the invite form: separated by commas, semicolons, spaces or new lines. */
export function parseInviteEmails(text: string): ParsedInviteEmails {
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    if (!part) continue;
    const email = part.toLowerCase();
    if (!EMAIL.test(email) || email.length > 254) invalid.push(part.slice(0, 80));
    else if (!emails.includes(email)) emails.push(email);
  }
  return { emails, invalid };
}

/** What is wrong with the addresses of one send, or null when they can be sent. */
export function inviteTextProblem({ emails, invalid }: ParsedInviteEmails): string | null {
  if (invalid.length > 0) return `These are not email addresses: ${invalid.join(", ")}.`;
  if (emails.length === 0) return "Enter at least one email address.";
  if (emails.length > MAX_INVITES_PER_SEND) return `Send at most ${MAX_INVITES_PER_SEND} invitations at a time.`;
  return null;
}

/** The Invite a Friend form, checked in the browser and always on the server. */
export const inviteFormSchema = z.object({
  emails: z
    .string({ error: "Enter at least one email address." })
    .max(5_000, "That is too much text: enter up to 10 addresses.")
    .superRefine((text, context) => {
      const problem = inviteTextProblem(parseInviteEmails(text));
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
});

export type InvitationDecision = "send" | "own-address" | "already-member" | "sent-recently";

export interface InvitationPlanInput {
  emails: readonly string[];
  /** The member's own address. */
  ownEmail: string;
  /** Which of the addresses already have an account (lower-cased). */
  memberEmails: ReadonlySet<string>;
  /** When the member last mailed each address, if ever (lower-cased keys). */
  lastSentAt: ReadonlyMap<string, Date>;
  /** When each invitation mail the member sent in the last 24 hours went. */
  sentInLastDay: readonly Date[];
  now: Date;
}

export type InvitationPlan =
  | { ok: true; decisions: { email: string; decision: InvitationDecision }[] }
  | { ok: false; reason: "daily-limit"; message: string; retryAfterSeconds: number };

/**
 * What to do with each address of one send (addresses `inviteTextProblem` accepted). Refuses the
 * whole send (changing nothing) when it would pass the daily limit, saying when it would fit;
 * otherwise each address is sent, or skipped with its reason.
 */
export function planInvitations(input: InvitationPlanInput): InvitationPlan {
  const own = input.ownEmail.toLowerCase();
  const resendBefore = input.now.getTime() - RESEND_AFTER_DAYS * DAY_MS;
  const decisions = input.emails.map((email) => {
    const last = input.lastSentAt.get(email);
    const decision: InvitationDecision =
      email === own ? "own-address" : input.memberEmails.has(email) ? "already-member" : last && last.getTime() > resendBefore ? "sent-recently" : "send";
    return { email, decision };
  });
  const sending = decisions.filter((entry) => entry.decision === "send").length;
  const left = Math.max(0, DAILY_INVITE_LIMIT - input.sentInLastDay.length);
  if (sending > left) {
    // The send fits once enough of the day's mails are 24 hours old (a send holds at most
    // MAX_INVITES_PER_SEND, fewer than the daily limit, so that many always exist).
    const mustAgeOut = input.sentInLastDay.length - (DAILY_INVITE_LIMIT - sending);
    const oldestFirst = input.sentInLastDay.map((sentAt) => sentAt.getTime()).sort((a, b) => a - b);
    const fitsAt = oldestFirst[mustAgeOut - 1]! + DAY_MS;
    return {
      ok: false,
      reason: "daily-limit",
      message: left === 0 ? `You have sent ${DAILY_INVITE_LIMIT} invitations today. Try again tomorrow.` : `You can send ${left} more invitation${left === 1 ? "" : "s"} today.`,
      retryAfterSeconds: Math.max(1, Math.ceil((fitsAt - input.now.getTime()) / 1000)),
    };
  }
  return { ok: true, decisions };
}

/** How one send went, for the message the member reads. */
export function invitationSummary(decisions: readonly { email: string; decision: InvitationDecision }[]): string {
  const sent = decisions.filter((entry) => entry.decision === "send").length;
  const parts: string[] = [];
  if (sent > 0) parts.push(`Invitation sent to ${sent} friend${sent === 1 ? "" : "s"}.`);
  const skipped = (decision: InvitationDecision) => decisions.filter((entry) => entry.decision === decision).map((entry) => entry.email);
  const members = skipped("already-member");
  const recent = skipped("sent-recently");
  if (skipped("own-address").length) parts.push("You cannot invite yourself.");
  if (members.length) parts.push(`Already a member: ${members.join(", ")}.`);
  if (recent.length) parts.push(`Invited in the last ${RESEND_AFTER_DAYS} days: ${recent.join(", ")}.`);
  return parts.join(" ") || "Nothing was sent.";
}

/**
 * Who referred a new account: the owner of the code it arrived with (never the same address:
 * nobody refers themselves), else the member who mailed this address an invitation most
 * recently, else nobody.
 */
export function chooseReferrer(input: {
  codeOwner: { id: number; email: string } | null;
  newEmail: string;
  invitations: readonly { inviterId: number; lastSentAt: Date }[];
}): number | null {
  if (input.codeOwner && input.codeOwner.email.toLowerCase() !== input.newEmail.toLowerCase()) return input.codeOwner.id;
  const latest = [...input.invitations].sort((a, b) => b.lastSentAt.getTime() - a.lastSentAt.getTime())[0];
  return latest?.inviterId ?? null;
}

export type FriendStatus = "invited" | "joined" | "purchased";

export const FRIEND_STATUS_LABELS: Record<FriendStatus, string> = { invited: "Invited", joined: "Joined", purchased: "Made a purchase" };

/** Where a friend stands: mailed only, signed up through the member, or paid (which earned the reward). */
export function friendStatus(friend: { joined: boolean; rewarded: boolean }): FriendStatus {
  if (friend.rewarded) return "purchased";
  return friend.joined ? "joined" : "invited";
}

/** "Priya R.": what a member sees of the friends they referred. */
export function friendName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = lastName.trim().charAt(0);
  if (!first) return initial ? `${initial.toUpperCase()}.` : "A friend";
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** A credit amount: always with cents, and "$0.00" rather than the price formatter's "Free". */
export function formatCredit(cents: number): string {
  return cents === 0 ? "$0.00" : formatPrice(cents, "USD", { forceCents: true });
}

/** Whether a paid purchase earns the referrer their reward: it must cost something. */
export function earnsReferralReward(purchase: { totalCents: number; referrerId: number | null; buyerId: number }): boolean {
  return purchase.totalCents > 0 && purchase.referrerId !== null && purchase.referrerId !== purchase.buyerId;
}
