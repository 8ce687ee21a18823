import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { listLandingPages } from "~/content/pages.server";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/lp+/_index");
  return { pages: await listLandingPages() };
}

export default function LandingPagesIndex() {
  const { pages } = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        Programs and offers
      </Heading>
      <Text as="p" mb="5">
        Our current programs for exam season, MCAT preparation and high school courses.
      </Text>
      <ul className="tile-list">
        {pages.map((page) => (
          <li key={page.slug}>
            <Link to={`/lp/${page.slug}`} className="tile">
              <span className="tile-title">{page.title}</span>
              <span className="tile-meta">{page.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "Programs and offers", description: "Current programs and offers for exam season, MCAT preparation and high school courses.", path: "/lp" });
