import type { Transaction } from "kysely";
import type { Database } from "../../app/db/schema";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";

const DAY_MS = 24 * 60 * 60 * 1000;
const at = (name: string) => `${name}@${DEMO_EMAIL_DOMAIN}`;

/**
 * The back office's money screens with something to show (migration 0032, /admin/discount-codes,
 * /admin/invoices, /admin/audit-log): a code valid now for any online course, one that expired,
 * one used up by the demo student's token purchase, which the admin then refunded in two parts
 * (the purchase is refunded in full and the refunds are in the audit log). The tokens it bought
 * are not in the student's ledger: they were credited and taken back, which sums to nothing.
 */
export async function seedMoney(
  trx: Transaction<Database>,
  ids: { user: (email: string) => number },
  now: Date
): Promise<{ discount_codes: number; purchases: number; purchase_refunds: number; discount_redemptions: number; audit_events: number }> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const codes = await trx
    .insertInto("discount_codes")
    .values([
      { code: "SPRING25", percent_off: 25, product_kind: "online_course", starts_at: daysAgo(7), ends_at: daysAgo(-60), usage_limit: 100 },
      { code: "SUMMER15", percent_off: 15, product_kind: null, starts_at: daysAgo(120), ends_at: daysAgo(30) },
      { code: "FIRST50", percent_off: 50, product_kind: "tokens", usage_limit: 1, times_used: 1 },
    ])
    .returning(["id", "code"])
    .execute();
  const first50 = codes.find((code) => code.code === "FIRST50")!.id;
  const student = ids.user(at("student"));
  const admin = ids.user(at("admin"));
  const purchase = await trx
    .insertInto("purchases")
    .values({
      user_id: student,
      kind: "tokens",
      product_key: "tokens:10",
      token_amount: 10,
      status: "refunded",
      currency: "USD",
      regular_price_cents: 999,
      subtotal_cents: 999,
      discount_cents: 500,
      total_cents: 499,
      discount_code_id: first50,
      payment_intent_id: "pi_demo_refunded_tokens",
      created_at: daysAgo(20),
      paid_at: daysAgo(20),
      refunded_at: daysAgo(18),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("discount_redemptions")
    .values({ discount_code_id: first50, user_id: student, purchase_id: purchase.id, created_at: daysAgo(20) })
    .execute();
  const refunds = [
    { amount_cents: 200, reason: "Two tokens did not unlock their practice set", days: 19 },
    { amount_cents: 299, reason: "Bought by mistake; the rest back", days: 18 },
  ];
  await trx
    .insertInto("purchase_refunds")
    .values(
      refunds.map((refund, index) => ({
        purchase_id: purchase.id,
        amount_cents: refund.amount_cents,
        reason: refund.reason,
        refunded_by: admin,
        request_key: `demo-refund-${index + 1}`,
        created_at: daysAgo(refund.days),
      }))
    )
    .execute();
  await trx
    .insertInto("audit_events")
    .values(
      refunds.map((refund, index) => ({
        action: "purchase.refund",
        actor_id: admin,
        method: "POST",
        path: `/admin/invoices/${purchase.id}`,
        details: JSON.stringify({ purchase_id: purchase.id, target_user_id: student, amount_cents: refund.amount_cents, full: index === refunds.length - 1 }),
        created_at: daysAgo(refund.days),
      }))
    )
    .execute();
  return { discount_codes: codes.length, purchases: 1, purchase_refunds: refunds.length, discount_redemptions: 1, audit_events: refunds.length };
}
