import { sql } from "kysely";
import { recordAuditEvent, type AuditedRequest } from "~/accounts/audit.server";
import type { Currency } from "~/db/schema";
import { db } from "~/db/db.server";
import { planPriceRows, type PlanPriceInput, type PlanPriceRow } from "~/payments/stripe-products";
import type { BillingInterval, PlanKey } from "~/pricing/plans";

/** Every plan's price in each interval and currency, with the Stripe price id an admin set (one query). */
export async function listPlanPrices(): Promise<PlanPriceRow[]> {
  const stored = await db().selectFrom("stripe_products").select(["plan", "billing_interval", "currency", "stripe_price_id", "updated_at"]).execute();
  return planPriceRows(stored);
}

/** The price id an admin set for this plan, interval and currency, or undefined (checkout then looks it up by key). */
export async function storedPlanPriceId(plan: PlanKey, interval: BillingInterval, currency: Currency): Promise<string | undefined> {
  const row = await db()
    .selectFrom("stripe_products")
    .select("stripe_price_id")
    .where("plan", "=", plan)
    .where("billing_interval", "=", interval)
    .where("currency", "=", currency)
    .executeTakeFirst();
  return row?.stripe_price_id;
}

/**
 * Sets (or changes) a plan's Stripe price id, with its audit event in the same transaction. One
 * statement whatever was there: two admins saving at once leave the last one's id, each audited
 * with the id it replaced.
 */
export async function setPlanPriceId(input: PlanPriceInput, actor: { id: number; request: AuditedRequest }): Promise<{ previous: string | null; changed: boolean }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const previous = await trx
        .selectFrom("stripe_products")
        .select("stripe_price_id")
        .where("plan", "=", input.plan)
        .where("billing_interval", "=", input.interval)
        .where("currency", "=", input.currency)
        .forUpdate()
        .executeTakeFirst();
      if (previous?.stripe_price_id === input.stripe_price_id) return { previous: previous.stripe_price_id, changed: false };
      await trx
        .insertInto("stripe_products")
        .values({ plan: input.plan, billing_interval: input.interval, currency: input.currency, stripe_price_id: input.stripe_price_id, updated_by_id: actor.id })
        .onConflict((conflict) =>
          conflict.columns(["plan", "billing_interval", "currency"]).doUpdateSet({ stripe_price_id: input.stripe_price_id, updated_by_id: actor.id, updated_at: sql`now()` }),
        )
        .execute();
      await recordAuditEvent(
        {
          action: "stripe_product.update",
          actorId: actor.id,
          request: actor.request,
          details: { plan: input.plan, interval: input.interval, currency: input.currency, stripe_price_id: input.stripe_price_id, previous_stripe_price_id: previous?.stripe_price_id ?? null },
        },
        trx,
      );
      return { previous: previous?.stripe_price_id ?? null, changed: true };
    });
}
