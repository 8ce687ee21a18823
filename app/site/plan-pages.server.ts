import type { CountryCode } from "~/db/schema";
import type { PlanKey } from "~/pricing/plans";
import { countryFromQuery, intervalFromQuery, planOffer } from "./plan-offer";

/** The buyer's interval and country from the page's query and account, and the offers to show. */
export function planOffersFor(request: Request, plans: readonly PlanKey[], accountCountry: CountryCode | null | undefined, productName?: string) {
  const url = new URL(request.url);
  const interval = intervalFromQuery(url.searchParams.get("interval"));
  const country = countryFromQuery(url.searchParams.get("country"), accountCountry);
  return { interval, country, offers: plans.map((plan) => planOffer(plan, interval, country, productName)) };
}
