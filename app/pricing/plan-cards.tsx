import { Link, useLocation } from "@remix-run/react";
import type { CountryCode } from "~/db/schema";
import { formatPrice } from "~/formatting/price";
import type { BillingInterval } from "~/pricing/plans";
import { DialogLink } from "~/shell/dialog-host";
import type { PlanOffer } from "./plan-offer";

/** A link to the same page with one query value changed (works without JavaScript). */
function useQueryLink() {
  const location = useLocation();
  return (key: string, value: string) => {
    const params = new URLSearchParams(location.search);
    params.set(key, value);
    return `${location.pathname}?${params}`;
  };
}

/**
 * The plan pages render as the markup Radix Themes' Card, Flex, Heading, Text, Badge and Button
 * produce (rt-* classes), written out: the same look without a component tree to hydrate on
 * pages whose first paint and interactivity are budgeted.
 */
const buttonClass = (variant: "solid" | "outline", size: 2 | 3 = 2) => `rt-reset rt-BaseButton rt-r-size-${size} rt-variant-${variant} rt-Button`;

/** Monthly / yearly and CAD / USD switches as plain links; the current choice is marked. */
export function PlanSwitches({ interval, country, savingsPercent }: { interval: BillingInterval; country: CountryCode | null; savingsPercent: number }) {
  const link = useQueryLink();
  return (
    <div className="rt-Flex rt-r-ai-center rt-r-fw-wrap rt-r-gap-5 rt-r-mb-5">
      <nav aria-label="Billing interval">
        <div className="rt-Flex rt-r-ai-center rt-r-gap-2">
          <Link to={link("interval", "month")} className={buttonClass(interval === "month" ? "solid" : "outline")} aria-current={interval === "month" ? "true" : undefined} preventScrollReset>
            Monthly
          </Link>
          <Link to={link("interval", "year")} className={buttonClass(interval === "year" ? "solid" : "outline")} aria-current={interval === "year" ? "true" : undefined} preventScrollReset>
            Yearly (save {savingsPercent}%)
          </Link>
        </div>
      </nav>
      <nav aria-label="Currency">
        <div className="rt-Flex rt-r-ai-center rt-r-gap-3">
          <span className="rt-Text rt-r-size-2">Prices in:</span>
          <Link to={link("country", "US")} aria-current={country !== "CA" ? "true" : undefined} preventScrollReset>
            USD (United States)
          </Link>
          <Link to={link("country", "CA")} aria-current={country === "CA" ? "true" : undefined} preventScrollReset>
            CAD (Canada)
          </Link>
        </div>
      </nav>
    </div>
  );
}

export function PlanCard({ offer, perks }: { offer: PlanOffer; perks: string[] }) {
  const per = offer.interval === "month" ? "month" : "year";
  return (
    <article aria-labelledby={`plan-${offer.plan}`} className="rt-reset rt-BaseCard rt-Card rt-r-size-3 rt-variant-surface">
      <div className="rt-Flex rt-r-fd-column rt-r-gap-3">
        <div className="rt-Flex rt-r-ai-center rt-r-jc-space-between">
          <h2 id={`plan-${offer.plan}`} className="rt-Heading rt-r-size-6">
            {offer.name}
          </h2>
          {offer.interval === "year" ? (
            <span data-accent-color="green" className="rt-reset rt-Badge rt-r-size-1 rt-variant-soft">
              Save {offer.savingsPercent}%
            </span>
          ) : null}
        </div>
        <p className="rt-Text rt-r-size-7 rt-r-weight-bold">
          {formatPrice(offer.priceCents, offer.currency)}
          <span data-accent-color="gray" className="rt-Text rt-r-size-3 rt-r-weight-regular">
            {" "}
            / {per}
          </span>
        </p>
        <p className="rt-Text rt-r-size-2">
          {offer.interval === "year"
            ? `About ${formatPrice(offer.perMonthCents, offer.currency, { forceCents: true })} a month, billed yearly`
            : "Billed monthly; cancel any time"}
        </p>
        <p data-accent-color="gray" className="rt-Text rt-r-size-2">
          {offer.taxPercent > 0
            ? `Plus ${offer.taxPercent}% sales tax (${formatPrice(offer.taxCents, offer.currency, { forceCents: true })}): ${formatPrice(offer.totalCents, offer.currency, { forceCents: true })} in total`
            : "No sales tax"}
        </p>
        <ul>
          {perks.map((perk) => (
            <li key={perk}>{perk}</li>
          ))}
        </ul>
        <DialogLink to={offer.checkoutHref} className={buttonClass("solid", 3)}>
          Get {offer.name}
        </DialogLink>
      </div>
    </article>
  );
}

export const PLAN_PERKS: Record<PlanOffer["plan"], string[]> = {
  plus: ["Unlimited practice questions and mock exams", "20% off Grade Boosters", "A free trial before you pay"],
  pre_med_plus: ["Everything in Plus", "The complete MCAT question bank", "Full-length MCAT practice exams"],
};

export function PlanGrid({ offers }: { offers: PlanOffer[] }) {
  return (
    <div className={`rt-Grid rt-r-gtc-1 md:rt-r-gtc-${Math.min(offers.length, 3)} rt-r-gap-5`}>
      {offers.map((offer) => (
        <PlanCard key={offer.plan} offer={offer} perks={PLAN_PERKS[offer.plan]} />
      ))}
    </div>
  );
}
