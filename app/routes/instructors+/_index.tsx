import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { listInstructors } from "~/catalog/people.server";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/instructors+/_index");
  return { instructors: await listInstructors() };
}

export default function InstructorsPage() {
  const { instructors } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        Our instructors
      </Heading>
      <Text as="p" mb="5">
        Every instructor has taught or aced the course they teach.
      </Text>
      <ul className="tile-list">
        {instructors.map((instructor) => (
          <li key={instructor.id}>
            <Link to={`/instructors/${instructor.id}`} className="tile">
              <span className="tile-title">
                {instructor.first_name} {instructor.last_name}
              </span>
              {instructor.bio ? <span className="tile-meta">{instructor.bio}</span> : null}
              <span className="tile-meta">
                {instructor.course_count} online {instructor.course_count === 1 ? "course" : "courses"}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "Instructors", description: "Meet the instructors behind our online courses and live exam prep sessions.", path: "/instructors" });
