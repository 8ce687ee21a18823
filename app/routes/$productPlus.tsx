import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/content/content-meta";
import { findSitePage } from "~/content/pages.server";
import { orNotFound } from "~/errors/not-found.server";
import { planOffersFor } from "~/pricing/plan-offer";
import { PlanPage } from "~/pricing/plan-page";
import { guestCacheableHeaders } from "~/utils/guest-cache";
import { FAQ_PAGE_KEYS, type FaqPageKey } from "~/faqs/faq-rules";
import { FaqList } from "~/faqs/faq-list";
import { listFaqs } from "~/faqs/faqs.server";

export const headers = guestCacheableHeaders;

/** /{product}-plus: the Plus plan named for a product (SPEC §9 "{product} Plus"). */
const PRODUCTS: Record<string, string> = { university: "University", "high-school": "High School", mcat: "MCAT", lsat: "LSAT" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/$productPlus");
  const product = /^(.+)-plus$/.exec(params.productPlus ?? "")?.[1];
  if (!product || !Object.hasOwn(PRODUCTS, product)) throw new Response("Page not found", { status: 404 });
  const faqKey = `${product}-plus`;
  const [page, faqs] = await Promise.all([
    orNotFound(findSitePage(`${product}-plus`, "plan")),
    (FAQ_PAGE_KEYS as readonly string[]).includes(faqKey) ? listFaqs(faqKey as FaqPageKey) : Promise.resolve([]),
  ]);
  const query = new URL(request.url).searchParams;
  return { page, faqs, ...planOffersFor({ interval: query.get("interval"), country: query.get("country") }, ["plus"], session?.user.country_code, PRODUCTS[product]) };
}

/** Posts to a single-segment address are not for this page: answer as the not-found route does. */
export async function action({ request }: ActionFunctionArgs) {
  await requireRouteAccess(request, "routes/$productPlus");
  throw new Response("Not Found", { status: 404 });
}

export default function ProductPlusPage() {
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

export const meta = contentPageMeta((params) => `/${params.productPlus}`);
