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

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/homepage-alt");
  const [page, onlineCourses] = await Promise.all([orNotFound(findSitePage("homepage-alt")), listPublishedOnlineCourses({ limit: 6 })]);
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
