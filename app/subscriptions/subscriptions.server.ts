import { addMonths } from "date-fns";
import type Stripe from "stripe";
import { db } from "~/db/db.server";
import type { SubscriptionRow } from "~/db/schema";
import type { SubscriptionFacts } from "~/online-courses/access";
import { subscriptionTimes } from "~/payments/checkout.server";
import { lockSubscriptionCopy, syncSubscription } from "~/payments/fulfilment.server";
import { ensureCoupon, planPriceId, stripe } from "~/payments/stripe.server";
import { CANCEL_REASONS, PAUSE_DURATIONS, RETENTION_OFFER, type CancelReasonKey } from "~/subscriptions/options";
import { availableSubscriptionActions, deriveSubscriptionStatus, type SubscriptionAction } from "~/subscriptions/status";
import type { DoneKey, SubscriptionForm } from "~/subscriptions/subscription-forms";
import { logger } from "~/utils/logger.server";

/**
 * Subscription actions (SPEC §4): each calls Stripe and then copies Stripe's answer into the local
 * row, the same copy the resulting webhook event makes, so the page is current at once and the
 * event changes nothing more. Whether an action is allowed now is decided by status.ts.
 */

export class SubscriptionActionError extends Error {
  constructor(
    message: string,
    readonly status = 422,
  ) {
    super(message);
  }
}

export { CANCEL_REASONS, PAUSE_DURATIONS, RETENTION_OFFER, type CancelReasonKey };

export function derivedFacts(row: SubscriptionRow, now = new Date()) {
  const derived = deriveSubscriptionStatus(subscriptionTimes(row), now);
  const actions = availableSubscriptionActions({ ...subscriptionTimes(row), isPremedPlus: row.is_premed_plus, cancelDiscountApplied: row.cancel_discount_applied }, now);
  return { derived, actions };
}

/** The user's current subscription (the newest), or undefined. */
export async function currentSubscription(userId: number): Promise<SubscriptionRow | undefined> {
  return db().selectFrom("subscriptions").selectAll().where("user_id", "=", userId).orderBy("created_at", "desc").orderBy("id", "desc").executeTakeFirst();
}

/** What the access module needs: the user's best subscription by derived status. */
export async function subscriptionFactsFor(userId: number | null, now = new Date()): Promise<SubscriptionFacts | null> {
  if (userId === null) return null;
  const rows = await db().selectFrom("subscriptions").selectAll().where("user_id", "=", userId).execute();
  const statuses = rows.map((row) => deriveSubscriptionStatus(subscriptionTimes(row), now));
  const best = statuses.find((status) => status === "active") ?? statuses.find((status) => status === "trialing") ?? statuses[0];
  return best ? { status: best } : null;
}

/** The user's subscriptions, newest first. */
export async function listSubscriptions(userId: number): Promise<SubscriptionRow[]> {
  return db().selectFrom("subscriptions").selectAll().where("user_id", "=", userId).orderBy("created_at", "desc").execute();
}

export async function findSubscription(id: number): Promise<SubscriptionRow | undefined> {
  return db().selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirst();
}

function requireAction(row: SubscriptionRow, action: SubscriptionAction, now: Date) {
  if (!derivedFacts(row, now).actions.includes(action)) {
    throw new SubscriptionActionError(actionRefusal(action));
  }
}

function actionRefusal(action: SubscriptionAction) {
  switch (action) {
    case "cancel":
      return "This subscription cannot be cancelled now.";
    case "uncancel":
      return "This subscription is not set to cancel.";
    case "pause":
      return "Only an active subscription that is not set to cancel can be paused.";
    case "unpause":
      return "This subscription is not paused.";
    case "apply_cancel_discount":
      return "The offer is not available for this subscription.";
    case "premed_upgrade":
      return "This subscription cannot be upgraded to Pre-Med Plus.";
  }
}

async function store(subscription: Stripe.Subscription): Promise<SubscriptionRow> {
  const id = await db()
    .transaction()
    .execute(async (trx) => {
      await lockSubscriptionCopy(trx, subscription.id);
      return syncSubscription(trx, subscription);
    });
  return (await findSubscription(id!))!;
}

export async function cancelSubscription(row: SubscriptionRow, reason: { key: CancelReasonKey; extra?: string | null }, now = new Date()) {
  requireAction(row, "cancel", now);
  const updated = await stripe().subscriptions.update(row.stripe_subscription_id, {
    cancel_at_period_end: true,
    metadata: { cancel_reason_key: reason.key, cancel_reason_extra: reason.extra?.trim() || "" },
  });
  return store(updated);
}

export async function uncancelSubscription(row: SubscriptionRow, now = new Date()) {
  requireAction(row, "uncancel", now);
  return store(await stripe().subscriptions.update(row.stripe_subscription_id, { cancel_at_period_end: false, metadata: { cancel_reason_key: "", cancel_reason_extra: "" } }));
}

export async function pauseSubscription(row: SubscriptionRow, months: number, reason: { key?: string | null; extra?: string | null } = {}, now = new Date()) {
  requireAction(row, "pause", now);
  if (!PAUSE_DURATIONS.includes(months as 1 | 2 | 3)) throw new SubscriptionActionError("Pause for 1, 2 or 3 months.", 400);
  const until = addMonths(now, months);
  return store(
    await stripe().subscriptions.update(row.stripe_subscription_id, {
      pause_collection: { behavior: "void", resumes_at: Math.floor(until.getTime() / 1000) },
      metadata: { pause_at: now.toISOString(), pause_reason_key: reason.key ?? "", pause_reason_extra: reason.extra?.trim() ?? "" },
    }),
  );
}

export async function unpauseSubscription(row: SubscriptionRow, now = new Date()) {
  requireAction(row, "unpause", now);
  return store(await stripe().subscriptions.update(row.stripe_subscription_id, { pause_collection: "", metadata: { pause_at: "", pause_reason_key: "", pause_reason_extra: "" } }));
}

export async function applyCancelDiscount(row: SubscriptionRow, now = new Date()) {
  requireAction(row, "apply_cancel_discount", now);
  const coupon = await ensureCoupon(RETENTION_OFFER.couponId, { percentOff: RETENTION_OFFER.percentOff, duration: "repeating", months: RETENTION_OFFER.months, name: "50% off for 3 months" });
  return store(await stripe().subscriptions.update(row.stripe_subscription_id, { discounts: [{ coupon }], metadata: { cancel_discount_applied: "true" } }));
}

async function premedPrice(row: SubscriptionRow) {
  return planPriceId("pre_med_plus", row.billing_interval === "monthly" ? "month" : "year", row.currency);
}

/** What moving to Pre-Med Plus costs today (the prorated difference for the rest of the period). */
export async function premedUpgradePreview(row: SubscriptionRow, now = new Date()) {
  requireAction(row, "premed_upgrade", now);
  const remote = await stripe().subscriptions.retrieve(row.stripe_subscription_id);
  const item = remote.items.data[0]!;
  const preview = await stripe().invoices.createPreview({
    customer: typeof remote.customer === "string" ? remote.customer : remote.customer.id,
    subscription: remote.id,
    subscription_details: { items: [{ id: item.id, price: await premedPrice(row) }], proration_behavior: "always_invoice", proration_date: Math.floor(now.getTime() / 1000) },
  });
  return { amountDueCents: preview.amount_due, taxCents: preview.total - preview.subtotal, currency: row.currency, prorationDate: Math.floor(now.getTime() / 1000) };
}

export async function premedUpgrade(row: SubscriptionRow, now = new Date()) {
  requireAction(row, "premed_upgrade", now);
  const remote = await stripe().subscriptions.retrieve(row.stripe_subscription_id);
  const item = remote.items.data[0]!;
  return store(
    await stripe().subscriptions.update(row.stripe_subscription_id, {
      items: [{ id: item.id, price: await premedPrice(row) }],
      proration_behavior: "always_invoice",
      metadata: { plan: "pre_med_plus" },
    }),
  );
}

/** SPEC §6: admins cancel a subscription at once. */
export async function adminCancelSubscription(row: SubscriptionRow) {
  if (row.status === "canceled") throw new SubscriptionActionError("This subscription has already ended.");
  return store(await stripe().subscriptions.cancel(row.stripe_subscription_id));
}

export interface InvoiceSummary {
  id: string;
  number: string | null;
  createdAt: Date;
  totalCents: number;
  currency: string;
  status: string | null;
  description: string | null;
  url: string | null;
}

/** The user's invoices, newest first, from Stripe (none without a customer). */
export async function listInvoices(userId: number, limit = 24): Promise<InvoiceSummary[]> {
  const customer = await db().selectFrom("stripe_customers").select("customer_id").where("user_id", "=", userId).executeTakeFirst();
  if (!customer) return [];
  const invoices = await stripe().invoices.list({ customer: customer.customer_id, limit });
  return invoices.data.map((invoice) => ({
    id: invoice.id!,
    number: invoice.number,
    createdAt: new Date(invoice.created * 1000),
    totalCents: invoice.total,
    currency: invoice.currency.toUpperCase(),
    status: invoice.status,
    description: invoice.lines?.data[0]?.description ?? null,
    url: invoice.hosted_invoice_url ?? null,
  }));
}

/** The code a purchase names by its id; an id no code has is taken as the code itself. */
export async function discountCodeForId(id: string | number): Promise<string> {
  const code = await db().selectFrom("discount_codes").select("code").where("id", "=", Number(id) || -1).executeTakeFirst();
  return code?.code ?? String(id);
}

/**
 * The student's subscription page: the plan, its derived status, the actions it allows now and
 * the invoices (none when Stripe cannot be reached); the upgrade price only when asked for and allowed.
 */
export async function subscriptionOverview(userId: number, { upgradePreview }: { upgradePreview: boolean }) {
  const row = await currentSubscription(userId);
  const invoices: InvoiceSummary[] = await listInvoices(userId).catch((error) => {
    logger().warn({ err: error }, "invoices unavailable");
    return [];
  });
  if (!row) return { subscription: null, invoices, preview: null };
  const { derived, actions } = derivedFacts(row);
  const preview = upgradePreview && actions.includes("premed_upgrade") ? await premedUpgradePreview(row) : null;
  return {
    subscription: {
      id: row.id,
      plan: row.is_premed_plus ? "Pre-Med Plus" : "Plus",
      billingInterval: row.billing_interval,
      status: derived,
      trialEndDate: row.trial_end_date,
      currentPeriodEnd: row.current_period_end,
      cancelAt: row.cancel_at,
      pauseUntil: row.pause_until,
      cancelDiscountApplied: row.cancel_discount_applied,
      actions,
    },
    invoices,
    preview,
  };
}

export type SubscriptionChange =
  | { kind: "done"; done: DoneKey }
  /** Cancelling while the retention offer is still open: the offer is shown first, once. */
  | { kind: "retention"; reasonKey: string; reasonExtra: string }
  | { kind: "refused"; status: number; message: string };

/** One of /my-subscription's forms applied to the user's current subscription. */
export async function changeSubscription(userId: number, input: SubscriptionForm): Promise<SubscriptionChange> {
  const row = await currentSubscription(userId);
  if (!row) return { kind: "refused", status: 404, message: "You don't have a subscription." };
  try {
    switch (input.intent) {
      case "cancel":
        if (input.offer !== "refused" && derivedFacts(row).actions.includes("apply_cancel_discount")) {
          return { kind: "retention", reasonKey: input.reason_key, reasonExtra: input.reason_extra ?? "" };
        }
        await cancelSubscription(row, { key: input.reason_key, extra: input.reason_extra });
        break;
      case "apply_cancel_discount":
        await applyCancelDiscount(row);
        break;
      case "uncancel":
        await uncancelSubscription(row);
        break;
      case "pause":
        await pauseSubscription(row, input.pause_duration, { key: input.reason_key, extra: input.reason_extra });
        break;
      case "unpause":
        await unpauseSubscription(row);
        break;
      case "premed_upgrade":
        await premedUpgrade(row);
        break;
    }
    return { kind: "done", done: input.intent };
  } catch (error) {
    if (error instanceof SubscriptionActionError) return { kind: "refused", status: error.status, message: error.message };
    throw error;
  }
}
