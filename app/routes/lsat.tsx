import { Flex } from "@radix-ui/themes";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/site/content-meta";
import { ContentPage } from "~/site/content-page";
import { OnlineCourseTiles } from "~/site/course-tiles";
import { requireSitePage } from "~/site/pages.server";
import { listOnlineCoursesMatching } from "~/site/schools.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/lsat");
  const [page, onlineCourses] = await Promise.all([requireSitePage("lsat"), listOnlineCoursesMatching("lsat")]);
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
