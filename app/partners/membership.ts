import type { PartnerMembershipStatus } from "~/db/schema";

/**
 * Partner memberships (SPEC §2 Shell, §3 Partner user): the statuses, which of them the app bar
 * shows, and how an invitation is answered. Pure; tests/unit/partners/membership.test.ts.
 */

export const PARTNER_MEMBERSHIP_STATUSES = ["invited", "accepted", "declined", "removed"] as const satisfies readonly PartnerMembershipStatus[];

/** The bar lists memberships the user holds or may still take up. */
export const BAR_MEMBERSHIP_STATUSES = ["accepted", "invited"] as const satisfies readonly PartnerMembershipStatus[];

export const MEMBERSHIP_STATUS_LABELS: Record<PartnerMembershipStatus, string> = {
  invited: "Invited",
  accepted: "Member",
  declined: "Declined",
  removed: "Removed",
};

export const INVITE_RESPONSES = ["accept", "decline"] as const;
export type InviteResponse = (typeof INVITE_RESPONSES)[number];


export type InviteTransition =
  /** `changed` is false when the same answer was already given (a resubmitted form). */
  | { ok: true; status: PartnerMembershipStatus; changed: boolean }
  | { ok: false; message: string };

const RESULT_OF: Record<InviteResponse, PartnerMembershipStatus> = { accept: "accepted", decline: "declined" };

/**
 * Answering an invitation: invited → accepted or declined. Giving the same answer again changes
 * nothing; changing one's mind, or answering for a membership that was removed, is refused
 * (leaving a partner or rejoining one is a new invitation, not an answer to this one).
 */
export function answerInvite(current: PartnerMembershipStatus, response: InviteResponse): InviteTransition {
  const target = RESULT_OF[response];
  if (current === "invited") return { ok: true, status: target, changed: true };
  if (current === target) return { ok: true, status: current, changed: false };
  if (current === "accepted") return { ok: false, message: "You are already a member of this partner." };
  if (current === "declined") return { ok: false, message: "You declined this invitation; ask the partner to invite you again." };
  return { ok: false, message: "This invitation is no longer open." };
}

/** A membership as the account menu lists it. */
export interface BarMembership {
  id: number;
  status: (typeof BAR_MEMBERSHIP_STATUSES)[number];
  partnerName: string;
  partnerSlug: string;
}

export interface PartnerMenuEntry {
  membershipId: number;
  label: string;
  href: string;
  statusLabel: string;
  /** Invitations offer Accept and Decline. */
  answerable: boolean;
}

/** The account menu's partner entries: memberships first, then invitations, each by name. */
export function partnerMenuEntries(memberships: readonly BarMembership[]): PartnerMenuEntry[] {
  const rank = (status: BarMembership["status"]) => BAR_MEMBERSHIP_STATUSES.indexOf(status);
  return [...memberships]
    .filter((membership) => (BAR_MEMBERSHIP_STATUSES as readonly string[]).includes(membership.status))
    .sort((a, b) => rank(a.status) - rank(b.status) || a.partnerName.localeCompare(b.partnerName))
    .map((membership) => ({
      membershipId: membership.id,
      label: membership.partnerName,
      href: `/partners/${membership.partnerSlug}`,
      statusLabel: MEMBERSHIP_STATUS_LABELS[membership.status],
      answerable: membership.status === "invited",
    }));
}
