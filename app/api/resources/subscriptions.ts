import type { ResourceDefinition } from "~/api/document";
import type { SubscriptionRow } from "~/db/schema";
import { deriveSubscriptionStatus } from "~/subscriptions/status";

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A subscription as the API shows it (SPEC §3): `status` is the derived status of SPEC §4. */
export const subscriptionResource = (now = new Date()): ResourceDefinition<SubscriptionRow> => ({
  type: "subscription",
  attributes: (row) => ({
    status: deriveSubscriptionStatus(
      { status: row.status, expiresAt: row.expires_at, trialEndDate: row.trial_end_date, cancelAt: row.cancel_at, pauseAt: row.pause_at, pauseUntil: row.pause_until },
      now,
    ),
    stripe_status: row.status,
    billing_interval: row.billing_interval,
    stripe_product_id: row.stripe_product_id,
    stripe_subscription_id: row.stripe_subscription_id,
    payment_intent_id: row.payment_intent_id,
    trial_end_date: iso(row.trial_end_date),
    cancel_at: iso(row.cancel_at),
    pause_at: iso(row.pause_at),
    pause_until: iso(row.pause_until),
    expires_at: iso(row.expires_at),
    current_period_end: iso(row.current_period_end),
    is_premed_plus: row.is_premed_plus,
    currency: row.currency,
    cancel_discount_applied: row.cancel_discount_applied,
    created_at: row.created_at.toISOString(),
  }),
  relationships: (row) => ({ user: { type: "user", id: row.user_id }, discount_code: { type: "discountCode", id: row.discount_code_id } }),
});

export interface InvoiceRow {
  id: string;
  number: string | null;
  createdAt: Date;
  totalCents: number;
  currency: string;
  status: string | null;
  description: string | null;
  url: string | null;
}

export const invoiceResource: ResourceDefinition<InvoiceRow> = {
  type: "invoice",
  attributes: (invoice) => ({
    number: invoice.number,
    created_at: invoice.createdAt.toISOString(),
    total: invoice.totalCents,
    currency: invoice.currency,
    status: invoice.status,
    description: invoice.description,
    url: invoice.url,
  }),
};
