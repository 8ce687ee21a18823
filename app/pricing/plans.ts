import type { CountryCode, Currency } from "~/db/schema";

/**
 * The subscription plans of SPEC §9 as one pure table, shared by the pricing pages, checkout and
 * the subscription API. Prices are integer cents; the same figures are charged in USD and CAD.
 */

export type PlanKey = "plus" | "pre_med_plus";
export type BillingInterval = "month" | "year";

export interface Plan {
  key: PlanKey;
  /** Shown name; "{product} Plus" pages put the product in front (e.g. "MCAT Plus"). */
  name: string;
  prices: Record<BillingInterval, number>;
}

export const PLANS: Record<PlanKey, Plan> = {
  plus: { key: "plus", name: "Plus", prices: { month: 2995, year: 17940 } },
  pre_med_plus: { key: "pre_med_plus", name: "Pre-Med Plus", prices: { month: 4995, year: 29940 } },
};

export const PLAN_KEYS = Object.keys(PLANS) as PlanKey[];
export const BILLING_INTERVALS: readonly BillingInterval[] = ["month", "year"];

/** SPEC §9: yearly is preselected. */
export const DEFAULT_BILLING_INTERVAL: BillingInterval = "year";

/** SPEC §9: a trial costs nothing. */
export const TRIAL_PRICE_CENTS = 0;

/** SPEC §9: Plus members get 20% off Grade Boosters. */
export const PLUS_GRADE_BOOSTER_DISCOUNT_PERCENT = 20;

export function isPlanKey(value: unknown): value is PlanKey {
  return typeof value === "string" && Object.hasOwn(PLANS, value);
}

export function isBillingInterval(value: unknown): value is BillingInterval {
  return value === "month" || value === "year";
}

export function planPrice(plan: PlanKey, interval: BillingInterval): number {
  return PLANS[plan].prices[interval];
}

/** What a yearly plan costs per month, rounded to the cent (Plus: 17940 → 1495). */
export function monthlyEquivalent(plan: PlanKey, interval: BillingInterval): number {
  const price = planPrice(plan, interval);
  return interval === "month" ? price : Math.round(price / 12);
}

/**
 * Whole percent saved by paying yearly instead of twelve monthly payments, rounded down so the
 * page never promises more than the buyer saves (Plus: 1 - 17940 / 35940 = 50.08% → 50).
 */
export function yearlySavingsPercent(plan: PlanKey): number {
  const twelveMonths = PLANS[plan].prices.month * 12;
  const saved = twelveMonths - PLANS[plan].prices.year;
  return Math.floor((saved * 100) / twelveMonths);
}

// ── Currency and tax by country ──────────────────────────────────────────────────────────────

/** SPEC §9: CAD for Canadian buyers, USD for everyone else (and when the country is unknown). */
export function currencyForCountry(country: CountryCode | string | null | undefined): Currency {
  return country === "CA" ? "CAD" : "USD";
}

/** SPEC §9: 5% sales tax in Canada, none in the US. In basis points, so the maths stays in integers. */
export function salesTaxBasisPoints(country: CountryCode | string | null | undefined): number {
  return country === "CA" ? 500 : 0;
}

export function salesTaxPercent(country: CountryCode | string | null | undefined): number {
  return salesTaxBasisPoints(country) / 100;
}

export interface PriceWithTax {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  currency: Currency;
  taxPercent: number;
}

/** A price with the buyer's sales tax added; tax rounds half up to the cent. */
export function withSalesTax(subtotalCents: number, country: CountryCode | string | null | undefined): PriceWithTax {
  if (!Number.isInteger(subtotalCents) || subtotalCents < 0) {
    throw new RangeError(`A price must be non-negative integer cents, got ${subtotalCents}`);
  }
  const basisPoints = salesTaxBasisPoints(country);
  const taxCents = Math.floor((subtotalCents * basisPoints + 5000) / 10000);
  return {
    subtotalCents,
    taxCents,
    totalCents: subtotalCents + taxCents,
    currency: currencyForCountry(country),
    taxPercent: basisPoints / 100,
  };
}
