import { Button, Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { formatPrice } from "~/formatting/price";
import { displayDate } from "~/formatting/display";
import { findScholarship } from "~/programs/scholarships.server";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/scholarships+/$slug");
  const scholarship = await findScholarship(params.slug ?? "");
  if (!scholarship) throw new Response("Scholarship not found", { status: 404 });
  return { scholarship };
}

export default function ScholarshipPage() {
  const { scholarship } = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        <Link to="/scholarships">Scholarships</Link>
      </Text>
      <Heading as="h1" size="8" mb="3">
        {scholarship.name}
      </Heading>
      <Text as="p" size="5" weight="bold" mb="1">
        {formatPrice(scholarship.amount_cents, scholarship.currency)} for each of {scholarship.winners_count}{" "}
        {scholarship.winners_count === 1 ? "winner" : "winners"}
      </Text>
      <Text as="p" color="gray" mb="4">
        Applications close <time dateTime={scholarship.deadline}>{displayDate(scholarship.deadline)}</time>
      </Text>
      <Text as="p" mb="4">
        {scholarship.summary}
      </Text>
      <Heading as="h2" size="5" mb="2">
        Who can apply
      </Heading>
      <ul>
        {scholarship.eligibility.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <Heading as="h2" size="5" mb="2" mt="4">
        How to apply
      </Heading>
      <Text as="p" mb="4">
        {scholarship.how_to_apply}
      </Text>
      <Button size="3" asChild>
        <Link to={`/contact-us?topic=general&subject=${encodeURIComponent(scholarship.name)}`}>Send your application</Link>
      </Button>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? metaFor(matches, { title: data.scholarship.name, description: data.scholarship.summary, path: `/scholarships/${data.scholarship.slug}` })
    : [{ title: "Scholarship not found" }];
