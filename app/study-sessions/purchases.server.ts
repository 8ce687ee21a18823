import { sql } from "kysely";
import Stripe from "stripe";
import { db } from "~/db/db.server";
import type { StudySessionUserStatus } from "~/db/schema";
import { refundPurchase } from "~/payments/fulfilment.server";
import { stripe } from "~/payments/stripe.server";
import { logger } from "~/utils/logger.server";

/**
 * Buying and refunding a seat in a live study session. The seat itself is made and taken back
 * inside the payment's transaction (seats.server.ts, called by app/payments/fulfilment.server.ts);
 * this module is what staff and the API call.
 */

export interface RefundedEnrolment {
  enrolmentId: number;
  status: StudySessionUserStatus;
  /** Whether money went back (a paid seat) or the seat was only taken away (a free one). */
  refundedCents: number;
}

/**
 * Ends an enrolment and gives the money back: a paid seat is refunded at Stripe (the purchase's
 * payment intent, once whatever the number of calls: the idempotency key), then the purchase and
 * the enrolment become refunded in one transaction, and access ends (access.ts: only an active
 * enrolment has access). A free seat, or one a 100% code paid for, needs no Stripe: it becomes
 * removed, or refunded with its purchase. Stripe's charge.refunded event, which may arrive
 * before or after, finds the purchase refunded and changes nothing. Undefined: no such enrolment.
 */
export async function refundEnrolment(enrolmentId: number, options: { by: number }): Promise<RefundedEnrolment | undefined> {
  const enrolment = await db().selectFrom("study_session_users").selectAll().where("id", "=", enrolmentId).executeTakeFirst();
  if (!enrolment) return undefined;
  const purchase = enrolment.purchase_id ? await db().selectFrom("purchases").selectAll().where("id", "=", enrolment.purchase_id).executeTakeFirst() : undefined;
  const paid = purchase?.status === "paid" || purchase?.status === "refunded";
  if (purchase && paid && purchase.total_cents > 0 && purchase.status === "paid") {
    if (!purchase.payment_intent_id) throw new Error(`purchase ${purchase.id} is paid but has no payment intent to refund`);
    await refundAtStripe(purchase.id, purchase.payment_intent_id, options.by);
  }
  const status = await db()
    .transaction()
    .execute(async (trx) => {
      if (purchase && paid) {
        const locked = await trx.selectFrom("purchases").selectAll().where("id", "=", purchase.id).forUpdate().executeTakeFirstOrThrow();
        await refundPurchase(trx, locked, locked.payment_intent_id);
      }
      const next: StudySessionUserStatus = purchase && paid ? "refunded" : "removed";
      const row = await trx
        .updateTable("study_session_users")
        .set({ status: next, updated_at: sql`now()` })
        .where("id", "=", enrolmentId)
        .where("status", "in", ["active", "pending_payment"])
        .returning("status")
        .executeTakeFirst();
      return row?.status ?? (await trx.selectFrom("study_session_users").select("status").where("id", "=", enrolmentId).executeTakeFirstOrThrow()).status;
    });
  logger().info({ enrolmentId, purchaseId: purchase?.id ?? null, by: options.by, status }, "study session enrolment refunded");
  return { enrolmentId, status, refundedCents: purchase && paid ? purchase.total_cents : 0 };
}

async function refundAtStripe(purchaseId: number, paymentIntentId: string, by: number) {
  try {
    await stripe().refunds.create(
      { payment_intent: paymentIntentId, metadata: { purchase_id: String(purchaseId), refunded_by: String(by) } },
      { idempotencyKey: `refund-purchase-${purchaseId}` },
    );
  } catch (error) {
    // Refunded already (by hand in Stripe's dashboard, or an earlier call): nothing left to give back.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "charge_already_refunded") return;
    throw error;
  }
}
