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
import { FaqList } from "~/faqs/faq-list";
import { listFaqs } from "~/faqs/faqs.server";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/pricing");
  const [page, faqs] = await Promise.all([orNotFound(findSitePage("pricing")), listFaqs("pricing")]);
  const query = new URL(request.url).searchParams;
  return { page, faqs, ...planOffersFor({ interval: query.get("interval"), country: query.get("country") }, ["plus", "pre_med_plus"], session?.user.country_code) };
}

export default function PricingPage() {
  const { page, interval, country, offers, faqs } = useLoaderData<typeof loader>();
  return (
    <>
      <ContentHero page={page} />
      <div className="wrapper plan-body" style={{ maxWidth: 1120 }}>
        <PlanSwitches interval={interval} country={country} savingsPercent={offers[0]!.savingsPercent} />
        <div className="plan-stack">
          <div className="tile tile--large plan-free">
            <h2 className="tile-title">Free</h2>
            <p className="plan-price">Free</p>
            <p className="tile-text">Course previews, free resources, the blog and live session sign-ups.</p>
          </div>
          <PlanGrid offers={offers} />
        </div>
        <div className="plan-sections">
          <ContentSections sections={page.sections} />
        </div>
        <FaqList faqs={faqs} />
      </div>
    </>
  );
}

export const meta = contentPageMeta("/pricing");
