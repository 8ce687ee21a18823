import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { formatPrice } from "~/formatting/price";
import { listTutors } from "~/catalog/people.server";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/tutors+/_index");
  return { tutors: await listTutors() };
}

export default function TutorsPage() {
  const { tutors } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        Tutors
      </Heading>
      <Text as="p" mb="5">
        One-on-one help from tutors who took your course and did well in it. <Link to="/tutoring">Request tutoring</Link> and the first tutor of your course to
        accept takes you on, or ask one of them from their profile.
      </Text>
      <ul className="tile-list">
        {tutors.map((tutor) => (
          <li key={tutor.id}>
            <Link to={`/tutors/${tutor.id}`} className="tile">
              <span className="tile-title">
                {tutor.first_name} {tutor.last_name}
              </span>
              <span className="tile-meta">{tutor.headline}</span>
              <span className="tile-meta">
                {formatPrice(tutor.hourly_rate_cents, tutor.currency)} / hour · {tutor.sessions_taught} sessions
                {tutor.accepting_students ? "" : " · not accepting students"}
              </span>
              {tutor.course_codes?.length ? <span className="tile-meta">Tutors {tutor.course_codes.join(", ")}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "Tutors", description: "Find a one-on-one tutor for your exact course, with rates and the courses they tutor.", path: "/tutors" });
