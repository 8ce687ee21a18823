import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { requireSession, viewerOf } from "~/accounts/session.server";
import { JoinClassPanel } from "~/classes/join-class-form";
import { AskAQuestion } from "~/community/ask-a-question";
import { dashboardQuestionSchema, questionTarget } from "~/community/question-forms";
import { askableCourses, askFromDashboard, followUp, myQuestions } from "~/community/questions.server";
import { redirectWithToast } from "~/toasts/toast.server";
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
import { studySheetsOf, type StudySheet } from "~/dashboards/study-sheets.server";
import { printableCoursesOf } from "~/online-courses/printable-access.server";
import { onboardingHref } from "~/accounts/onboarding";
import { MISSING_ITEM_LABELS, missingProfileItems } from "~/accounts/profile-completeness";
import { statsTiles } from "~/study-stats/tiles";
import { StatsTiles, StudyTimeByWeek } from "~/study-stats/study-stats-view";
import { requestNow } from "~/utils/clock.server";
import { siteOrigin } from "~/utils/site-origin.server";
import { loadRepWorkspace } from "~/programs/rep-dashboard.server";
import { RepWorkspacePanel } from "~/programs/rep-workspace";
import { classRepCoursesOf } from "~/programs/class-reps/class-reps.server";
import { RepCoursesPanel } from "~/programs/class-reps/rep-courses-panel";
import { MySessionList } from "~/study-sessions/my-session-list";
import { UpcomingSessionList } from "~/study-sessions/upcoming-session-list";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/dashboard");
  const { user, authenticatedAt } = await requireSession(request);
  const params = new URL(request.url).searchParams;
  const tab = dashboardTab(params.get("tab"), user.roles);
  if (params.get("page") === "ask-a-question") {
    const [courses, questions] = await Promise.all([askableCourses(user.id), myQuestions(user.id)]);
    return { view: "ask-a-question" as const, courses, questions };
  }
  if (params.get("view_sheets") === "true") {
    const now = requestNow(request);
    const [sheets, summaries] = await Promise.all([studySheetsOf(user.id, now), printableCoursesOf({ ...viewerOf(user), id: user.id }, now)]);
    return { view: "sheets" as const, sheets, summaries };
  }
  // The class-rep tab (the role menu's "Class Rep Dashboard") is the rep's workspace.
  const [dashboard, classRep, repCourses] = await Promise.all([
    tab === "class-rep"
      ? null
      : loadStudentDashboard(user.id, requestNow(request)),
    tab === "class-rep" ? loadRepWorkspace(user, siteOrigin(request)) : null,
    tab === "class-rep" ? classRepCoursesOf(user.id) : [],
  ]);
  // SPEC §5: until the profile is complete, the dashboard offers onboarding again (a notice, never a redirect).
  const missing = dashboard
    ? missingProfileItems({ roles: user.roles, school_id: user.school_id, school_type: dashboard.schoolType, year: user.year, faculty: user.faculty, degree: user.degree, tutoredCourseCount: dashboard.tutoredCourseCount })
    : [];
  return {
    view: "dashboard" as const,
    profileMissing: missing.map((item) => MISSING_ITEM_LABELS[item]),
    tiles: dashboard ? statsTiles(dashboard.tiles) : [],
    studyTimeByWeek: dashboard?.studyTimeByWeek ?? [],
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
    repCourses,
    flashCards: dashboard?.flashCards ?? null,
  };
}

/** POST /dashboard?page=ask-a-question: ask a question, or follow up on one of yours. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, "routes/dashboard");
  const submission = parseWithZod(await request.formData(), { schema: dashboardQuestionSchema });
  const questionId = Number(submission.payload.question_id);
  const answer = (result: SubmissionResult<string[]>, status: number) =>
    data(submission.payload.intent === "follow-up" ? { followUp: { questionId, result } } : { ask: result }, { status });
  if (submission.status !== "success") return answer(submission.reply(), 400);
  const here = "/dashboard?page=ask-a-question";
  const now = requestNow(request);
  const input = submission.value;
  if (input.intent === "ask") {
    const asked = await askFromDashboard({ askerId: session!.user.id, target: questionTarget(input.about), subject: input.subject, title: input.title, body: input.body, now });
    if (!asked.ok) return answer(submission.reply({ formErrors: [asked.message] }), asked.status);
    return redirectWithToast(`${here}#question-${asked.id}`, { type: "success", message: "Your question is sent. You'll be notified of the answer." }, { status: 303 });
  }
  const followed = await followUp({ questionId: input.question_id, askerId: session!.user.id, body: input.body, now });
  if (!followed.ok) return answer(submission.reply({ formErrors: [followed.message] }), followed.status);
  return redirectWithToast(`${here}#question-${input.question_id}`, { type: "success", message: followed.message }, { status: 303 });
}

export default function Dashboard() {
  const page = useLoaderData<typeof loader>();
  if (page.view === "ask-a-question") return <AskAQuestionPage courses={page.courses} questions={page.questions} />;
  if (page.view === "sheets") return <StudySheetsPage sheets={page.sheets} summaries={page.summaries} />;
  return <StudentDashboard />;
}

/** ?view_sheets=true: the study sheets the student can open: live sessions' booklets and solutions, and their online courses on paper. */
function StudySheetsPage({ sheets, summaries }: { sheets: StudySheet[]; summaries: { id: number; name: string; href: string }[] }) {
  return (
    <div className="wrapper wrapper--medium page">
      <p className="in-course__small">
        <Link to="/dashboard">Dashboard</Link>
      </p>
      <h1 className="page-heading">Your study sheets</h1>
      <section aria-labelledby="session-sheets-heading">
        <h2 id="session-sheets-heading" className="section-heading">
          Live sessions' booklets and solutions
        </h2>
        {sheets.length === 0 ? (
          <p className="muted">
            None yet. The booklets and solutions of the live sessions you join appear here. <Link to="/live-prep">Find a live session</Link>.
          </p>
        ) : (
          <ul data-testid="study-sheets">
            {sheets.map((sheet) => (
              <li key={sheet.id}>
                <a href={sheet.href}>{sheet.name}</a> — {sheet.kind === "booklet" ? "booklet" : "solutions"} of <Link to={`/study-sessions/${sheet.sessionId}`}>{sheet.sessionTitle}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="course-summaries-heading">
        <h2 id="course-summaries-heading" className="section-heading">
          Your online courses on paper
        </h2>
        {summaries.length === 0 ? (
          <p className="muted">
            None yet. Each online course you take gets a printable summary: its readings, flash cards and quiz questions. <Link to="/courses">Browse courses</Link>.
          </p>
        ) : (
          <ul data-testid="course-summaries">
            {summaries.map((summary) => (
              <li key={summary.id}>
                <Link to={summary.href}>{summary.name}</Link> — printable summary (readings, flash cards and quiz questions, without the answers)
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function AskAQuestionPage(props: Pick<Parameters<typeof AskAQuestion>[0], "courses" | "questions">) {
  const answer = useActionData<typeof action>();
  return (
    <div className="wrapper wrapper--medium page">
      <p className="in-course__small">
        <Link to="/dashboard">Dashboard</Link>
      </p>
      <h1 className="page-heading">Ask a question</h1>
      <AskAQuestion
        {...props}
        askResult={answer && "ask" in answer ? (answer.ask as SubmissionResult<string[]>) : null}
        followUpResult={answer && "followUp" in answer ? (answer.followUp as { questionId: number; result: SubmissionResult<string[]> }) : null}
      />
    </div>
  );
}

function StudentDashboard() {
  const page = useLoaderData<typeof loader>();
  if (page.view !== "dashboard") return null;
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
    repCourses,
    unavailableView,
    flashCards,
    profileMissing,
    tiles,
    studyTimeByWeek,
  } = page;
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
      {profileMissing.length > 0 ? (
        <p role="status" data-testid="onboarding-notice" className="notice" style={{ marginTop: "var(--space-3)" }}>
          Your profile is missing {profileMissing.join(", ")}. <Link to={onboardingHref("/dashboard")}>Finish setting up your profile</Link>
        </p>
      ) : null}
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
          <RepCoursesPanel courses={repCourses} />
          <RepWorkspacePanel workspace={classRep} />
        </div>
      ) : (
        <>
          {tiles.length > 0 ? <StatsTiles tiles={tiles} /> : null}
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
          <JoinClassPanel />
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
          {studyTimeByWeek.length > 0 ? <StudyTimeByWeek weeks={studyTimeByWeek} /> : null}
          <p style={{ marginTop: "var(--space-4)" }}>
            <Link to="/dashboard?view_sheets=true">Your study sheets</Link>
          </p>
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

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.view === "ask-a-question" ? "Ask a question — Marketplace" : data?.view === "sheets" ? "Study sheets — Marketplace" : "Dashboard — Marketplace" },
];
