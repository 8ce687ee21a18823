import { Flex, Heading } from "@radix-ui/themes";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/content/content-meta";
import { ContentPage } from "~/content/content-page";
import { OnlineCourseTiles } from "~/catalog/course-tiles";
import { findSitePage } from "~/content/pages.server";
import { orNotFound } from "~/errors/not-found.server";
import { listOnlineCoursesMatching } from "~/catalog/listings.server";
import { lsatTests } from "~/practice-tests/attempts.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/lsat");
  const [page, onlineCourses, practiceTests] = await Promise.all([orNotFound(findSitePage("lsat")), listOnlineCoursesMatching("lsat"), lsatTests()]);
  return { page, onlineCourses, practiceTests };
}

export default function LsatPage() {
  const { page, onlineCourses, practiceTests } = useLoaderData<typeof loader>();
  return (
    <ContentPage page={page}>
      <Flex direction="column" gap="6">
        <OnlineCourseTiles heading="LSAT courses" courses={onlineCourses} />
        {practiceTests.length > 0 ? (
          <section aria-labelledby="lsat-practice-tests">
            <Heading as="h2" size="6" mb="3" id="lsat-practice-tests">
              Free LSAT practice tests
            </Heading>
            <ul className="tile-list">
              {practiceTests.map((test) => (
                <li key={test.id}>
                  <Link to={`/lsat-practice-tests/${test.slug}`} className="tile">
                    <span className="tile-title">{test.title}</span>
                    <span className="tile-meta">{test.description}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </Flex>
    </ContentPage>
  );
}

export const meta = contentPageMeta("/lsat");
