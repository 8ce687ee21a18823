import {
  DEFAULT_BILLING_INTERVAL,
  isBillingInterval,
  monthlyEquivalent,
  planPrice,
  PLANS,
  withSalesTax,
  yearlySavingsPercent,
  type BillingInterval,
  type PlanKey,
} from "~/pricing/plans";
import type { CountryCode, Currency } from "~/db/schema";

/**
 * What a plan page (/pricing, /{product}-plus, /pre-med-plus) shows for a plan: the price of the
 * chosen interval in the buyer's currency, tax, the yearly saving and the checkout link. Pure.
 */
export interface PlanOffer {
  plan: PlanKey;
  name: string;
  interval: BillingInterval;
  currency: Currency;
  priceCents: number;
  /** The per-month figure of the chosen interval (yearly: price / 12). */
  perMonthCents: number;
  taxPercent: number;
  taxCents: number;
  totalCents: number;
  savingsPercent: number;
  checkoutHref: string;
}

/** The billing interval a page shows: `?interval=month|year`, else yearly (SPEC §9). */
export function intervalFromQuery(value: string | null | undefined): BillingInterval {
  return isBillingInterval(value) ? value : DEFAULT_BILLING_INTERVAL;
}

/** The buyer's country: `?country=CA|US` first, then their account's, else unknown (USD). */
export function countryFromQuery(value: string | null | undefined, accountCountry: CountryCode | null | undefined): CountryCode | null {
  if (value === "CA" || value === "US") return value;
  return accountCountry ?? null;
}

/** The checkout plan names (`/checkout?plan=plus|premed_plus&interval=month|year`). */
const CHECKOUT_PLAN: Record<PlanKey, string> = { plus: "plus", pre_med_plus: "premed_plus" };

export function planOffer(plan: PlanKey, interval: BillingInterval, country: CountryCode | null, productName?: string): PlanOffer {
  const priceCents = planPrice(plan, interval);
  const tax = withSalesTax(priceCents, country);
  return {
    plan,
    name: productName && plan === "plus" ? `${productName} ${PLANS[plan].name}` : PLANS[plan].name,
    interval,
    currency: tax.currency,
    priceCents,
    perMonthCents: monthlyEquivalent(plan, interval),
    taxPercent: tax.taxPercent,
    taxCents: tax.taxCents,
    totalCents: tax.totalCents,
    savingsPercent: yearlySavingsPercent(plan),
    checkoutHref: `/checkout?plan=${CHECKOUT_PLAN[plan]}&interval=${interval}`,
  };
}

/** The buyer's interval and country from the page's query (`?interval=`, `?country=`) and account, and the offers to show. */
export function planOffersFor(
  query: { interval: string | null; country: string | null },
  plans: readonly PlanKey[],
  accountCountry: CountryCode | null | undefined,
  productName?: string,
) {
  const interval = intervalFromQuery(query.interval);
  const country = countryFromQuery(query.country, accountCountry);
  return { interval, country, offers: plans.map((plan) => planOffer(plan, interval, country, productName)) };
}
