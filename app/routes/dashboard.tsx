import { Button, Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { requireSession } from "~/accounts/session.server";
import { CourseTiles, DashboardSection, OnlineCourseProgressList, UnavailableViewNotice } from "~/dashboards/dashboard-parts";
import { dashboardGreeting } from "~/dashboards/greeting";
import { unavailableDashboardView } from "~/dashboards/unbuilt-views";
import { dashboardTab, dashboardTabsFor, onlineCoursesForTab } from "~/dashboards/dashboard-tabs";
import { loadStudentDashboard } from "~/dashboards/dashboards.server";
import { siteOrigin } from "~/utils/site-origin.server";
import { loadRepWorkspace } from "~/programs/rep-dashboard.server";
import { RepWorkspacePanel } from "~/programs/rep-workspace";
import { MySessionList } from "~/study-sessions/my-session-list";
import { UpcomingSessionList } from "~/study-sessions/upcoming-session-list";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/dashboard");
  const { user, authenticatedAt } = await requireSession(request);
  const params = new URL(request.url).searchParams;
  const tab = dashboardTab(params.get("tab"), user.roles);
  // The class-rep tab (the role menu's "Class Rep Dashboard") is the rep's workspace.
  const [dashboard, classRep] = await Promise.all([
    tab === "class-rep" ? null : loadStudentDashboard(user.id),
    tab === "class-rep" ? loadRepWorkspace(user, siteOrigin(request)) : null,
  ]);
  return {
    greeting: dashboardGreeting(user.created_at, authenticatedAt),
    firstName: user.first_name || user.display_name || "there",
    tab,
    tabs: dashboardTabsFor(user.roles),
    unavailableView: unavailableDashboardView(params),
    courses: dashboard?.courses ?? [],
    sessions: dashboard?.sessions ?? [],
    myStudySessions: dashboard?.myStudySessions ?? [],
    onlineCourses: dashboard ? onlineCoursesForTab(tab, dashboard.onlineCourses) : [],
    classRep,
  };
}

export default function StudentDashboard() {
  const { greeting, firstName, courses, sessions, myStudySessions, tab, tabs, onlineCourses, classRep, unavailableView } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px="4" py="6">
      <Heading as="h1" size="7">
        {greeting}, {firstName}
      </Heading>
      <Text as="p" color="gray" mt="1">
        Your courses and what's coming up.
      </Text>
      <UnavailableViewNotice notice={unavailableView} />
      <nav aria-label="Dashboard tabs" style={{ marginTop: "var(--space-4)" }}>
        <ul className="dashboard-tabs" style={{ display: "flex", gap: "var(--space-4)", listStyle: "none", padding: 0, margin: 0 }}>
          {tabs.map((item) => (
            <li key={item.key}>
              <Link to={`/dashboard?tab=${item.key}`} aria-current={item.key === tab ? "page" : undefined} style={{ fontWeight: item.key === tab ? 700 : undefined }}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {classRep ? (
        <div style={{ marginTop: "var(--space-6)" }}>
          <RepWorkspacePanel workspace={classRep} />
        </div>
      ) : (
        <>
          <DashboardSection
            title="Your online courses"
            isEmpty={onlineCourses.length === 0}
            empty={
              <>
                {tab === "current" ? "You are not enrolled in an online course yet." : `You have no ${tab.toUpperCase()} online course yet.`}{" "}
                <Link to="/courses">Find one</Link>.
              </>
            }
          >
            <OnlineCourseProgressList courses={onlineCourses} />
          </DashboardSection>
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
          <DashboardSection
            title="Your live sessions"
            isEmpty={myStudySessions.length === 0}
            empty={
              <>
                You have no live session coming up. <Link to="/study-sessions">See all your live sessions</Link>.
              </>
            }
          >
            <MySessionList sessions={myStudySessions} showGroup />
            <Text as="p" mt="3">
              <Link to="/study-sessions">See all your live sessions and your calendar feed</Link>
            </Text>
          </DashboardSection>
          <DashboardSection title="Upcoming live sessions for your courses" isEmpty={sessions.length === 0} empty="No live sessions scheduled for your courses yet.">
            <UpcomingSessionList sessions={sessions} />
          </DashboardSection>
        </>
      )}
      <Button asChild variant="soft" mt="6">
        <Link to="/courses">Browse all courses</Link>
      </Button>
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "Dashboard — Marketplace" }];
