import { Box, Flex, Heading } from "@radix-ui/themes";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { OnlineCourseTiles } from "~/catalog/course-tiles";
import { listOnlineCoursesMatching } from "~/catalog/listings.server";
import { contentPageMeta } from "~/content/content-meta";
import { ContentPage } from "~/content/content-page";
import { listMcatEvents } from "~/mcat/mcat.server";
import { McatEventList } from "~/mcat/mcat-parts";
import { findSitePage } from "~/content/pages.server";
import { orNotFound } from "~/errors/not-found.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/mcat+/_index");
  const [page, events, onlineCourses] = await Promise.all([orNotFound(findSitePage("mcat")), listMcatEvents({}), listOnlineCoursesMatching("mcat")]);
  return { page, events: events.slice(0, 3), onlineCourses };
}

export default function McatPage() {
  const { page, events, onlineCourses } = useLoaderData<typeof loader>();
  return (
    <ContentPage page={page}>
      <Box mb="6">
        <OnlineCourseTiles heading="MCAT courses" courses={onlineCourses} />
      </Box>
      <Heading as="h2" size="6" mb="3">
        Upcoming MCAT events
      </Heading>
      <McatEventList events={events} />
      <Flex gap="4" mt="4" wrap="wrap">
        <Link to="/mcat/events">All MCAT events</Link>
        <Link to="/mcat/free-resources">Free MCAT resources</Link>
        <Link to="/mcat-flash-cards">MCAT flash cards</Link>
        <Link to="/cars-passages/this-week">This week&apos;s CARS passage</Link>
        <Link to="/mcat/exam-dates">MCAT exam dates</Link>
        <Link to="/blog?category=mcat">MCAT blog</Link>
      </Flex>
    </ContentPage>
  );
}

export const meta = contentPageMeta("/mcat");
