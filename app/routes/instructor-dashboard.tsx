import { Badge, Container, Flex, Heading, Text } from "@radix-ui/themes";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { answersQuestions, questionInboxScope } from "~/accounts/policy/permissions";
import { decideAccess, routeRule } from "~/accounts/policy/route-rules";
import { requireSession, viewerFor, viewerOf } from "~/accounts/session.server";
import { inboxPath, answerQuestion, questionCounts, questionForAnswerer, questionInbox, setQuestionState } from "~/community/questions.server";
import { inboxQuery, questionInboxSchema } from "~/community/question-forms";
import { questionStatusFilter } from "~/community/questions";
import { QuestionInbox } from "~/community/question-inbox";
import { QuestionFormulas } from "~/community/question-thread";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";
import { CourseTiles, DashboardSection, UnavailableViewNotice } from "~/dashboards/dashboard-parts";
import { unavailableInstructorView } from "~/dashboards/unbuilt-views";
import { loadInstructorDashboard } from "~/dashboards/dashboards.server";
import { formatPrice } from "~/formatting/price";
import { UpcomingSessionList } from "~/study-sessions/upcoming-session-list";

const ROUTE = "routes/instructor-dashboard";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const { user } = await requireSession(request);
  const viewer = viewerOf(user);
  const params = new URL(request.url).searchParams;
  const scope = questionInboxScope(viewer);
  if (params.get("page") === "oc_questions" && answersQuestions(scope)) {
    const status = questionStatusFilter(params.get("status"));
    const { page, questionId } = inboxQuery(params);
    const [inbox, selected] = await Promise.all([questionInbox(scope, { status, page }), questionId === null ? undefined : questionForAnswerer(scope, questionId)]);
    return { view: "oc_questions" as const, status, page, ...inbox, selected: selected ?? null, missing: questionId !== null && !selected };
  }
  return {
    view: "home" as const,
    openQuestions: answersQuestions(scope) ? (await questionCounts(scope)).open : null,
    firstName: user.first_name || user.display_name || "there",
    unavailableView: unavailableInstructorView(new URL(request.url).searchParams),
    // Links to the course editor and question bank, for those the policy lets in.
    mayCreateCourses: decideAccess(viewer, routeRule("routes/online-courses+/new").access) === "allow",
    mayBrowseQuestions: decideAccess(viewer, routeRule("routes/online-course-activities+/questions").access) === "allow",
    mayRunSessions: decideAccess(viewer, routeRule("routes/study-sessions+/new").access) === "allow",
    maySignUpForShifts: decideAccess(viewer, routeRule("routes/work-shifts+/_index").access) === "allow",
    isTutor: user.roles.includes("tutor"),
    ...(await loadInstructorDashboard(user.id)),
  };
}

/** POST /instructor-dashboard?page=oc_questions&ocq_id=: answer, close, reopen, or show a question to every student. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: questionInboxSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const scope = questionInboxScope(viewerFor(session));
  const input = submission.value;
  const now = requestNow(request);
  const changed =
    input.intent === "answer"
      ? await answerQuestion(scope, { questionId: input.question_id, authorId: session!.user.id, body: input.body, makePublic: input.public === "on", now })
      : await setQuestionState(scope, { questionId: input.question_id, change: input.intent === "publish" ? (input.public === "on" ? "publish" : "unpublish") : input.intent, now });
  if (!changed.ok) return data({ result: submission.reply({ formErrors: [changed.message] }) }, { status: changed.status });
  return redirectWithToast(inboxPath(input.question_id), { type: "success", message: changed.message }, { status: 303 });
}

export default function InstructorDashboard() {
  const page = useLoaderData<typeof loader>();
  return page.view === "oc_questions" ? <QuestionsPage /> : <EducatorHome />;
}

function QuestionsPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (page.view !== "oc_questions") return null;
  return (
    <Container size="3" px="4" py="6">
      {page.selected ? <QuestionFormulas questions={[page.selected]} /> : null}
      <Text as="p" size="2">
        <Link to="/instructor-dashboard">Educator home</Link>
      </Text>
      <Heading as="h1" size="7">
        Students&apos; questions
      </Heading>
      {page.missing ? (
        <Text as="p" color="red" role="alert" mt="2">
          That question is not one you answer.
        </Text>
      ) : null}
      <QuestionInbox
        status={page.status}
        counts={page.counts}
        questions={page.questions}
        page={page.page}
        hasMore={page.hasMore}
        selected={page.selected}
        result={answer ? (answer.result as SubmissionResult<string[]>) : null}
      />
    </Container>
  );
}

function EducatorHome() {
  const page = useLoaderData<typeof loader>();
  if (page.view !== "home") return null;
  const { openQuestions, firstName, onlineCourses, sessions, tutoredCourses, tutorProfile, mayCreateCourses, mayBrowseQuestions, mayRunSessions, maySignUpForShifts, unavailableView, isTutor } = page;
  return (
    <Container size="4" px="4" py="6">
      <Heading as="h1" size="7">
        Educator home
      </Heading>
      <Text as="p" color="gray" mt="1">
        Hi {firstName} — here is what you teach.
      </Text>
      <UnavailableViewNotice notice={unavailableView} />
      {openQuestions !== null ? (
        <Text as="p" mt="3">
          <Link to="/instructor-dashboard?page=oc_questions">{openQuestions === 1 ? "1 open question" : `${openQuestions} open questions`} from students</Link>
        </Text>
      ) : null}
      {tutorProfile ? (
        <Text as="p" mt="3">
          {tutorProfile.headline} · {formatPrice(tutorProfile.hourly_rate_cents, tutorProfile.currency)} per hour · {tutorProfile.accepting_students ? "accepting students" : "not accepting students"}
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
                <span className="tile-meta">
                  {course.chapter_count} chapters · {course.enrolment_count === 1 ? "1 student" : `${course.enrolment_count ?? 0} students`} ·{" "}
                  {(course.revenue_cents ?? 0) > 0 ? formatPrice(course.revenue_cents ?? 0, course.currency) : "no sales yet"}
                </span>
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
      {tutoredCourses.length > 0 || tutorProfile || isTutor ? (
        <DashboardSection
          title="Courses you tutor"
          isEmpty={tutoredCourses.length === 0}
          empty={
            <>
              Students find you by the courses you tutor. <Link to="/onboarding?redirect_to=%2Finstructor-dashboard">Add the courses you tutor</Link>.
            </>
          }
        >
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

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.view === "oc_questions" ? "Students' questions — Marketplace" : "Educator home — Marketplace" }];
