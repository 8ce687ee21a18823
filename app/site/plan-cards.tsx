import { Badge, Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
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

/** Monthly / yearly and CAD / USD switches as plain links; the current choice is marked. */
export function PlanSwitches({ interval, country, savingsPercent }: { interval: BillingInterval; country: CountryCode | null; savingsPercent: number }) {
  const link = useQueryLink();
  return (
    <Flex gap="5" wrap="wrap" align="center" mb="5">
      <nav aria-label="Billing interval">
        <Flex gap="2" align="center">
          <Button asChild variant={interval === "month" ? "solid" : "outline"}>
            <Link to={link("interval", "month")} aria-current={interval === "month" ? "true" : undefined} preventScrollReset>
              Monthly
            </Link>
          </Button>
          <Button asChild variant={interval === "year" ? "solid" : "outline"}>
            <Link to={link("interval", "year")} aria-current={interval === "year" ? "true" : undefined} preventScrollReset>
              Yearly (save {savingsPercent}%)
            </Link>
          </Button>
        </Flex>
      </nav>
      <nav aria-label="Currency">
        <Flex gap="3" align="center">
          <Text size="2">Prices in:</Text>
          <Link to={link("country", "US")} aria-current={country !== "CA" ? "true" : undefined} preventScrollReset>
            USD (United States)
          </Link>
          <Link to={link("country", "CA")} aria-current={country === "CA" ? "true" : undefined} preventScrollReset>
            CAD (Canada)
          </Link>
        </Flex>
      </nav>
    </Flex>
  );
}

export function PlanCard({ offer, perks }: { offer: PlanOffer; perks: string[] }) {
  const per = offer.interval === "month" ? "month" : "year";
  return (
    <Card size="3" asChild>
      <article aria-labelledby={`plan-${offer.plan}`}>
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center">
            <Heading as="h2" size="6" id={`plan-${offer.plan}`}>
              {offer.name}
            </Heading>
            {offer.interval === "year" ? <Badge color="green">Save {offer.savingsPercent}%</Badge> : null}
          </Flex>
          <Text as="p" size="7" weight="bold">
            {formatPrice(offer.priceCents, offer.currency)}
            <Text size="3" weight="regular" color="gray">
              {" "}
              / {per}
            </Text>
          </Text>
          {offer.interval === "year" ? (
            <Text as="p" size="2">
              About {formatPrice(offer.perMonthCents, offer.currency, { forceCents: true })} a month, billed yearly
            </Text>
          ) : (
            <Text as="p" size="2">
              Billed monthly; cancel any time
            </Text>
          )}
          <Text as="p" size="2" color="gray">
            {offer.taxPercent > 0
              ? `Plus ${offer.taxPercent}% sales tax (${formatPrice(offer.taxCents, offer.currency, { forceCents: true })}): ${formatPrice(offer.totalCents, offer.currency, { forceCents: true })} in total`
              : "No sales tax"}
          </Text>
          <ul>
            {perks.map((perk) => (
              <li key={perk}>{perk}</li>
            ))}
          </ul>
          <Button size="3" asChild>
            <DialogLink to={offer.checkoutHref}>Get {offer.name}</DialogLink>
          </Button>
        </Flex>
      </article>
    </Card>
  );
}

export const PLAN_PERKS: Record<PlanOffer["plan"], string[]> = {
  plus: ["Unlimited practice questions and mock exams", "20% off Grade Boosters", "A free trial before you pay"],
  pre_med_plus: ["Everything in Plus", "The complete MCAT question bank", "Full-length MCAT practice exams"],
};

export function PlanGrid({ offers }: { offers: PlanOffer[] }) {
  return (
    <Grid columns={{ initial: "1", md: String(Math.min(offers.length, 3)) }} gap="5">
      {offers.map((offer) => (
        <PlanCard key={offer.plan} offer={offer} perks={PLAN_PERKS[offer.plan]} />
      ))}
    </Grid>
  );
}
