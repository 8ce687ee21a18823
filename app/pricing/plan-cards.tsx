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
 * The plan pages are plain elements with the app's classes (app/styles/app.css) that look like
 * Radix's Card, Badge and Button: no component tree to hydrate on pages whose first paint and
 * interactivity are budgeted.
 */
const buttonClass = (variant: "solid" | "outline") => (variant === "outline" ? "button button--outline" : "button");

/** Monthly / yearly and CAD / USD switches as plain links; the current choice is marked. */
export function PlanSwitches({ interval, country, savingsPercent }: { interval: BillingInterval; country: CountryCode | null; savingsPercent: number }) {
  const link = useQueryLink();
  return (
    <div className="plan-switches">
      <nav aria-label="Billing interval" className="plan-switches__interval">
        <Link to={link("interval", "month")} className={buttonClass(interval === "month" ? "solid" : "outline")} aria-current={interval === "month" ? "true" : undefined} preventScrollReset>
          Monthly
        </Link>
        <Link to={link("interval", "year")} className={buttonClass(interval === "year" ? "solid" : "outline")} aria-current={interval === "year" ? "true" : undefined} preventScrollReset>
          Yearly (save {savingsPercent}%)
        </Link>
      </nav>
      <nav aria-label="Currency" className="plan-switches__currency">
        <span className="plan-switches__label">Prices in:</span>
        <Link to={link("country", "US")} aria-current={country !== "CA" ? "true" : undefined} preventScrollReset>
          USD (United States)
        </Link>
        <Link to={link("country", "CA")} aria-current={country === "CA" ? "true" : undefined} preventScrollReset>
          CAD (Canada)
        </Link>
      </nav>
    </div>
  );
}

export function PlanCard({ offer, perks }: { offer: PlanOffer; perks: string[] }) {
  const per = offer.interval === "month" ? "month" : "year";
  return (
    <article aria-labelledby={`plan-${offer.plan}`} className="tile tile--large">
      <div className="plan-card__header">
        <h2 id={`plan-${offer.plan}`} className="tile-title">
          {offer.name}
        </h2>
        {offer.interval === "year" ? (
          <span data-accent-color="green" className="badge">
            Save {offer.savingsPercent}%
          </span>
        ) : null}
      </div>
      <p className="plan-price">
        {formatPrice(offer.priceCents, offer.currency)}
        <span className="plan-price__per">
          {" "}
          / {per}
        </span>
      </p>
      <p className="plan-note">
        {offer.interval === "year"
          ? `About ${formatPrice(offer.perMonthCents, offer.currency, { forceCents: true })} a month, billed yearly`
          : "Billed monthly; cancel any time"}
      </p>
      <p className="tile-meta">
        {offer.taxPercent > 0
          ? `Plus ${offer.taxPercent}% sales tax (${formatPrice(offer.taxCents, offer.currency, { forceCents: true })}): ${formatPrice(offer.totalCents, offer.currency, { forceCents: true })} in total`
          : "No sales tax"}
      </p>
      <ul>
        {perks.map((perk) => (
          <li key={perk}>{perk}</li>
        ))}
      </ul>
      <DialogLink to={offer.checkoutHref} className="button button--large">
        Get {offer.name}
      </DialogLink>
    </article>
  );
}

export const PLAN_PERKS: Record<PlanOffer["plan"], string[]> = {
  plus: ["Unlimited practice questions and mock exams", "20% off Grade Boosters", "A free trial before you pay"],
  pre_med_plus: ["Everything in Plus", "The complete MCAT question bank", "Full-length MCAT practice exams"],
};

export function PlanGrid({ offers }: { offers: PlanOffer[] }) {
  return (
    <div className={`plan-grid plan-grid--${Math.min(offers.length, 3)}`}>
      {offers.map((offer) => (
        <PlanCard key={offer.plan} offer={offer} perks={PLAN_PERKS[offer.plan]} />
      ))}
    </div>
  );
}
