import { Container, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { AdminHeader } from "~/components/admin-header";
import { metaFor } from "~/seo/page-meta";
import { TOUR_NAMES } from "~/site-tours/step-rules";
import { tourSummaries } from "~/site-tours/tour-editing.server";

const HERE = "/admin/site-tours";

/** /admin/site-tours: the site tours and how many steps each has (SPEC §4), each linking to its steps. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/admin+/site-tours._index");
  return {
    tours: (await tourSummaries()).map((tour) => ({
      key: tour.key,
      name: TOUR_NAMES[tour.key],
      stepCount: tour.stepCount,
    })),
  };
}

export default function AdminSiteToursPage() {
  const { tours } = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="4" py="6">
      <AdminHeader mb="2">Site tours</AdminHeader>
      <Text as="p" color="gray" mb="4">
        The step-by-step tours the tour button and the “Want a tour?” prompt start. Each step points at an element of the page by a CSS selector; a step whose element is not on the page is skipped. To
        have a user see every tour again, or none, use “Start all tours” or “End all tours” on their page in the back office.
      </Text>
      <ul className="admin-list">
        {tours.map((tour) => (
          <li key={tour.key}>
            <Link to={`${HERE}/${tour.key}`}>{tour.name}</Link> — {tour.stepCount} {tour.stepCount === 1 ? "step" : "steps"}
          </li>
        ))}
      </ul>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Site tours",
    description: "Edit the steps of the site tours.",
    path: HERE,
    noindex: true,
  });
