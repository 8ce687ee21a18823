import { can } from "~/accounts/policy/permissions";
import type { Viewer } from "~/accounts/roles";
import type { Expression } from "kysely";
import { db } from "~/db/db.server";
import type { PartnerMembershipStatus } from "~/db/schema";
import { answerInvite, BAR_MEMBERSHIP_STATUSES, type BarMembership, type InviteResponse } from "~/partners/membership";

/** The user's accepted and invited memberships, members first, as a query the shell folds into its one read per page. */
export function barMembershipsQuery(userId: number | Expression<number>) {
  return db()
    .selectFrom("partner_memberships as pm")
    .innerJoin("partners as p", "p.id", "pm.partner_id")
    .select(["pm.id", "pm.status", "p.name", "p.slug"])
    .where("pm.user_id", "=", userId)
    .where("pm.status", "in", BAR_MEMBERSHIP_STATUSES)
    .orderBy("pm.status")
    .orderBy("p.name");
}

/** Rows of `barMembershipsQuery` as the account menu shows them. */
export function barMembershipList(rows: readonly { id: number; status: string; name: string; slug: string }[]): BarMembership[] {
  return rows.map((row) => ({ id: row.id, status: row.status as BarMembership["status"], partnerName: row.name, partnerSlug: row.slug }));
}

/** The user's accepted and invited memberships, members first (one query). */
export async function barMemberships(userId: number): Promise<BarMembership[]> {
  return barMembershipList(await barMembershipsQuery(userId).execute());
}

export type InviteAnswer =
  | { ok: true; status: PartnerMembershipStatus; partnerName: string }
  | { ok: false; status: 403 | 404 | 409; message: string };

/**
 * Accepts or declines an invitation for the viewer. The row is locked while it is read and
 * written, so two answers sent at once cannot both apply.
 */
export async function answerPartnerInvite(viewer: Viewer, membershipId: number, response: InviteResponse, now = new Date()): Promise<InviteAnswer> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const membership = await trx
        .selectFrom("partner_memberships as pm")
        .innerJoin("partners as p", "p.id", "pm.partner_id")
        .select(["pm.id", "pm.user_id", "pm.status", "p.name"])
        .where("pm.id", "=", membershipId)
        .forUpdate("pm")
        .executeTakeFirst();
      if (!membership) return { ok: false, status: 404, message: "There is no such partner invitation." } as const;
      if (!can(viewer, "respond_to_partner_invite", membership)) {
        return { ok: false, status: 403, message: "Only the person invited can answer this invitation." } as const;
      }
      const transition = answerInvite(membership.status, response);
      if (!transition.ok) return { ok: false, status: 409, message: transition.message } as const;
      if (transition.changed) {
        await trx.updateTable("partner_memberships").set({ status: transition.status, responded_at: now }).where("id", "=", membership.id).execute();
      }
      return { ok: true, status: transition.status, partnerName: membership.name } as const;
    });
}
