import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/site/content-meta";
import { ContentPage } from "~/site/content-page";
import { OnlineCourseTiles } from "~/site/course-tiles";
import { requireSitePage } from "~/site/pages.server";
import { listPublishedOnlineCourses } from "~/site/schools.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/on-demand");
  const [page, onlineCourses] = await Promise.all([requireSitePage("on-demand"), listPublishedOnlineCourses({ limit: 24 })]);
  return { page, onlineCourses };
}

export default function OnDemandPage() {
  const { page, onlineCourses } = useLoaderData<typeof loader>();
  return (
    <ContentPage page={page}>
      <OnlineCourseTiles heading="Start any time" courses={onlineCourses} />
    </ContentPage>
  );
}

export const meta = contentPageMeta("/on-demand");
