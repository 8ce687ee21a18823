import { Flex } from "@radix-ui/themes";
import { useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/site/content-page";
import { OnlineCourseTiles, SchoolTiles } from "~/site/course-tiles";
import type { schoolTypeLandingLoader } from "~/site/school-type-landing.server";

export function SchoolTypeLandingPage() {
  const { page, schools, onlineCourses } = useLoaderData<ReturnType<typeof schoolTypeLandingLoader>>();
  return (
    <ContentPage page={page}>
      <Flex direction="column" gap="7">
        <OnlineCourseTiles heading="Online courses" courses={onlineCourses} />
        <SchoolTiles heading="Schools" schools={schools} href={(school) => `/schools/${school.id}`} />
      </Flex>
    </ContentPage>
  );
}
