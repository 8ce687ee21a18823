import { sql, type Transaction } from "kysely";
import type Stripe from "stripe";
import { config } from "~/config/env.server";
import { db } from "~/db/db.server";
import type { Database, PackageType, PaidPackageType, Purchase, SubscriptionPlan } from "~/db/schema";
import { enrol, findEnrolment, setEnrolmentStatus } from "~/online-courses/enrolments.server";
import { claimDiscountUse } from "~/payments/discount-codes.server";
import { creditTokens, takeBackTokens } from "~/payments/tokens.server";
import { stripe } from "~/payments/stripe.server";
import { rewardReferrer, takeBackReferralReward } from "~/programs/referrals.server";
import { sendStudySessionConfirmation } from "~/study-sessions/confirmation.server";
import { enrolFromPurchase, refundSeat } from "~/study-sessions/seats.server";
import { contractPaidByCard, contractRefunded } from "~/tutoring/contract-payment.server";
import { logger } from "~/utils/logger.server";

/**
 * Fulfilment from Stripe's events. Every event is stored by id in the same transaction that acts
 * on it, so a replay (or a duplicate arriving at the same time, which waits on the id) changes
 * nothing. Purchases move pending → paid → refunded under a row lock, so whatever the order of
 * events there is one enrolment, one credit. Subscriptions are copied from Stripe's current
 * object (fetched, not taken from the event), so events in any order end in the same row, and
 * never in an older one than a change the student just made (lockSubscriptionCopy).
 */

type Trx = Transaction<Database>;

const SUBSCRIPTION_EVENTS = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "customer.subscription.trial_will_end",
]);

export async function receiveStripeEvent(event: Stripe.Event): Promise<"processed" | "duplicate"> {
  const subscriptionId = subscriptionIdOf(event);
  return db()
    .transaction()
    .execute(async (trx) => {
      if (subscriptionId) await lockSubscriptionCopy(trx, subscriptionId);
      const stored = await trx
        .insertInto("stripe_events")
        .values({ id: event.id, type: event.type, payload: JSON.stringify(event), stripe_created_at: new Date(event.created * 1000) })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!stored) return "duplicate" as const;
      // Stripe's current view of the subscription the event is about, read under the lock.
      const subscription = subscriptionId ? await stripe().subscriptions.retrieve(subscriptionId) : null;
      await act(trx, event, subscription);
      return "processed" as const;
    });
}

/**
 * Takes turns on one subscription's row: an event reads Stripe's object only while holding this,
 * and a change made here (app/subscriptions) copies Stripe's answer only after taking it. So an
 * event that read the object before that change waits or is followed by the newer copy; it can
 * never write the older state last.
 */
export async function lockSubscriptionCopy(trx: Trx, stripeSubscriptionId: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`stripe-subscription:${stripeSubscriptionId}`}, 0))`.execute(trx);
}

function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (SUBSCRIPTION_EVENTS.has(event.type)) return String(object.id);
  if (event.type.startsWith("invoice.")) return invoiceSubscriptionId(object);
  if (event.type === "checkout.session.completed" && object.mode === "subscription" && typeof object.subscription === "string") return object.subscription;
  return null;
}

function invoiceSubscriptionId(invoice: Record<string, any>): string | null {
  const fromParent = invoice.parent?.subscription_details?.subscription;
  const id = fromParent ?? invoice.subscription;
  return typeof id === "string" ? id : (id?.id ?? null);
}

async function act(trx: Trx, event: Stripe.Event, subscription: Stripe.Subscription | null) {
  if (subscription) await syncSubscription(trx, subscription);
  const object = event.data.object as unknown as Record<string, any>;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const paid = object.payment_status === "paid" || object.payment_status === "no_payment_required";
      const purchaseId = Number(object.metadata?.purchase_id);
      if (paid && purchaseId) {
        await fulfilPurchase(trx, purchaseId, {
          paymentIntentId: typeof object.payment_intent === "string" ? object.payment_intent : null,
          subscriptionId: typeof object.subscription === "string" ? object.subscription : null,
        });
      }
      return;
    }
    case "checkout.session.expired": {
      const purchaseId = Number(object.metadata?.purchase_id);
      if (purchaseId) await trx.updateTable("purchases").set({ status: "expired" }).where("id", "=", purchaseId).where("status", "=", "pending").execute();
      return;
    }
    case "invoice.paid":
    case "invoice.payment_succeeded": {
      const purchaseId = Number(subscription?.metadata?.purchase_id);
      if (purchaseId) await fulfilPurchase(trx, purchaseId, { subscriptionId: subscription!.id, paymentIntentId: null });
      if (subscription && Number(object.amount_paid) > 0) {
        await trx.updateTable("users").set({ paying_user: true }).where("id", "=", Number(subscription.metadata?.user_id) || -1).execute();
      }
      return;
    }
    case "invoice.payment_failed": {
      const error = object.last_finalization_error ?? { type: "card_error", code: "card_declined", message: "The subscription payment failed." };
      await recordFailure(trx, {
        eventId: event.id,
        userId: Number(subscription?.metadata?.user_id) || null,
        purchaseId: Number(subscription?.metadata?.purchase_id) || null,
        paymentIntentId: null,
        error,
      });
      return;
    }
    case "payment_intent.payment_failed": {
      const purchaseId = Number(object.metadata?.purchase_id) || null;
      const purchase = purchaseId ? await trx.selectFrom("purchases").selectAll().where("id", "=", purchaseId).executeTakeFirst() : undefined;
      await recordFailure(trx, {
        eventId: event.id,
        userId: purchase?.user_id ?? (Number(object.metadata?.user_id) || null),
        purchaseId: purchase?.id ?? null,
        paymentIntentId: String(object.id),
        error: object.last_payment_error ?? { type: "api_error", message: "The payment failed." },
      });
      // An enrolment that is being paid for (MCAT Elite's balance) needs action from the student.
      if (purchase?.online_course_id && purchase.kind !== "online_course") {
        const enrolment = await findEnrolment(trx, purchase.user_id, purchase.online_course_id);
        if (enrolment?.status === "active") await setEnrolmentStatus(trx, { userId: purchase.user_id, onlineCourseId: purchase.online_course_id, status: "pending_payment" });
      }
      return;
    }
    case "charge.refunded": {
      if (!object.refunded) return; // partial refunds change no access
      const paymentIntentId = typeof object.payment_intent === "string" ? object.payment_intent : null;
      const purchaseId = Number(object.metadata?.purchase_id) || null;
      const purchase = await trx
        .selectFrom("purchases")
        .selectAll()
        .where((eb) => (purchaseId ? eb("id", "=", purchaseId) : eb("payment_intent_id", "=", paymentIntentId ?? "")))
        .forUpdate()
        .executeTakeFirst();
      if (purchase) await refundPurchase(trx, purchase, paymentIntentId);
      return;
    }
    default:
  }
}

// ── Purchases ────────────────────────────────────────────────────────────────────────────────

/** Buying a second package on top of the first gives the bundle. */
export function combinedPackage(existing: PackageType | null | undefined, bought: PaidPackageType): PaidPackageType {
  if (!existing || existing === "none" || existing === bought) return bought;
  if (existing === "learn_practice_bundle" || bought === "learn_practice_bundle") return "learn_practice_bundle";
  return "learn_practice_bundle"; // learn + practice
}

/** Marks a pending purchase paid and delivers what was bought; anything else changes nothing. */
export async function fulfilPurchase(trx: Trx, purchaseId: number, refs: { paymentIntentId: string | null; subscriptionId: string | null }): Promise<boolean> {
  const purchase = await trx.selectFrom("purchases").selectAll().where("id", "=", purchaseId).forUpdate().executeTakeFirst();
  if (!purchase) {
    logger().warn({ purchaseId }, "payment for an unknown purchase");
    return false;
  }
  if (purchase.status !== "pending" && purchase.status !== "expired") {
    // Already paid (a replay) or refunded (a refund that overtook the payment): fill in references only.
    if (purchase.status === "paid" && ((refs.paymentIntentId && !purchase.payment_intent_id) || (refs.subscriptionId && !purchase.stripe_subscription_id))) {
      await trx
        .updateTable("purchases")
        .set({ payment_intent_id: purchase.payment_intent_id ?? refs.paymentIntentId, stripe_subscription_id: purchase.stripe_subscription_id ?? refs.subscriptionId })
        .where("id", "=", purchase.id)
        .execute();
    }
    return false;
  }
  await trx
    .updateTable("purchases")
    .set({ status: "paid", paid_at: sql`now()`, payment_intent_id: purchase.payment_intent_id ?? refs.paymentIntentId, stripe_subscription_id: purchase.stripe_subscription_id ?? refs.subscriptionId })
    .where("id", "=", purchase.id)
    .execute();
  if (purchase.total_cents > 0) await trx.updateTable("users").set({ paying_user: true }).where("id", "=", purchase.user_id).execute();
  await rewardReferrer(trx, purchase);
  // The open checkout held its use of the code since it opened; one paid after it expired gave its
  // use back and takes one again only if one is left, so a code is never redeemed past its limit.
  if (purchase.discount_code_id && (purchase.status === "pending" || (await claimDiscountUse(trx, purchase.discount_code_id)))) {
    await trx
      .insertInto("discount_redemptions")
      .values({ discount_code_id: purchase.discount_code_id, user_id: purchase.user_id, purchase_id: purchase.id })
      .onConflict((conflict) => conflict.column("purchase_id").doNothing())
      .execute();
  }
  if (purchase.credits_cents > 0) {
    await trx
      .insertInto("referral_credits")
      .values({ user_id: purchase.user_id, amount_cents: -purchase.credits_cents, reason: "purchase", purchase_id: purchase.id })
      .onConflict((conflict) => conflict.column("purchase_id").where("amount_cents", "<", 0).doNothing())
      .execute();
  }
  await deliver(trx, purchase);
  return true;
}

async function deliver(trx: Trx, purchase: Purchase) {
  switch (purchase.kind) {
    case "online_course": {
      const existing = await findEnrolment(trx, purchase.user_id, purchase.online_course_id!);
      const held = existing && (existing.status === "active" || existing.status === "pending_payment");
      await enrol(trx, {
        userId: purchase.user_id,
        onlineCourseId: purchase.online_course_id!,
        packageType: combinedPackage(held ? existing.package_type : null, purchase.package_type!),
        status: "active",
      });
      return;
    }
    case "elite_deposit":
    case "elite_full":
      await enrol(trx, {
        userId: purchase.user_id,
        onlineCourseId: purchase.online_course_id!,
        packageType: "learn_practice_bundle",
        status: "active",
        elitePaymentStatus: purchase.kind === "elite_full" ? "full_paid" : "deposit_paid",
      });
      return;
    case "tokens":
      await creditTokens(trx, { userId: purchase.user_id, amount: purchase.token_amount!, reason: "purchase", purchaseId: purchase.id });
      return;
    case "study_session": {
      const seat = await enrolFromPurchase(trx, purchase);
      // The confirmation mail goes with the seat, in this transaction: a replayed event finds the
      // seat active and sends nothing again.
      if (seat?.activated) await sendStudySessionConfirmation(trx, { enrolmentId: seat.enrolmentId, origin: config().appOrigin });
      return;
    }
    case "tutoring":
      await contractPaidByCard(trx, purchase);
      return;
    case "subscription":
      return; // the subscription row comes from Stripe's subscription object
  }
}

/** A full refund: the purchase is refunded and what it gave is taken back. */
export async function refundPurchase(trx: Trx, purchase: Purchase, paymentIntentId: string | null) {
  if (purchase.status === "refunded") return false;
  const wasPaid = purchase.status === "paid";
  await trx
    .updateTable("purchases")
    .set({ status: "refunded", refunded_at: sql`now()`, payment_intent_id: purchase.payment_intent_id ?? paymentIntentId })
    .where("id", "=", purchase.id)
    .execute();
  if (!wasPaid) return true;
  if (purchase.online_course_id && purchase.kind !== "subscription") {
    await setEnrolmentStatus(trx, { userId: purchase.user_id, onlineCourseId: purchase.online_course_id, status: "refunded" });
  }
  if (purchase.kind === "study_session") await refundSeat(trx, purchase);
  if (purchase.kind === "tutoring") await contractRefunded(trx, purchase);
  if (purchase.kind === "tokens" && purchase.token_amount) await takeBackTokens(trx, { userId: purchase.user_id, amount: purchase.token_amount, purchaseId: purchase.id });
  if (purchase.credits_cents > 0) {
    await trx.deleteFrom("referral_credits").where("purchase_id", "=", purchase.id).where("amount_cents", "<", 0).execute();
  }
  await takeBackReferralReward(trx, purchase.id);
  return true;
}

async function recordFailure(
  trx: Trx,
  failure: { eventId: string; userId: number | null; purchaseId: number | null; paymentIntentId: string | null; error: Record<string, any> },
) {
  await trx
    .insertInto("failed_purchases")
    .values({
      user_id: failure.userId,
      purchase_id: failure.purchaseId,
      stripe_event_id: failure.eventId,
      payment_intent_id: failure.paymentIntentId,
      error_type: String(failure.error.type ?? "card_error"),
      code: failure.error.code ?? null,
      message: String(failure.error.message ?? "The payment failed."),
      decline_code: failure.error.decline_code ?? null,
    })
    .onConflict((conflict) => conflict.column("stripe_event_id").doNothing())
    .execute();
}

// ── Subscriptions ────────────────────────────────────────────────────────────────────────────

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** Copies Stripe's subscription into the local row (created the first time); returns its id. */
export async function syncSubscription(trx: Trx, subscription: Stripe.Subscription): Promise<number | null> {
  const metadata = subscription.metadata ?? {};
  const customerId = typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
  let userId = Number(metadata.user_id) || null;
  if (!userId) {
    const owner = await trx.selectFrom("stripe_customers").select("user_id").where("customer_id", "=", customerId).executeTakeFirst();
    userId = owner?.user_id ?? null;
  }
  if (!userId) {
    logger().warn({ subscription: subscription.id }, "subscription of an unknown customer");
    return null;
  }
  const item = subscription.items.data[0];
  const price = item?.price;
  const plan: SubscriptionPlan = (price?.metadata?.plan ?? metadata.plan) === "pre_med_plus" ? "pre_med_plus" : "plus";
  const values = {
    user_id: userId,
    purchase_id: Number(metadata.purchase_id) || null,
    status: subscription.status,
    plan,
    is_premed_plus: plan === "pre_med_plus",
    billing_interval: price?.recurring?.interval === "month" ? ("monthly" as const) : ("yearly" as const),
    currency: (subscription.currency ?? price?.currency ?? "usd").toUpperCase() === "CAD" ? ("CAD" as const) : ("USD" as const),
    stripe_product_id: typeof price?.product === "string" ? price.product : (price?.product?.id ?? null),
    stripe_price_id: price?.id ?? null,
    stripe_subscription_id: subscription.id,
    stripe_customer_id: customerId,
    trial_end_date: toDate(subscription.trial_end),
    current_period_end: toDate((item as unknown as { current_period_end?: number })?.current_period_end),
    cancel_at: toDate(subscription.cancel_at),
    pause_at: subscription.pause_collection ? (metadata.pause_at ? new Date(metadata.pause_at) : new Date()) : null,
    pause_until: subscription.pause_collection ? toDate(subscription.pause_collection.resumes_at) : null,
    expires_at: toDate(subscription.ended_at),
    discount_code_id: Number(metadata.discount_code_id) || null,
    cancel_reason_key: metadata.cancel_reason_key ?? null,
    cancel_reason_extra: metadata.cancel_reason_extra ?? null,
    cancel_discount_applied: metadata.cancel_discount_applied === "true",
  };
  const row = await trx
    .insertInto("subscriptions")
    .values(values)
    .onConflict((conflict) => conflict.column("stripe_subscription_id").doUpdateSet({ ...values, updated_at: sql`now()` }))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
