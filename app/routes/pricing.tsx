import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/content/content-meta";
import { ContentHero, ContentSections } from "~/content/content-page";
import { PlanGrid, PlanSwitches } from "~/pricing/plan-cards";
import { planOffersFor } from "~/pricing/plan-offer";
import { findSitePage } from "~/content/pages.server";
import { orNotFound } from "~/errors/not-found.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/pricing");
  const page = await orNotFound(findSitePage("pricing"));
  const query = new URL(request.url).searchParams;
  return { page, ...planOffersFor({ interval: query.get("interval"), country: query.get("country") }, ["plus", "pre_med_plus"], session?.user.country_code) };
}

export default function PricingPage() {
  const { page, interval, country, offers } = useLoaderData<typeof loader>();
  return (
    <>
      <ContentHero page={page} />
      <div className="rt-Box rt-r-px-4 rt-r-py-7" style={{ maxWidth: 1120, margin: "0 auto" }}>
        <PlanSwitches interval={interval} country={country} savingsPercent={offers[0]!.savingsPercent} />
        <div className="rt-Flex rt-r-fd-column rt-r-gap-5">
          <div className="rt-reset rt-BaseCard rt-Card rt-r-size-3 rt-variant-surface">
            <h2 className="rt-Heading rt-r-size-6">Free</h2>
            <p className="rt-Text rt-r-size-7 rt-r-weight-bold">Free</p>
            <p className="rt-Text">Course previews, free resources, the blog and live session sign-ups.</p>
          </div>
          <PlanGrid offers={offers} />
        </div>
        <div className="rt-Box rt-r-mt-7">
          <ContentSections sections={page.sections} />
        </div>
      </div>
    </>
  );
}

export const meta = contentPageMeta("/pricing");
