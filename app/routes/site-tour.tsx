import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { isSiteTourKey, siteTourHref, SITE_TOUR_KEYS, tourForPath, tourReturnPath } from "~/site-tours/tours";
import { siteTour } from "~/site-tours/tours.server";

const TOUR_NAMES: Record<(typeof SITE_TOUR_KEYS)[number], string> = {
  site_help: "Site help",
  online_course_experience: "Online course experience",
  video: "Video lessons",
  study_room: "Study rooms",
};

/**
 * GET /site-tour?tour={key}&from={path}: a tour's steps as a page. The app bar's tour button
 * leads here without JavaScript (with it, the same steps play as an overlay on the page itself,
 * loaded from this loader). Without `tour`, the tour of the `from` page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/site-tour");
  const url = new URL(request.url);
  // Only a same-site page that is not a tour page: old links that nested tour addresses lose them.
  const from = tourReturnPath(url.searchParams.get("from"));
  const requested = url.searchParams.get("tour");
  const key = requested === null ? tourForPath(from ? new URL(from, url.origin).pathname : "/") : requested;
  if (!isSiteTourKey(key)) throw new Response(`There is no site tour called “${key.slice(0, 60)}”.`, { status: 404 });
  const tour = await siteTour(key);
  if (!tour) throw new Response("This site tour is not available yet.", { status: 404 });
  return { tour, from, others: SITE_TOUR_KEYS.filter((other) => other !== key).map((other) => ({ key: other, name: TOUR_NAMES[other] })) };
}

export default function SiteTourPage() {
  const { tour, from, others } = useLoaderData<typeof loader>();
  return (
    <Container size="2" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        {tour.title}
      </Heading>
      <Text as="p" color="gray" mb="4">
        {tour.steps.length} {tour.steps.length === 1 ? "step" : "steps"}. With JavaScript on, the tour button in the top bar walks you through them on the page itself.
      </Text>
      <ol className="site-tour-steps" data-tour-key={tour.key}>
        {tour.steps.map((step) => (
          <li key={step.position}>
            <Heading as="h2" size="4">
              {step.title}
            </Heading>
            <Text as="p">{step.body}</Text>
          </li>
        ))}
      </ol>
      {from ? (
        <Text as="p" mt="4">
          <Link to={from}>Back to the page</Link>
        </Text>
      ) : null}
      <nav aria-label="Other site tours">
        <Heading as="h2" size="3" mt="5" mb="2">
          Other tours
        </Heading>
        <ul>
          {others.map((other) => (
            <li key={other.key}>
              <Link to={siteTourHref(other.key, from)}>{other.name}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.tour.title} — Marketplace` : "Site tour — Marketplace" },
  { name: "robots", content: "noindex" },
];
