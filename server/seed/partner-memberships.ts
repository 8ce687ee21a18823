import type { Transaction } from "kysely";
import type { Database, PartnerMembershipStatus } from "../../app/db/schema";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo partner memberships: the partner member belongs to one partner; the student and the brand
 * ambassador each have an invitation waiting in their account menu.
 */
const memberships: { email: string; partnerSlug: string; status: PartnerMembershipStatus; invitedDaysAgo: number; respondedDaysAgo?: number }[] = [
  { email: `partner_member@${DEMO_EMAIL_DOMAIN}`, partnerSlug: "waterloo-math-society", status: "accepted", invitedDaysAgo: 40, respondedDaysAgo: 39 },
  { email: `student@${DEMO_EMAIL_DOMAIN}`, partnerSlug: "mcgill-pre-med-society", status: "invited", invitedDaysAgo: 3 },
  { email: `brand_ambassador@${DEMO_EMAIL_DOMAIN}`, partnerSlug: "first-gen-scholars-network", status: "invited", invitedDaysAgo: 5 },
];

export async function seedPartnerMemberships(trx: Transaction<Database>, ids: { user: (email: string) => number }, now: Date): Promise<{ partner_memberships: number }> {
  const partners = await trx.selectFrom("partners").select(["id", "slug"]).execute();
  const partnerId = (slug: string) => {
    const found = partners.find((partner) => partner.slug === slug);
    if (!found) throw new Error(`Seed data refers to an unknown partner "${slug}"`);
    return found.id;
  };
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  await trx
    .insertInto("partner_memberships")
    .values(
      memberships.map((membership) => ({
        partner_id: partnerId(membership.partnerSlug),
        user_id: ids.user(membership.email),
        status: membership.status,
        invited_at: daysAgo(membership.invitedDaysAgo),
        responded_at: membership.respondedDaysAgo === undefined ? null : daysAgo(membership.respondedDaysAgo),
      })),
    )
    .execute();
  return { partner_memberships: memberships.length };
}
