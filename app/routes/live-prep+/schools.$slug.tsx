import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { findSchoolPage } from "~/catalog/listings.server";
import { metaFor } from "~/seo/page-meta";
import { UpcomingSessionList } from "~/study-sessions/upcoming-session-list";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/live-prep+/schools.$slug");
  const found = await findSchoolPage({ slug: params.slug ?? "" });
  if (!found) throw new Response("School not found", { status: 404 });
  return found;
}

export default function LivePrepSchoolPage() {
  const { school, sessions } = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        <Link to="/live-prep">Live exam prep</Link> · {school.city}, {school.region_code}
      </Text>
      <Heading as="h1" size="8" mb="4">
        Live exam prep at {school.name}
      </Heading>
      <Heading as="h2" size="5" mb="3">
        Upcoming live sessions
      </Heading>
      {sessions.length === 0 ? <Text as="p">No live session is scheduled for this school yet. Check back before your next exam.</Text> : <UpcomingSessionList sessions={sessions} />}
      <Text as="p" mt="5">
        <Link to={`/schools/${school.id}`}>All courses at {school.name}</Link>
      </Text>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? metaFor(matches, {
        title: `Live exam prep at ${data.school.name}`,
        description: `Live exam prep sessions for ${data.school.name} courses, with booklets, solutions and recordings.`,
        path: `/live-prep/schools/${data.school.slug}`,
      })
    : [{ title: "School not found" }];
