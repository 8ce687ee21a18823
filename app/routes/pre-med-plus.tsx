import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/content/content-meta";
import { findSitePage } from "~/content/pages.server";
import { orNotFound } from "~/errors/not-found.server";
import { planOffersFor } from "~/pricing/plan-offer";
import { PlanPage } from "~/pricing/plan-page";
import { guestCacheableHeaders } from "~/utils/guest-cache";
import { FaqList } from "~/faqs/faq-list";
import { listFaqs } from "~/faqs/faqs.server";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/pre-med-plus");
  const [page, faqs] = await Promise.all([orNotFound(findSitePage("pre-med-plus", "plan")), listFaqs("pre-med-plus")]);
  const query = new URL(request.url).searchParams;
  return { page, faqs, ...planOffersFor({ interval: query.get("interval"), country: query.get("country") }, ["pre_med_plus"], session?.user.country_code) };
}

export default function PreMedPlusPage() {
  const { faqs, ...data } = useLoaderData<typeof loader>();
  return (
    <>
      <PlanPage {...data} />
      <div className="wrapper">
        <FaqList faqs={faqs} />
      </div>
    </>
  );
}

export const meta = contentPageMeta("/pre-med-plus");
