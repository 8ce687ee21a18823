import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/site/content-meta";
import { requireSitePage } from "~/site/pages.server";
import { PlanPage } from "~/site/plan-page";
import { planOffersFor } from "~/site/plan-pages.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/pre-med-plus");
  const page = await requireSitePage("pre-med-plus", "plan");
  return { page, ...planOffersFor(request, ["pre_med_plus"], session?.user.country_code) };
}

export default function PreMedPlusPage() {
  const data = useLoaderData<typeof loader>();
  return <PlanPage {...data} />;
}

export const meta = contentPageMeta("/pre-med-plus");
