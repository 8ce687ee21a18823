import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { findSchoolPage } from "~/catalog/listings.server";
import { metaFor } from "~/seo/page-meta";
import { UpcomingSessionList } from "~/study-sessions/upcoming-session-list";
import { guestCacheableHeaders } from "~/utils/guest-cache";
import { parseRecordId } from "~/utils/record-id";

export const headers = guestCacheableHeaders;

const SCHOOL_TYPES = { university: "University", high_school: "High school", k_to_8: "K - 8" } as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/schools+/$id");
  const id = parseRecordId(params.id);
  const found = id !== null ? await findSchoolPage({ id }) : undefined;
  if (!found) throw new Response("School not found", { status: 404 });
  return found;
}

export default function SchoolPage() {
  const { school, courses, sessions } = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        {SCHOOL_TYPES[school.school_type]} · {school.city}, {school.region_code}
      </Text>
      <Heading as="h1" size="8" mb="5">
        {school.name}
      </Heading>
      <Heading as="h2" size="5" mb="3">
        Courses ({courses.length})
      </Heading>
      <ul className="tile-list">
        {courses.map((course) => (
          <li key={course.id}>
            <Link to={`/courses/${course.slug}`} className="tile">
              <span className="tile-meta">{course.code}</span>
              <span className="tile-title">{course.name}</span>
              <span className="tile-tags">
                <span className="tag">{course.subject}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Heading as="h2" size="5" mb="3" mt="6">
        Upcoming live sessions
      </Heading>
      {sessions.length === 0 ? <Text as="p">No live session is scheduled yet.</Text> : <UpcomingSessionList sessions={sessions} />}
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? metaFor(matches, {
        title: data.school.name,
        description: `Online courses, live sessions and tutors for ${data.courses.length} courses at ${data.school.name}.`,
        path: `/schools/${data.school.id}`,
      })
    : [{ title: "School not found" }];
