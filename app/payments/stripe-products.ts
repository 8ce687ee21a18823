import { z } from "zod";
import type { Currency } from "~/db/schema";
import { BILLING_INTERVALS, PLAN_KEYS, PLANS, type BillingInterval, type PlanKey } from "~/pricing/plans";
import { ELITE_DEPOSIT_CENTS, PACKAGE_NAMES, TOKEN_PACKS } from "~/payments/quote";

/**
 * What the platform sells through Stripe (SPEC §3 stripeProducts), as /admin/stripe-products shows
 * it. Pure. Subscriptions are the only products with a Stripe price of their own (checkout.server.ts
 * passes `price`); everything else is priced at checkout with `price_data`, so Stripe keeps no
 * product of ours for it.
 */

export const PLAN_CURRENCIES: readonly Currency[] = ["USD", "CAD"];

/** Stripe price ids: `price_` then letters and digits (Stripe's own ids, and the emulator's). */
export const STRIPE_PRICE_ID_PATTERN = /^price_[A-Za-z0-9]{1,200}$/;
export const STRIPE_PRICE_ID_MESSAGE = "A Stripe price id starts with price_ followed by letters and digits, for example price_1PQx2bC3dE4fG5hI.";

/** The key checkout looks a plan's price up by at Stripe when no price id is set (stripe.server.ts). */
export function planLookupKey(plan: PlanKey, interval: BillingInterval, currency: Currency) {
  return `${plan}_${interval}_${currency.toLowerCase()}`;
}

export const planPriceSchema = z.object({
  plan: z.enum(PLAN_KEYS as [PlanKey, ...PlanKey[]], { error: "Choose a plan." }),
  interval: z.enum(BILLING_INTERVALS as [BillingInterval, ...BillingInterval[]], { error: "Choose a billing interval." }),
  currency: z.enum(PLAN_CURRENCIES as [Currency, ...Currency[]], { error: "Choose a currency." }),
  stripe_price_id: z
    .string({ error: "Enter the Stripe price id." })
    .trim()
    .min(1, { error: "Enter the Stripe price id." })
    .max(206, { error: STRIPE_PRICE_ID_MESSAGE })
    .regex(STRIPE_PRICE_ID_PATTERN, { error: STRIPE_PRICE_ID_MESSAGE }),
});
export type PlanPriceInput = z.infer<typeof planPriceSchema>;

export interface PlanPriceRow {
  plan: PlanKey;
  planName: string;
  interval: BillingInterval;
  currency: Currency;
  amountCents: number;
  lookupKey: string;
  /** The price id an admin set, or null: checkout then finds (or creates) the price by lookup key. */
  stripePriceId: string | null;
  updatedAt: Date | null;
}

/** Every plan × interval × currency, in a fixed order, with the price id set for it if any. */
export function planPriceRows(stored: readonly { plan: PlanKey; billing_interval: BillingInterval; currency: Currency; stripe_price_id: string; updated_at: Date }[]): PlanPriceRow[] {
  return PLAN_KEYS.flatMap((plan) =>
    BILLING_INTERVALS.flatMap((interval) =>
      PLAN_CURRENCIES.map((currency) => {
        const row = stored.find((one) => one.plan === plan && one.billing_interval === interval && one.currency === currency);
        return {
          plan,
          planName: PLANS[plan].name,
          interval,
          currency,
          amountCents: PLANS[plan].prices[interval],
          lookupKey: planLookupKey(plan, interval, currency),
          stripePriceId: row?.stripe_price_id ?? null,
          updatedAt: row?.updated_at ?? null,
        };
      }),
    ),
  );
}

export interface OneOffProduct {
  kind: string;
  name: string;
  price: string;
}

/** The products checkout prices with `price_data` (no Stripe product or price is stored for them). */
export const ONE_OFF_PRODUCTS: readonly OneOffProduct[] = [
  { kind: "online_course", name: `Online course packages (${Object.values(PACKAGE_NAMES).join(", ")})`, price: "Each course's package prices (course editor)" },
  { kind: "elite_deposit", name: "MCAT Elite deposit", price: `${ELITE_DEPOSIT_CENTS / 100} (course currency)` },
  { kind: "elite_full", name: "MCAT Elite balance", price: "The course's price less what was paid" },
  { kind: "study_session", name: "Live study sessions", price: "Each session's price" },
  { kind: "tutoring", name: "Tutoring contracts", price: "Each contract's price" },
  { kind: "tokens", name: `Activity token packs (${TOKEN_PACKS.map((pack) => pack.amount).join(", ")})`, price: TOKEN_PACKS.map((pack) => `${pack.amount}: ${(pack.priceCents / 100).toFixed(2)}`).join("; ") },
];
