import { Flex } from "@radix-ui/themes";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/site/content-meta";
import { ContentPage } from "~/site/content-page";
import { OnlineCourseTiles, SchoolTiles } from "~/site/course-tiles";
import { requireSitePage } from "~/site/pages.server";
import { listPublishedOnlineCourses, listSchoolsOfType } from "~/site/schools.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/university");
  const [page, schools, onlineCourses] = await Promise.all([
    requireSitePage("university"),
    listSchoolsOfType("university"),
    listPublishedOnlineCourses({ schoolType: "university", limit: 6 }),
  ]);
  return { page, schools, onlineCourses };
}

export default function UniversityPage() {
  const { page, schools, onlineCourses } = useLoaderData<typeof loader>();
  return (
    <ContentPage page={page}>
      <Flex direction="column" gap="7">
        <OnlineCourseTiles heading="Online courses" courses={onlineCourses} />
        <SchoolTiles heading="Schools" schools={schools} href={(school) => `/schools/${school.id}`} />
      </Flex>
    </ContentPage>
  );
}

export const meta = contentPageMeta("/university");
