import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { requireSession } from "~/accounts/session.server";
import { CourseTiles, DashboardSection } from "~/dashboards/dashboard-parts";
import { loadTeacherDashboard } from "~/dashboards/dashboards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/teacher-dashboard");
  const { user } = await requireSession(request);
  return { firstName: user.first_name || user.display_name || "there", ...(await loadTeacherDashboard(user.id)) };
}

export default function TeacherDashboard() {
  const { firstName, schoolName, schoolCity, courses } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px="4" py="6">
      <Heading as="h1" size="7">
        Teacher home
      </Heading>
      <Text as="p" color="gray" mt="1">
        Hi {firstName}
        {schoolName ? ` — ${schoolName}${schoolCity ? `, ${schoolCity}` : ""}` : ""}.
      </Text>
      <DashboardSection title="Your classes" isEmpty={courses.length === 0} empty="Add the courses you teach from the catalogue.">
        <CourseTiles courses={courses} />
      </DashboardSection>
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "Teacher home — Marketplace" }];
