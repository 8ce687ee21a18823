import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { displayDate, isoOf } from "~/formatting/display";
import { listMyScholarshipApplications } from "~/programs/scholarship-applications.server";
import { metaFor } from "~/seo/page-meta";

/** /scholarships/applications: the signed-in student's scholarship applications and their status. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, "routes/scholarships+/applications._index"))!;
  return { applications: await listMyScholarshipApplications(session.user.id) };
}

export default function MyScholarshipApplicationsPage() {
  const { applications } = useLoaderData<typeof loader>();
  return (
    <Container size="2" px="4" py="6">
      <Text as="p" color="gray">
        <Link to="/scholarships">Scholarships</Link>
      </Text>
      <Heading as="h1" size="8" mb="4">
        Your scholarship applications
      </Heading>
      {applications.length === 0 ? (
        <p>
          You have not applied for a scholarship yet. <Link to="/scholarships">See the scholarships</Link>.
        </p>
      ) : (
        <ul className="stack-list">
          {applications.map((application) => (
            <li key={application.id}>
              <Link to={`/scholarships/applications/${application.id}`}>{application.name}</Link> — sent{" "}
              <time dateTime={isoOf(application.created_at)}>{displayDate(application.created_at)}</time>. Status: <strong>{application.status}</strong>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "Your scholarship applications", description: "The scholarships you applied for and where each application stands.", path: "/scholarships/applications", noindex: true });
