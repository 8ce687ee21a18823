import { Flex } from "@radix-ui/themes";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/content/content-meta";
import { ContentPage } from "~/content/content-page";
import { OnlineCourseTiles } from "~/catalog/course-tiles";
import { findSitePage } from "~/content/pages.server";
import { orNotFound } from "~/errors/not-found.server";
import { listOnlineCoursesMatching } from "~/catalog/listings.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/lsat");
  const [page, onlineCourses] = await Promise.all([orNotFound(findSitePage("lsat")), listOnlineCoursesMatching("lsat")]);
  return { page, onlineCourses };
}

export default function LsatPage() {
  const { page, onlineCourses } = useLoaderData<typeof loader>();
  return (
    <ContentPage page={page}>
      <Flex direction="column" gap="6">
        <OnlineCourseTiles heading="LSAT courses" courses={onlineCourses} />
      </Flex>
    </ContentPage>
  );
}

export const meta = contentPageMeta("/lsat");
