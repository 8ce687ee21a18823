import type { CountryCode } from "~/db/schema";
import type { BillingInterval } from "~/pricing/plans";
import { ContentHero, ContentSections, type ContentPageData } from "~/content/content-page";
import { PlanGrid, PlanSwitches } from "./plan-cards";
import type { PlanOffer } from "./plan-offer";

/** /{product}-plus and /pre-med-plus: the plan's content page with its price card. */
export function PlanPage({ page, interval, country, offers }: { page: ContentPageData; interval: BillingInterval; country: CountryCode | null; offers: PlanOffer[] }) {
  return (
    <>
      <ContentHero page={page} />
      <div className="wrapper plan-body" style={{ maxWidth: 940 }}>
        <PlanSwitches interval={interval} country={country} savingsPercent={offers[0]!.savingsPercent} />
        <PlanGrid offers={offers} />
        <div className="plan-sections">
          <ContentSections sections={page.sections} />
        </div>
      </div>
    </>
  );
}
