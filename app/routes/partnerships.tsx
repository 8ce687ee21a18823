import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/content/content-meta";
import { ContentPage, TileSection } from "~/content/content-page";
import { findSitePage } from "~/content/pages.server";
import { orNotFound } from "~/errors/not-found.server";
import { listPartners } from "~/partners/partners.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/partnerships");
  const [page, partners] = await Promise.all([orNotFound(findSitePage("partnerships")), listPartners()]);
  return { page, partners };
}

export default function PartnershipsPage() {
  const { page, partners } = useLoaderData<typeof loader>();
  return (
    <ContentPage page={page}>
      <TileSection heading="Our partners">
        {partners.map((partner) => (
          <li key={partner.id}>
            <Link to={`/partners/${partner.slug}`} className="tile">
              <span className="tile-title">{partner.name}</span>
              <span className="tile-meta">{partner.summary}</span>
              <span className="tile-meta">Members get: {partner.member_benefit}</span>
            </Link>
          </li>
        ))}
      </TileSection>
    </ContentPage>
  );
}

export const meta = contentPageMeta("/partnerships");
