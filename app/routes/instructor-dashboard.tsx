import { Badge, Container, Flex, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { decideAccess, routeRule } from "~/accounts/policy/route-rules";
import { requireSession, viewerOf } from "~/accounts/session.server";
import { CourseTiles, DashboardSection, UnavailableViewNotice } from "~/dashboards/dashboard-parts";
import { unavailableInstructorView } from "~/dashboards/unbuilt-views";
import { loadInstructorDashboard } from "~/dashboards/dashboards.server";
import { formatPrice } from "~/formatting/price";
import { UpcomingSessionList } from "~/study-sessions/upcoming-session-list";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/instructor-dashboard");
  const { user } = await requireSession(request);
  const viewer = viewerOf(user);
  return {
    firstName: user.first_name || user.display_name || "there",
    unavailableView: unavailableInstructorView(new URL(request.url).searchParams),
    // Links to the course editor and question bank, for those the policy lets in.
    mayCreateCourses: decideAccess(viewer, routeRule("routes/online-courses+/new").access) === "allow",
    mayBrowseQuestions: decideAccess(viewer, routeRule("routes/online-course-activities+/questions").access) === "allow",
    mayRunSessions: decideAccess(viewer, routeRule("routes/study-sessions+/new").access) === "allow",
    maySignUpForShifts: decideAccess(viewer, routeRule("routes/work-shifts+/_index").access) === "allow",
    ...(await loadInstructorDashboard(user.id)),
  };
}

export default function InstructorDashboard() {
  const { firstName, onlineCourses, sessions, tutoredCourses, tutorProfile, mayCreateCourses, mayBrowseQuestions, mayRunSessions, maySignUpForShifts, unavailableView } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px="4" py="6">
      <Heading as="h1" size="7">
        Educator home
      </Heading>
      <Text as="p" color="gray" mt="1">
        Hi {firstName} — here is what you teach.
      </Text>
      <UnavailableViewNotice notice={unavailableView} />
      {tutorProfile ? (
        <Text as="p" mt="3">
          {tutorProfile.headline} · {formatPrice(tutorProfile.hourly_rate_cents, tutorProfile.currency)} per hour ·{" "}
          {tutorProfile.accepting_students ? "accepting students" : "not accepting students"}
        </Text>
      ) : null}
      <DashboardSection title="Your online courses" isEmpty={onlineCourses.length === 0} empty="You don't teach an online course yet.">
        <ul className="tile-list">
          {onlineCourses.map((course) => (
            <li key={course.id}>
              <article className="tile">
                <Link className="tile-title" to={`/online-courses/${course.id}/manager`}>
                  {course.name}
                </Link>
                <span className="tile-meta">{course.chapter_count} chapters</span>
                <span className="tile-tags">
                  <Badge>{course.status}</Badge>
                </span>
              </article>
            </li>
          ))}
        </ul>
      </DashboardSection>
      {mayCreateCourses || mayBrowseQuestions ? (
        <Flex gap="4" mt="2" asChild>
          <p>
            {mayCreateCourses ? <Link to="/online-courses/new">Create an online course</Link> : null}
            {mayBrowseQuestions ? <Link to="/online-course-activities/questions">Question bank</Link> : null}
          </p>
        </Flex>
      ) : null}
      <DashboardSection title="Your upcoming live sessions" isEmpty={sessions.length === 0} empty="No live sessions scheduled.">
        <UpcomingSessionList sessions={sessions} manage={mayRunSessions} />
      </DashboardSection>
      {mayRunSessions ? (
        <Text as="p" mt="2">
          <Link to="/study-sessions/new">Create a live session</Link>
        </Text>
      ) : null}
      {tutoredCourses.length > 0 || tutorProfile ? (
        <DashboardSection title="Courses you tutor" isEmpty={tutoredCourses.length === 0} empty="Add the courses you tutor to your profile.">
          <CourseTiles courses={tutoredCourses} />
          {tutorProfile ? (
            <p style={{ margin: "var(--space-3) 0 0" }}>
              <Link to="/my-tutoring">My tutoring</Link>: requests for your courses, your students and their sessions.
            </p>
          ) : null}
        </DashboardSection>
      ) : null}
      {maySignUpForShifts ? (
        <Text as="p" mt="4">
          <Link to="/work-shifts">Work shifts</Link>: sign up for upcoming shifts.
        </Text>
      ) : null}
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "Educator home — Marketplace" }];
