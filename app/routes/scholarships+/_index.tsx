import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { formatPrice } from "~/formatting/price";
import { contentPageMeta } from "~/content/content-meta";
import { ContentPage, TileSection } from "~/content/content-page";
import { displayDate } from "~/formatting/display";
import { findSitePage } from "~/content/pages.server";
import { orNotFound } from "~/errors/not-found.server";
import { todayIso } from "~/programs/scholarship-applications.server";
import { isScholarshipOpen } from "~/programs/scholarship-rules";
import { listScholarships } from "~/programs/scholarships.server";
import { requestNow } from "~/utils/clock.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/scholarships+/_index");
  const [page, scholarships] = await Promise.all([orNotFound(findSitePage("scholarships")), listScholarships()]);
  const today = todayIso(requestNow(request));
  return { page, scholarships: scholarships.map((scholarship) => ({ ...scholarship, open: isScholarshipOpen(scholarship.deadline, today) })) };
}

type Listed = Awaited<ReturnType<typeof loader>>["scholarships"][number];

function ScholarshipTile({ scholarship }: { scholarship: Listed }) {
  return (
    <li>
      <Link to={`/scholarships/${scholarship.slug}`} className="tile">
        <span className="tile-title">{scholarship.name}</span>
        <span className="tile-meta">
          {formatPrice(scholarship.amount_cents, scholarship.currency)} · {scholarship.winners_count} {scholarship.winners_count === 1 ? "award" : "awards"} ·{" "}
          {scholarship.open ? "Deadline" : "Closed"} {displayDate(scholarship.deadline)}
        </span>
        <span className="tile-meta">{scholarship.summary}</span>
      </Link>
    </li>
  );
}

export default function ScholarshipsPage() {
  const { page, scholarships } = useLoaderData<typeof loader>();
  return (
    <ContentPage page={page}>
      <TileSection heading="Open scholarships">
        {scholarships
          .filter((scholarship) => scholarship.open)
          .map((scholarship) => (
            <ScholarshipTile key={scholarship.id} scholarship={scholarship} />
          ))}
      </TileSection>
      {scholarships.some((scholarship) => !scholarship.open) ? (
        <TileSection heading="Closed scholarships">
          {scholarships
            .filter((scholarship) => !scholarship.open)
            .map((scholarship) => (
              <ScholarshipTile key={scholarship.id} scholarship={scholarship} />
            ))}
        </TileSection>
      ) : null}
    </ContentPage>
  );
}

export const meta = contentPageMeta("/scholarships");
