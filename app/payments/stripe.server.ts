import Stripe from "stripe";
import type { Currency } from "~/db/schema";
import { planLookupKey } from "~/payments/stripe-products";
import { PLANS, type BillingInterval, type PlanKey } from "~/pricing/plans";
import { singleton } from "~/utils/singleton.server";

/**
 * The one Stripe client (the payments seam). With STRIPE_SECRET_KEY it talks to Stripe; without,
 * the same SDK and the same code paths talk to the local Stripe emulator whose address the server
 * publishes in STRIPE_EMULATOR_URL when it starts it (server/stripe-emulator).
 */

export class PaymentsUnavailableError extends Error {
  constructor() {
    super("Payments are not configured: set STRIPE_SECRET_KEY, or start the app so that it runs the local Stripe emulator.");
  }
}

export function stripeMode(): "stripe" | "emulator" {
  return process.env.STRIPE_SECRET_KEY ? "stripe" : "emulator";
}

export function stripe(): Stripe {
  const key = process.env.STRIPE_SECRET_KEY;
  const emulator = process.env.STRIPE_EMULATOR_URL;
  return singleton(`stripe:${key ? "live" : emulator ?? "none"}`, () => {
    if (key) return new Stripe(key, { maxNetworkRetries: 2, timeout: 20_000 });
    if (!emulator) throw new PaymentsUnavailableError();
    const url = new URL(emulator);
    return new Stripe("sk_test_emulator", {
      host: url.hostname,
      port: Number(url.port || (url.protocol === "https:" ? 443 : 80)),
      protocol: url.protocol === "https:" ? "https" : "http",
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
    });
  });
}

/** The webhook endpoint's signing secret (whsec_…); the server sets one for the emulator when none is given. */
export function webhookSecret(): string | undefined {
  return process.env.STRIPE_WEBHOOK_SECRET || undefined;
}

/** Origins a checkout form may be redirected to (the CSP form-action list). */
export function checkoutOrigins(): string[] {
  if (process.env.STRIPE_SECRET_KEY) return ["https://checkout.stripe.com"];
  return process.env.STRIPE_EMULATOR_URL ? [new URL(process.env.STRIPE_EMULATOR_URL).origin] : [];
}

// ── Catalogue objects the app needs at Stripe, created on first use and found again by key ────

/** The recurring price of a plan in a currency (found by lookup key, created the first time). */
export async function planPriceId(plan: PlanKey, interval: BillingInterval, currency: Currency): Promise<string> {
  const key = planLookupKey(plan, interval, currency);
  return cached(`price:${key}`, async () => {
    const found = await stripe().prices.list({ lookup_keys: [key], active: true, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const price = await stripe().prices.create(
      {
        currency: currency.toLowerCase(),
        unit_amount: PLANS[plan].prices[interval],
        recurring: { interval },
        lookup_key: key,
        product_data: { name: PLANS[plan].name },
        metadata: { plan },
      },
      { idempotencyKey: `price-${key}` },
    );
    return price.id;
  });
}

/** The 5% Canadian sales tax rate, for subscriptions (one-off payments carry tax as a line). */
export async function canadianTaxRateId(): Promise<string> {
  return cached("tax-rate:ca", async () => {
    const rates = await stripe().taxRates.list({ active: true, limit: 100 });
    const existing = rates.data.find((rate) => rate.metadata?.app_key === "ca_sales_tax_5");
    if (existing) return existing.id;
    const rate = await stripe().taxRates.create(
      { display_name: "Sales tax", percentage: 5, inclusive: false, country: "CA", metadata: { app_key: "ca_sales_tax_5" } },
      { idempotencyKey: "tax-rate-ca-sales-tax-5" },
    );
    return rate.id;
  });
}

/** A coupon by its id, created with the given terms the first time. */
export async function ensureCoupon(id: string, terms: { percentOff: number; duration: "once" | "repeating" | "forever"; months?: number; name: string }): Promise<string> {
  return cached(`coupon:${id}`, async () => {
    try {
      return (await stripe().coupons.retrieve(id)).id;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 404) throw error;
    }
    const coupon = await stripe().coupons.create(
      { id, name: terms.name, percent_off: terms.percentOff, duration: terms.duration, ...(terms.duration === "repeating" ? { duration_in_months: terms.months ?? 1 } : {}) },
      { idempotencyKey: `coupon-${id}` },
    );
    return coupon.id;
  });
}

function cached(key: string, create: () => Promise<string>): Promise<string> {
  const cache = singleton(`stripe-catalogue:${process.env.STRIPE_SECRET_KEY ? "live" : process.env.STRIPE_EMULATOR_URL ?? ""}`, () => new Map<string, Promise<string>>());
  let entry = cache.get(key);
  if (!entry) {
    entry = create();
    cache.set(key, entry);
    entry.catch(() => cache.delete(key));
  }
  return entry;
}
