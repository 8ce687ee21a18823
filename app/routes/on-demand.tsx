import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/content/content-meta";
import { ContentPage } from "~/content/content-page";
import { OnlineCourseTiles } from "~/catalog/course-tiles";
import { findSitePage } from "~/content/pages.server";
import { orNotFound } from "~/errors/not-found.server";
import { listPublishedOnlineCourses } from "~/catalog/listings.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";
import { FaqList } from "~/faqs/faq-list";
import { listFaqs } from "~/faqs/faqs.server";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/on-demand");
  const [page, onlineCourses, faqs] = await Promise.all([orNotFound(findSitePage("on-demand")), listPublishedOnlineCourses({ limit: 24 }), listFaqs("on-demand")]);
  return { page, onlineCourses, faqs };
}

export default function OnDemandPage() {
  const { page, onlineCourses, faqs } = useLoaderData<typeof loader>();
  return (
    <ContentPage page={page}>
      <OnlineCourseTiles heading="Start any time" courses={onlineCourses} />
      <FaqList faqs={faqs} />
    </ContentPage>
  );
}

export const meta = contentPageMeta("/on-demand");
