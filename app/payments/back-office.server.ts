import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import Stripe from "stripe";
import { recordAuditEvent, type AuditedRequest } from "~/accounts/audit.server";
import { db } from "~/db/db.server";
import { likePattern } from "~/db/like-pattern";
import type { PurchaseStatus } from "~/db/schema";
import { formatPrice } from "~/formatting/format";
import { subscriptionTimes } from "~/payments/checkout.server";
import { refundPurchase } from "~/payments/fulfilment.server";
import { stripe } from "~/payments/stripe.server";
import { deriveSubscriptionStatus } from "~/subscriptions/status";
import { adminCancelSubscription, findSubscription, listInvoices, SubscriptionActionError, type InvoiceSummary } from "~/subscriptions/subscriptions.server";
import { logger } from "~/utils/logger.server";

/**
 * The money side of the back office (/admin/subscriptions, /admin/invoices, /admin/audit-log):
 * finding subscriptions and purchases (the product's invoices), an admin's cancel, refunds, and
 * the staff audit log. Every change here is recorded in audit_events in its own transaction.
 */

export const BACK_OFFICE_PER_PAGE = 25;

export interface Actor {
  id: number;
  request?: AuditedRequest;
}

const buyerName = sql<string>`coalesce(nullif(trim(users.first_name || ' ' || users.last_name), ''), users.display_name, users.email)`;

/** Users whose email or name contains the words (case-insensitively). */
function userMatches(text: string) {
  const pattern = likePattern(text);
  return sql<boolean>`(lower(users.email) like ${pattern} or lower(users.first_name || ' ' || users.last_name) like ${pattern})`;
}

// ── Subscriptions ────────────────────────────────────────────────────────────────────────────

export async function searchSubscriptions(filters: { query?: string; status?: string; page: number }, now: Date) {
  let base = db().selectFrom("subscriptions").innerJoin("users", "users.id", "subscriptions.user_id");
  if (filters.query) base = base.where(userMatches(filters.query));
  if (filters.status) base = base.where("subscriptions.status", "=", filters.status);
  const [rows, count] = await Promise.all([
    base
      .selectAll("subscriptions")
      .select(["users.email", buyerName.as("name")])
      .orderBy("subscriptions.created_at", "desc")
      .orderBy("subscriptions.id", "desc")
      .limit(BACK_OFFICE_PER_PAGE)
      .offset((filters.page - 1) * BACK_OFFICE_PER_PAGE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      plan: row.is_premed_plus ? "Pre-Med Plus" : "Plus",
      interval: row.billing_interval,
      status: deriveSubscriptionStatus(subscriptionTimes(row), now),
      createdAt: row.created_at,
    })),
  };
}

/** One subscription for staff: its buyer, its purchases (linked to /admin/invoices) and the buyer's Stripe invoices. */
export async function subscriptionForStaff(id: number, now: Date) {
  const row = await findSubscription(id);
  if (!row) return undefined;
  const [buyer, purchases, invoices] = await Promise.all([
    db()
      .selectFrom("users")
      .select(["id", "email", buyerName.as("name")])
      .where("id", "=", row.user_id)
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom("purchases")
      .select(["id", "status", "total_cents", "currency", "created_at", "paid_at"])
      .where((eb) => eb.or([eb("stripe_subscription_id", "=", row.stripe_subscription_id), eb("id", "=", row.purchase_id ?? -1)]))
      .orderBy("created_at", "desc")
      .execute(),
    listInvoices(row.user_id).catch((error): InvoiceSummary[] => {
      logger().warn({ err: error }, "invoices unavailable");
      return [];
    }),
  ]);
  return { row, status: deriveSubscriptionStatus(subscriptionTimes(row), now), buyer, purchases, invoices };
}

/** SPEC §6: an admin ends a subscription at once (the API's admin_cancel rule), recorded in the audit log. */
export async function cancelSubscriptionAsAdmin(id: number, actor: Actor) {
  const row = await findSubscription(id);
  if (!row) return undefined;
  const cancelled = await adminCancelSubscription(row).catch((error: unknown) => {
    // Stripe no longer knows it (ended there by hand): a reason for the admin, not a failure.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new SubscriptionActionError(`Stripe refused to cancel it: ${error.message}`);
    throw error;
  });
  await recordAuditEvent({ action: "subscription.admin_cancel", actorId: actor.id, request: actor.request, details: { subscription_id: id, target_user_id: row.user_id } });
  return cancelled;
}

// ── Invoices (purchases) and refunds ─────────────────────────────────────────────────────────

export async function searchPurchases(filters: { query?: string; status?: PurchaseStatus; kind?: string; page: number }) {
  let base = db().selectFrom("purchases").innerJoin("users", "users.id", "purchases.user_id");
  if (filters.query) base = base.where(userMatches(filters.query));
  if (filters.status) base = base.where("purchases.status", "=", filters.status);
  if (filters.kind) base = base.where("purchases.kind", "=", filters.kind as never);
  const [rows, count] = await Promise.all([
    base
      .select([
        "purchases.id",
        "purchases.kind",
        "purchases.status",
        "purchases.total_cents",
        "purchases.currency",
        "purchases.created_at",
        "users.email",
        buyerName.as("name"),
        (eb) =>
          eb
            .selectFrom("purchase_refunds")
            .select(sql<number>`coalesce(sum(amount_cents), 0)::int`.as("n"))
            .whereRef("purchase_refunds.purchase_id", "=", "purchases.id")
            .as("refunded_cents"),
      ])
      .orderBy("purchases.created_at", "desc")
      .orderBy("purchases.id", "desc")
      .limit(BACK_OFFICE_PER_PAGE)
      .offset((filters.page - 1) * BACK_OFFICE_PER_PAGE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), items: rows.map((row) => ({ ...row, refunded_cents: Number(row.refunded_cents ?? 0) })) };
}

/** What is left to refund of a purchase: its total less the refunds made here; nothing once Stripe reported it refunded in full. */
export function refundableCents(purchase: { status: PurchaseStatus; total_cents: number }, refundedCents: number): number {
  if (purchase.status !== "paid") return 0;
  return Math.max(0, purchase.total_cents - refundedCents);
}

export async function purchaseForStaff(id: number) {
  const purchase = await db()
    .selectFrom("purchases")
    .innerJoin("users", "users.id", "purchases.user_id")
    .leftJoin("online_courses", "online_courses.id", "purchases.online_course_id")
    .leftJoin("discount_codes", "discount_codes.id", "purchases.discount_code_id")
    .selectAll("purchases")
    .select(["users.email", buyerName.as("name"), "online_courses.name as course_name", "discount_codes.code as discount_code"])
    .where("purchases.id", "=", id)
    .executeTakeFirst();
  if (!purchase) return undefined;
  const refunds = await db()
    .selectFrom("purchase_refunds")
    .leftJoin("users", "users.id", "purchase_refunds.refunded_by")
    .select(["purchase_refunds.id", "purchase_refunds.amount_cents", "purchase_refunds.reason", "purchase_refunds.created_at", "users.email as refunded_by"])
    .where("purchase_id", "=", id)
    .orderBy("purchase_refunds.created_at")
    .execute();
  const refunded = refunds.reduce((sum, refund) => sum + refund.amount_cents, 0);
  return { purchase, refunds, refundedCents: refunded, refundableCents: refundableCents(purchase, refunded) };
}

/** The one-time key a refund form carries, new each time the form is shown. */
export function newRefundKey(): string {
  return randomUUID();
}

export type RefundOutcome =
  | { kind: "refunded"; amountCents: number; full: boolean }
  /** The same form (its key) was sent before: that refund stands and nothing more is refunded. */
  | { kind: "repeat"; amountCents: number }
  | { kind: "refused"; message: string };

/**
 * Gives back part or all of a paid purchase through Stripe. The purchase row is locked, so two
 * refunds of one purchase run one after the other and the second sees what the first left; the
 * form's key is unique in purchase_refunds and is Stripe's idempotency key, so a form sent twice
 * refunds once. A refund that leaves nothing takes back what the purchase gave, as a full refund
 * reported by Stripe does (fulfilment.server.ts refundPurchase). Undefined: no such purchase.
 */
export async function refundInvoice(input: { purchaseId: number; amountCents: number; reason: string; requestKey: string }, actor: Actor): Promise<RefundOutcome | undefined> {
  return db()
    .transaction()
    .execute(async (trx): Promise<RefundOutcome | undefined> => {
      const purchase = await trx.selectFrom("purchases").selectAll().where("id", "=", input.purchaseId).forUpdate().executeTakeFirst();
      if (!purchase) return undefined;
      const earlier = await trx.selectFrom("purchase_refunds").select(["purchase_id", "amount_cents"]).where("request_key", "=", input.requestKey).executeTakeFirst();
      if (earlier) {
        if (earlier.purchase_id !== purchase.id) return { kind: "refused", message: "This form belongs to another invoice. Reload the page and try again." };
        return { kind: "repeat", amountCents: earlier.amount_cents };
      }
      const done = await trx
        .selectFrom("purchase_refunds")
        .select(sql<number>`coalesce(sum(amount_cents), 0)::int`.as("n"))
        .where("purchase_id", "=", purchase.id)
        .executeTakeFirstOrThrow();
      const left = refundableCents(purchase, Number(done.n));
      if (purchase.status !== "paid") return { kind: "refused", message: purchase.status === "refunded" ? "This invoice has been refunded in full." : "Only a paid invoice can be refunded." };
      if (left === 0) return { kind: "refused", message: "Nothing is left to refund on this invoice." };
      if (input.amountCents > left) return { kind: "refused", message: `At most ${formatPrice(left, purchase.currency, { forceCents: true })} is left to refund on this invoice.` };
      if (!purchase.payment_intent_id) return { kind: "refused", message: "This invoice has no card payment to refund." };
      let stripeRefundId: string;
      try {
        const refund = await stripe().refunds.create(
          { payment_intent: purchase.payment_intent_id, amount: input.amountCents, metadata: { purchase_id: String(purchase.id), refunded_by: String(actor.id) } },
          { idempotencyKey: `admin-refund-${input.requestKey}` }
        );
        stripeRefundId = refund.id;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return { kind: "refused", message: `Stripe refused the refund: ${error.message}` };
        throw error;
      }
      await trx
        .insertInto("purchase_refunds")
        .values({ purchase_id: purchase.id, amount_cents: input.amountCents, reason: input.reason, refunded_by: actor.id, request_key: input.requestKey, stripe_refund_id: stripeRefundId })
        .execute();
      const full = input.amountCents === left;
      if (full) await refundPurchase(trx, purchase, purchase.payment_intent_id);
      await recordAuditEvent(
        { action: "purchase.refund", actorId: actor.id, request: actor.request, details: { purchase_id: purchase.id, target_user_id: purchase.user_id, amount_cents: input.amountCents, full } },
        trx
      );
      return { kind: "refunded", amountCents: input.amountCents, full };
    });
}

// ── The audit log ────────────────────────────────────────────────────────────────────────────

export const AUDIT_LOG_PER_PAGE = 50;

export async function searchAuditEvents(filters: { actor?: string; action?: string; page: number }) {
  let base = db().selectFrom("audit_events").leftJoin("users", "users.id", "audit_events.actor_id");
  if (filters.actor) base = base.where(userMatches(filters.actor));
  if (filters.action) base = base.where("audit_events.action", "=", filters.action);
  const [rows, count] = await Promise.all([
    base
      .select([
        "audit_events.id",
        "audit_events.action",
        "audit_events.details",
        "audit_events.method",
        "audit_events.path",
        "audit_events.created_at",
        "audit_events.actor_id",
        "users.email as actor_email",
      ])
      .orderBy("audit_events.created_at", "desc")
      .orderBy("audit_events.id", "desc")
      .limit(AUDIT_LOG_PER_PAGE)
      .offset((filters.page - 1) * AUDIT_LOG_PER_PAGE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const targetIds = [...new Set(rows.map((row) => Number(row.details.target_user_id)).filter((id) => Number.isInteger(id) && id > 0))];
  const targets = targetIds.length ? await db().selectFrom("users").select(["id", "email"]).where("id", "in", targetIds).execute() : [];
  const emailOf = new Map(targets.map((user) => [user.id, user.email]));
  return {
    total: Number(count.n),
    items: rows.map((row) => ({
      id: String(row.id),
      action: row.action,
      actor: row.actor_email ?? (row.actor_id ? `user ${row.actor_id}` : "system"),
      subject: auditSubject(row.details, emailOf),
      request: row.method && row.path ? `${row.method} ${row.path}` : null,
      at: row.created_at,
    })),
  };
}

/** "On whom or what", from what each kind of event keeps in its details. */
function auditSubject(details: Record<string, unknown>, emailOf: Map<number, string>): string {
  const parts: string[] = [];
  if (details.code) parts.push(`discount code ${String(details.code)}`);
  if (details.purchase_id) parts.push(`invoice #${String(details.purchase_id)}${details.amount_cents ? ` (${formatPrice(Number(details.amount_cents), "USD", { forceCents: true })} back)` : ""}`);
  if (details.subscription_id) parts.push(`subscription #${String(details.subscription_id)}`);
  const target = Number(details.target_user_id ?? details.user_id);
  if (Number.isInteger(target) && target > 0) parts.push(emailOf.get(target) ?? `user ${target}`);
  if (Array.isArray(details.fields)) parts.push(`fields: ${details.fields.join(", ")}`);
  return parts.join(" · ") || "—";
}
