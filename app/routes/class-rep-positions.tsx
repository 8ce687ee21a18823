import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { mayOpen } from "~/accounts/policy/route-rules";
import { viewerFor } from "~/accounts/session.server";
import { contentPageMeta } from "~/content/content-meta";
import { ContentPage, TileSection } from "~/content/content-page";
import { findSitePage } from "~/content/pages.server";
import { orNotFound } from "~/errors/not-found.server";
import { listClassRepOpenings } from "~/catalog/listings.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/class-rep-positions");
  const [page, openings] = await Promise.all([orNotFound(findSitePage("class-rep-positions")), listClassRepOpenings()]);
  // Marketing managers have no /admin home: their way to the applications starts here.
  const reviewsApplications = mayOpen(viewerFor(session), "routes/admin+/class-reps");
  return { page, openings, reviewsApplications };
}

export default function ClassRepPositionsPage() {
  const { page, openings, reviewsApplications } = useLoaderData<typeof loader>();
  return (
    <ContentPage page={page}>
      {reviewsApplications ? (
        <p>
          <Link to="/admin/class-reps" className="button button--soft">
            Review class-rep applications and reports
          </Link>
        </p>
      ) : null}
      <TileSection id="class-rep-openings" heading={`Courses looking for a class rep (${openings.length})`}>
        {openings.map((course) => (
          <li key={course.id}>
            <Link to={`/courses/${course.slug}/class-rep-apply`} className="tile">
              <span className="tile-meta">{course.school_name}</span>
              <span className="tile-title">
                {course.code}: {course.name}
              </span>
              <span className="tile-meta">Apply to be its class rep</span>
            </Link>
          </li>
        ))}
      </TileSection>
    </ContentPage>
  );
}

export const meta = contentPageMeta("/class-rep-positions");
