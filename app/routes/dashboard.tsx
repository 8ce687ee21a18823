import { Button, Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { requireSession } from "~/accounts/session.server";
import { CourseTiles, DashboardSection } from "~/dashboards/dashboard-parts";
import { loadStudentDashboard } from "~/dashboards/dashboards.server";
import { UpcomingSessionList } from "~/study-sessions/upcoming-session-list";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/dashboard");
  const { user } = await requireSession(request);
  return { firstName: user.first_name || user.display_name || "there", ...(await loadStudentDashboard(user.id)) };
}

export default function StudentDashboard() {
  const { firstName, courses, sessions } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px="4" py="6">
      <Heading as="h1" size="7">
        Welcome back, {firstName}
      </Heading>
      <Text as="p" color="gray" mt="1">
        Your courses and what's coming up.
      </Text>
      <DashboardSection
        title="Your courses"
        isEmpty={courses.length === 0}
        empty={
          <>
            You haven't added any courses yet. <Link to="/courses">Find your courses</Link>.
          </>
        }
      >
        <CourseTiles courses={courses} />
      </DashboardSection>
      <DashboardSection title="Upcoming live sessions for your courses" isEmpty={sessions.length === 0} empty="No live sessions scheduled for your courses yet.">
        <UpcomingSessionList sessions={sessions} />
      </DashboardSection>
      <Button asChild variant="soft" mt="6">
        <Link to="/courses">Browse all courses</Link>
      </Button>
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "Dashboard — Marketplace" }];
