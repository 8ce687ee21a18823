import { Flex } from "@radix-ui/themes";
import type { ComponentProps } from "react";
import { OnlineCourseTiles, SchoolTiles } from "~/catalog/course-tiles";
import { ContentPage, type ContentPageData } from "~/content/content-page";

interface SchoolTypeLanding {
  page: ContentPageData;
  schools: ComponentProps<typeof SchoolTiles>["schools"];
  onlineCourses: ComponentProps<typeof OnlineCourseTiles>["courses"];
}

/** /high-school and /university: the page's content, then its online courses and schools. */
export function SchoolTypeLandingPage({ data }: { data: SchoolTypeLanding }) {
  const { page, schools, onlineCourses } = data;
  return (
    <ContentPage page={page}>
      <Flex direction="column" gap="7">
        <OnlineCourseTiles heading="Online courses" courses={onlineCourses} />
        <SchoolTiles heading="Schools" schools={schools} href={(school) => `/schools/${school.id}`} />
      </Flex>
    </ContentPage>
  );
}
