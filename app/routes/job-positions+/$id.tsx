import { Badge, Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { EMPLOYMENT_TYPE_LABELS } from "~/careers/careers";
import { findOpenPosition } from "~/careers/careers.server";
import { displayDate, isoOf } from "~/formatting/display";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";
import { parseRecordId } from "~/utils/record-id";

export const headers = guestCacheableHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/job-positions+/$id");
  const id = parseRecordId(params.id) ?? undefined;
  const position = id ? await findOpenPosition(id) : undefined;
  if (!position) throw new Response("This position is not open", { status: 404 });
  return { position };
}

export default function JobPositionPage() {
  const { position } = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        <Link to="/careers">Careers</Link> · {position.department}
      </Text>
      <Heading as="h1" size="8" mb="3">
        {position.title}
      </Heading>
      <Flex gap="3" align="center" mb="4" wrap="wrap">
        <Badge>{EMPLOYMENT_TYPE_LABELS[position.employment_type]}</Badge>
        <Text>{position.location}</Text>
        <Text color="gray" size="2">
          Posted <time dateTime={isoOf(position.posted_at)}>{displayDate(position.posted_at)}</time>
        </Text>
      </Flex>
      <Text as="p" size="4" mb="5">
        {position.summary}
      </Text>
      <Heading as="h2" size="5" mb="2">
        What you will do
      </Heading>
      <ul>
        {position.responsibilities.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <Heading as="h2" size="5" mb="2" mt="5">
        What you bring
      </Heading>
      <ul>
        {position.qualifications.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <Button size="3" mt="5" asChild>
        <Link to={`/job-application?position=${position.id}`}>Apply for this position</Link>
      </Button>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  data
    ? metaFor(matches, { title: data.position.title, description: data.position.summary, path: `/job-positions/${params.id}` })
    : [{ title: "Position not found" }];
