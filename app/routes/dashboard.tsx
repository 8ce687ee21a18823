import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { requireSession } from "~/accounts/session.server";
import {
  CourseTiles,
  DashboardSection,
  OnlineCourseProgressList,
  UnavailableViewNotice,
} from "~/dashboards/dashboard-parts";
import { dashboardGreeting } from "~/dashboards/greeting";
import { unavailableDashboardView } from "~/dashboards/unbuilt-views";
import {
  dashboardTab,
  dashboardTabsFor,
  onlineCoursesForTab,
} from "~/dashboards/dashboard-tabs";
import { loadStudentDashboard } from "~/dashboards/dashboards.server";
import { requestNow } from "~/utils/clock.server";
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
    tab === "class-rep"
      ? null
      : loadStudentDashboard(user.id, requestNow(request)),
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
    onlineCourses: dashboard
      ? onlineCoursesForTab(tab, dashboard.onlineCourses)
      : [],
    classRep,
    flashCards: dashboard?.flashCards ?? null,
  };
}

export default function StudentDashboard() {
  const {
    greeting,
    firstName,
    courses,
    sessions,
    myStudySessions,
    tab,
    tabs,
    onlineCourses,
    classRep,
    unavailableView,
    flashCards,
  } = useLoaderData<typeof loader>();
  return (
    <div className="wrapper wrapper--wide page">
      <h1 className="page-heading">
        {greeting}, {firstName}
      </h1>
      <p className="muted" style={{ marginTop: "var(--space-1)" }}>
        Your courses and what's coming up. Study with{" "}
        <Link to="/flash-cards">flash cards</Link> or together in a{" "}
        <Link to="/study-rooms">study room</Link>.
      </p>
      {flashCards ? (
        <p
          data-testid="flash-cards-due"
          style={{ marginTop: "var(--space-2)" }}
        >
          {flashCards.due > 0 ? (
            <Link to="/flash-cards">
              {flashCards.due} flash {flashCards.due === 1 ? "card" : "cards"}{" "}
              due in {flashCards.decks}{" "}
              {flashCards.decks === 1 ? "deck" : "decks"}
            </Link>
          ) : (
            <span className="muted">No flash cards due right now.</span>
          )}
          {tab === "mcat" ? (
            <>
              {" · "}
              <Link to="/mcat-flash-cards">MCAT flash cards</Link>
              {" · "}
              <Link to="/cars-passages/this-week">This week&apos;s CARS passage</Link>
            </>
          ) : null}
          {tab === "lsat" ? (
            <>
              {" · "}
              <Link to="/lsat#lsat-practice-tests">LSAT practice tests</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <UnavailableViewNotice notice={unavailableView} />
      <nav aria-label="Dashboard tabs" style={{ marginTop: "var(--space-4)" }}>
        <ul
          className="dashboard-tabs"
          style={{
            display: "flex",
            gap: "var(--space-4)",
            listStyle: "none",
            padding: 0,
            margin: 0,
          }}
        >
          {tabs.map((item) => (
            <li key={item.key}>
              <Link
                to={`/dashboard?tab=${item.key}`}
                aria-current={item.key === tab ? "page" : undefined}
                style={{ fontWeight: item.key === tab ? 700 : undefined }}
              >
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
                {tab === "current"
                  ? "You are not enrolled in an online course yet."
                  : `You have no ${tab.toUpperCase()} online course yet.`}{" "}
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
                You haven't added any courses yet.{" "}
                <Link to="/courses">Find your courses</Link>.
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
                You have no live session coming up.{" "}
                <Link to="/study-sessions">See all your live sessions</Link>.
              </>
            }
          >
            <MySessionList sessions={myStudySessions} showGroup />
            <p style={{ margin: "var(--space-3) 0 0" }}>
              <Link to="/study-sessions">
                See all your live sessions and your calendar feed
              </Link>
            </p>
          </DashboardSection>
          <DashboardSection
            title="Upcoming live sessions for your courses"
            isEmpty={sessions.length === 0}
            empty="No live sessions scheduled for your courses yet."
          >
            <UpcomingSessionList sessions={sessions} />
          </DashboardSection>
        </>
      )}
      <Link
        to="/courses"
        className="button button--soft"
        style={{ marginTop: "var(--space-6)" }}
      >
        Browse all courses
      </Link>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Dashboard — Marketplace" }];
