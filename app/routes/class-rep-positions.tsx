import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/site/content-meta";
import { ContentPage, TileSection } from "~/site/content-page";
import { requireSitePage } from "~/site/pages.server";
import { listClassRepOpenings } from "~/site/schools.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/class-rep-positions");
  const [page, openings] = await Promise.all([requireSitePage("class-rep-positions"), listClassRepOpenings()]);
  return { page, openings };
}

export default function ClassRepPositionsPage() {
  const { page, openings } = useLoaderData<typeof loader>();
  return (
    <ContentPage page={page}>
      <TileSection heading={`Courses looking for a class rep (${openings.length})`}>
        {openings.map((course) => (
          <li key={course.id}>
            <Link to={`/courses/${course.slug}`} className="tile">
              <span className="tile-meta">{course.school_name}</span>
              <span className="tile-title">
                {course.code}: {course.name}
              </span>
            </Link>
          </li>
        ))}
      </TileSection>
    </ContentPage>
  );
}

export const meta = contentPageMeta("/class-rep-positions");
