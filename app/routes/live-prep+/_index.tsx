import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/content/content-meta";
import { ContentPage } from "~/content/content-page";
import { SchoolTiles } from "~/catalog/course-tiles";
import { findSitePage } from "~/content/pages.server";
import { orNotFound } from "~/errors/not-found.server";
import { listLivePrepSchools } from "~/catalog/listings.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";
import { FaqList } from "~/faqs/faq-list";
import { listFaqs } from "~/faqs/faqs.server";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/live-prep+/_index");
  const [page, schools, faqs] = await Promise.all([orNotFound(findSitePage("live-prep")), listLivePrepSchools(), listFaqs("live-prep")]);
  return { page, schools, faqs };
}

export default function LivePrepPage() {
  const { page, schools, faqs } = useLoaderData<typeof loader>();
  return (
    <ContentPage page={page}>
      <SchoolTiles heading="Schools with upcoming live sessions" schools={schools} href={(school) => `/live-prep/schools/${school.slug}`} />
      <FaqList faqs={faqs} />
    </ContentPage>
  );
}

export const meta = contentPageMeta("/live-prep");
