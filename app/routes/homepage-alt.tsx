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
  await requireRouteAccess(request, "routes/homepage-alt");
  const [page, onlineCourses] = await Promise.all([requireSitePage("homepage-alt"), listPublishedOnlineCourses({ limit: 6 })]);
  return { page, onlineCourses };
}

export default function HomepageAlt() {
  const { page, onlineCourses } = useLoaderData<typeof loader>();
  return (
    <ContentPage page={page}>
      <OnlineCourseTiles heading="Featured online courses" courses={onlineCourses} />
    </ContentPage>
  );
}

export const meta = contentPageMeta("/homepage-alt");
