import type { PackagesConfig, PurchaseType } from "~/db/schema";

/**
 * The packages a standard online course offers on its overview page (SPEC §3 packages_config):
 * Learn (the pro package), Practice, and the Learn-Practice Bundle when both are offered. The
 * bundle costs what the two cost together; its regular price is the sum of their regular prices.
 * A regular price is shown struck through only when it is above the price.
 */

export const PACKAGE_KEYS = ["learn", "practice", "bundle"] as const;
export type PackageKey = (typeof PACKAGE_KEYS)[number];

export interface PackageOffer {
  key: PackageKey;
  name: string;
  includes: string;
  priceCents: number;
  /** Shown struck through; null when there is none or it is not above the price. */
  regularPriceCents: number | null;
  /** Where the Buy link goes (payments); free packages are taken with the enrol form instead. */
  checkoutHref: string;
}

export const PACKAGE_NAMES: Record<PackageKey, string> = {
  learn: "Learn",
  practice: "Practice",
  bundle: "Learn-Practice Bundle",
};

/** The enrolment package_type each offer grants. */
export const PACKAGE_TYPE_OF: Record<PackageKey, "learn" | "practice" | "learn_practice_bundle"> = {
  learn: "learn",
  practice: "practice",
  bundle: "learn_practice_bundle",
};

const struck = (price: number, regular: number | null | undefined) => (regular !== null && regular !== undefined && regular > price ? regular : null);

export function packageOffers(course: { id: number; purchase_type: PurchaseType; packages_config: PackagesConfig }): PackageOffer[] {
  if (course.purchase_type !== "standard") return [];
  const { pro, practice } = course.packages_config;
  const href = (key: PackageKey) => `/checkout?online_course_id=${course.id}&package=${key}`;
  const offers: PackageOffer[] = [];
  if (pro?.enabled) {
    offers.push({
      key: "learn",
      name: PACKAGE_NAMES.learn,
      includes: "Every lesson, checkpoint quiz and mock exam.",
      priceCents: pro.price_cents,
      regularPriceCents: struck(pro.price_cents, pro.regular_price_cents),
      checkoutHref: href("learn"),
    });
  }
  if (practice?.enabled) {
    offers.push({
      key: "practice",
      name: PACKAGE_NAMES.practice,
      includes: "Every additional practice set and its worked solutions.",
      priceCents: practice.price_cents,
      regularPriceCents: struck(practice.price_cents, practice.regular_price_cents),
      checkoutHref: href("practice"),
    });
  }
  if (pro?.enabled && practice?.enabled) {
    const price = pro.price_cents + practice.price_cents;
    const regular = (pro.regular_price_cents ?? pro.price_cents) + (practice.regular_price_cents ?? practice.price_cents);
    offers.push({
      key: "bundle",
      name: PACKAGE_NAMES.bundle,
      includes: "Everything in Learn and Practice.",
      priceCents: price,
      regularPriceCents: struck(price, regular),
      checkoutHref: href("bundle"),
    });
  }
  return offers;
}

export type HeldPackage = "none" | "learn" | "practice" | "learn_practice_bundle";

/** The package an enrolment holds after adding one: Learn and Practice together make the bundle. */
export function combinePackages(held: HeldPackage, added: HeldPackage): HeldPackage {
  const learn = held === "learn" || held === "learn_practice_bundle" || added === "learn" || added === "learn_practice_bundle";
  const practice = held === "practice" || held === "learn_practice_bundle" || added === "practice" || added === "learn_practice_bundle";
  return learn && practice ? "learn_practice_bundle" : learn ? "learn" : practice ? "practice" : "none";
}

export type OfferStanding = { kind: "buy" } | { kind: "owned" } | { kind: "upgrade"; payCents: number };

/**
 * Where a viewer who holds `held` stands with an offer: owned when taking it would add nothing,
 * an upgrade when it is the bundle and one half is held (they pay for the half they lack, as
 * checkout charges: app/payments/quote.ts), else to buy.
 */
export function offerStanding(offer: PackageOffer, held: HeldPackage, offers: readonly PackageOffer[]): OfferStanding {
  if (held !== "none" && combinePackages(held, PACKAGE_TYPE_OF[offer.key]) === held) return { kind: "owned" };
  if (offer.key === "bundle" && (held === "learn" || held === "practice")) {
    const heldOffer = offers.find((candidate) => candidate.key === held);
    return { kind: "upgrade", payCents: Math.max(0, offer.priceCents - (heldOffer?.priceCents ?? 0)) };
  }
  return { kind: "buy" };
}
