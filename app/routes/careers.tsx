import { Badge, Flex, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { mayOpen } from "~/accounts/policy/route-rules";
import { viewerFor } from "~/accounts/session.server";
import { EMPLOYMENT_TYPE_LABELS } from "~/careers/careers";
import { listOpenPositions } from "~/careers/careers.server";
import { contentPageMeta } from "~/content/content-meta";
import { ContentPage, TileSection } from "~/content/content-page";
import { displayDate, isoOf } from "~/formatting/display";
import { findSitePage } from "~/content/pages.server";
import { orNotFound } from "~/errors/not-found.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/careers");
  const [page, positions] = await Promise.all([orNotFound(findSitePage("careers")), listOpenPositions()]);
  // Jobs managers have no /admin home: their way to hiring starts here.
  const managesHiring = mayOpen(viewerFor(session), "routes/admin+/hiring._index");
  return { page, positions, managesHiring };
}

export default function CareersPage() {
  const { page, positions, managesHiring } = useLoaderData<typeof loader>();
  return (
    <ContentPage page={page}>
      {managesHiring ? (
        <p>
          <Link to="/admin/hiring" className="button button--soft">
            Hiring: positions and applicants
          </Link>
        </p>
      ) : null}
      <TileSection heading={`Open positions (${positions.length})`}>
        {positions.map((position) => (
          <li key={position.id}>
            <Link to={`/job-positions/${position.id}`} className="tile">
              <span className="tile-title">{position.title}</span>
              <span className="tile-meta">
                {position.department} · {position.location}
              </span>
              <Flex gap="2" asChild>
                <span>
                  <Badge>{EMPLOYMENT_TYPE_LABELS[position.employment_type]}</Badge>
                  <Text size="1" color="gray">
                    Posted <time dateTime={isoOf(position.posted_at)}>{displayDate(position.posted_at)}</time>
                  </Text>
                </span>
              </Flex>
            </Link>
          </li>
        ))}
      </TileSection>
    </ContentPage>
  );
}

export const meta = contentPageMeta("/careers");
