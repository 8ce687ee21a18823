import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { CommentThread } from "~/community/comment-thread";
import { completionByHand } from "~/online-courses/activity-types";
import { parseInCoursePath, PART_LABELS, type ChapterPart } from "~/online-courses/curriculum";
import { MockExamPanel } from "~/online-courses/mock-exam-views";
import { askAboutActivity, completeInCourse, courseDeckToEdit, inCoursePage, sitMockExam, submitInCourseQuiz, type SelectedActivity } from "~/online-courses/in-course-experience.server";
import { revalidateUnlessOffline } from "~/shell/offline-submission";
import { requestNow } from "~/utils/clock.server";
import { COURSE_FINISHED_MESSAGE, inCourseSchema } from "~/online-courses/in-course-forms";
import {
  ACTIVITY_TYPE_LABELS,
  ActivityLink,
  CompleteForm,
  CurriculumOutline,
  ErrorCallout,
  CourseDeck,
  LessonContent,
  LockedNotice,
  PracticeSetLink,
  PreviousNext,
  ProgressBar,
  QuizForm,
  QuizResult,
  SearchForm,
  minutes,
} from "~/online-courses/in-course-views";
import { useInAppLinks } from "~/components/in-app-links";
import { ActivityQuestions } from "~/community/question-thread";
import { redirectWithToast } from "~/toasts/toast.server";
import { notFound } from "~/errors/not-found.server";
import { ShareForm } from "~/shares/share-views";

const ROUTE = "routes/in-course-experience+/$idOrSlug.$";

/** /in-course-experience/{idOrSlug}[/intro|chapter/{n}|mock-exam/{n}[/checkpoint-quiz|additional-practice]|assessments/{id}|…] */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const view = parseInCoursePath(params["*"] ?? "");
  if (!view) throw notFound();
  const url = new URL(request.url);
  const outcome = await inCoursePage(viewerFor(session), params.idOrSlug ?? "", view, {
    resume: url.searchParams.get("resume") === "true",
    search: url.searchParams.get("q") ?? "",
    lesson: url.searchParams.get("activity"),
    now: requestNow(request),
  });
  if (outcome.kind === "not-found") throw notFound(outcome.message);
  if (outcome.kind === "resume") throw redirect(outcome.href);
  return outcome.page;
}

/** POST: complete an activity, submit a quiz, or ask the instructor about it (signed-in learners). */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: inCourseSchema });
  // A question's form shows its own errors, apart from the activity's other forms.
  const asking = submission.payload.intent === "ask-question";
  if (submission.status !== "success") return data(asking ? { askResult: submission.reply() } : { result: submission.reply() }, { status: 400 });
  const viewer = viewerFor(session);
  const idOrSlug = params.idOrSlug ?? "";
  if (submission.value.intent === "ask-question") {
    const { activity_id: activityId, title, body } = submission.value;
    const asked = await askAboutActivity(viewer, idOrSlug, { activityId, title, body, now: requestNow(request) });
    if (asked.kind === "no-course") throw notFound("Course not found");
    if (asked.kind === "refused") return data({ askResult: submission.reply({ formErrors: [asked.message] }) }, { status: asked.status });
    throw await redirectWithToast(asked.href, { type: "success", message: "Your question is with the instructor. You'll be notified of the answer." }, { status: 303 });
  }
  if (submission.value.intent === "edit-deck") {
    const deck = await courseDeckToEdit(viewer, idOrSlug, submission.value.activity_id);
    if (deck.kind === "refused") return data({ result: submission.reply({ formErrors: [deck.message] }) }, { status: deck.status });
    throw redirect(deck.href, 303);
  }
  if (submission.value.intent === "start-mock" || submission.value.intent === "save-mock" || submission.value.intent === "submit-mock") {
    const { intent, activity_id: activityId, ...answers } = submission.value;
    const sat = await sitMockExam(viewer, session.user.id, idOrSlug, { intent, activityId, durationSeconds: undefined, answers });
    if (sat.kind === "no-course") throw notFound("Course not found");
    if (sat.kind === "refused") return data({ result: submission.reply({ formErrors: [sat.message] }) }, { status: sat.status });
    throw sat.message ? await redirectWithToast(sat.href, { type: "success", message: sat.message }, { status: 303 }) : redirect(sat.href, 303);
  }
  const { intent, activity_id: activityId, duration_seconds: durationSeconds, ...answers } = submission.value;
  const outcome =
    intent === "complete"
      ? await completeInCourse(viewer, idOrSlug, { activityId, durationSeconds })
      : await submitInCourseQuiz(viewer, session.user.id, idOrSlug, { activityId, durationSeconds, answers });
  if (outcome.kind === "no-course") throw notFound("Course not found");
  if (outcome.kind === "refused") return data({ result: submission.reply({ formErrors: [outcome.message] }) }, { status: outcome.status });
  if (outcome.kind === "scored") return { quizResult: outcome.quizResult };
  if (outcome.nextHref) throw redirect(outcome.nextHref);
  // The last activity: back to the course's home, where a toast says the course is done.
  throw await redirectWithToast(outcome.base, { type: "success", message: COURSE_FINISHED_MESSAGE });
}

// Its comment and reaction forms may find the connection gone: then nothing is read again.
export const shouldRevalidate = revalidateUnlessOffline;

export default function InCourseExperience() {
  const page = useLoaderData<typeof loader>();
  const { course, base, tree, detail } = page;
  const followInApp = useInAppLinks();
  return (
    <div className="wrapper in-course" onClick={followInApp}>
      <p className="in-course__small muted">
        <Link to={`/online-courses/${course.id}`}>{course.course_code}</Link>
      </p>
      <h1 className="in-course__heading in-course__heading--7 in-course__mb-3">{course.name}</h1>
      <div className="in-course__grid">
        <aside aria-label="Course navigation" data-tour="course-navigation">
          {page.enrolled ? (
            <div className="in-course__mb-3" data-tour="course-progress">
              <ProgressBar percent={tree.percent} label="Course progress" />
              <Link to={`${base}?resume=true`} className="button in-course__mt-2">
                Resume where you left off
              </Link>
            </div>
          ) : null}
          <SearchForm base={base} query={page.search?.query ?? ""} />
          <div className="in-course__row in-course__my-3">
            <Link to={base}>Curriculum</Link>
            <Link to={`${base}/on-demand`}>On-demand</Link>
            <Link to={`${base}/grade-boosters`}>Grade boosters</Link>
            <Link to={`/online-courses/${course.id}/practice-mode`}>Practice mode</Link>
            <Link to={`/online-courses/${course.id}/forum`}>Forum</Link>
          </div>
          {detail.kind !== "tree" ? (
            <details>
              <summary>All chapters</summary>
              <CurriculumOutline outline={tree.outline} base={base} currentId={tree.currentId} />
            </details>
          ) : null}
        </aside>
        <div data-tour="course-content">
          {page.search ? <SearchResults search={page.search} base={base} /> : null}
          <DetailView />
        </div>
      </div>
    </div>
  );
}

function SearchResults({ search, base }: { search: { query: string; results: Parameters<typeof ActivityLink>[0]["activity"][] }; base: string }) {
  return (
    <section aria-label="Search results" className="in-course__card in-course__mb-4">
      <h2 className="in-course__heading in-course__heading--4 in-course__mb-2">
        {search.results.length === 0 ? `No lessons match “${search.query}”` : `${search.results.length} ${search.results.length === 1 ? "lesson matches" : "lessons match"} “${search.query}”`}
      </h2>
      <ul style={{ paddingLeft: "1rem", margin: 0 }}>
        {search.results.map((activity) => (
          <li key={activity.id}>
            <ActivityLink activity={activity} base={base} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function DetailView() {
  const page = useLoaderData<typeof loader>();
  const { detail, base, tree, course } = page;
  switch (detail.kind) {
    case "tree":
      return (
        <section aria-labelledby="curriculum-heading">
          <h2 className="in-course__heading in-course__heading--5 in-course__mb-3" id="curriculum-heading">
            Curriculum
          </h2>
          <p className="in-course__text muted in-course__mb-3">
            {tree.activityCount} activities in {tree.chapterCount} chapters
            {page.enrolled ? ` · ${tree.completedCount} completed · ${minutes(page.viewTimeSeconds)} studied` : ""}
          </p>
          <CurriculumOutline outline={tree.outline} base={base} currentId={tree.currentId} />
        </section>
      );
    case "list":
      return (
        <section aria-labelledby="list-heading">
          <h2 className="in-course__heading in-course__heading--5" id="list-heading">
            {detail.title}
          </h2>
          <p className="in-course__text muted in-course__mb-3">{detail.description}</p>
          {detail.activities.length === 0 ? (
            <p className="in-course__text">Nothing here yet.</p>
          ) : (
            <ul style={{ paddingLeft: "1rem" }}>
              {detail.activities.map((activity) => (
                <li key={activity.id}>
                  <ActivityLink activity={activity} base={base} />
                </li>
              ))}
            </ul>
          )}
        </section>
      );
    case "chapter":
      return (
        <section aria-labelledby="chapter-heading">
          <p className="in-course__small muted">{detail.chapter.label}</p>
          <h2 className="in-course__heading in-course__heading--6" id="chapter-heading">
            {detail.chapter.title}
          </h2>
          <nav aria-label="Parts of this chapter">
            <div className="in-course__row in-course__my-3">
              {(detail.parts as ChapterPart[]).map((part) => (
                <Link
                  key={part}
                  to={`${base}/${detail.chapter.path}${part === "core" ? "" : `/${part}`}`}
                  aria-current={part === detail.part ? "page" : undefined}
                  style={{ fontWeight: part === detail.part ? 700 : undefined }}
                >
                  {PART_LABELS[part]}
                </Link>
              ))}
            </div>
          </nav>
          <ul style={{ paddingLeft: "1rem" }}>
            {detail.activities.map((activity) => (
              <li key={activity.id}>
                <ActivityLink activity={activity} base={base} current={activity.id === detail.selected?.activity.id} />
              </li>
            ))}
          </ul>
          {detail.selected ? <ActivityPanel selected={detail.selected as SelectedActivity} courseId={course.id} /> : null}
        </section>
      );
    case "activity":
      return <ActivityPanel selected={detail.selected as SelectedActivity} courseId={course.id} />;
  }
}

function ActivityPanel({ selected, courseId }: { selected: SelectedActivity; courseId: number }) {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { activity, lock } = selected;
  // One form shows per activity ("Mark complete" or the quiz); a refusal may name a field the page keeps hidden, so every message shows above it.
  const [form] = useForm({
    id: `activity-${activity.id}`,
    lastResult: actionData && "result" in actionData ? (actionData.result as SubmissionResult<string[]>) : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inCourseSchema }),
    shouldValidate: "onSubmit",
  });
  const errors = Object.values(form.allErrors).flat();
  const quizResult = actionData && "quizResult" in actionData && actionData.quizResult.activityId === activity.id ? actionData.quizResult : null;
  // Activities that take answers are completed by submitting them, never by "Mark complete" (the server refuses it too).
  const isQuiz = !completionByHand(activity.type).allowed;
  return (
    <article aria-labelledby="activity-heading" className="in-course__card in-course__mt-4">
      <p className="in-course__small muted">
        {selected.chapterLabel} · {ACTIVITY_TYPE_LABELS[activity.type]} · {minutes(activity.durationSeconds)}
      </p>
      <h2 className="in-course__heading in-course__heading--5" id="activity-heading">
        {activity.title}{" "}
        {activity.completed ? (
          <span data-accent-color="indigo" className="badge">
            Completed
          </span>
        ) : null}
      </h2>
      {errors.length > 0 ? <ErrorCallout id={form.errorId}>{errors.join(" ")}</ErrorCallout> : null}
      {selected.practiceSet ? (
        <PracticeSetLink set={selected.practiceSet} lock={lock} />
      ) : lock ? (
        <div className="in-course__mt-3">
          <LockedNotice lock={lock} />
        </div>
      ) : (
        <>
          {activity.type === "video" || activity.type === "reading" ? <LessonContent activity={activity} content={selected.content} /> : null}
          {page.signedIn && (activity.type === "video" || activity.type === "reading") ? <ShareForm resourceType="online_course_activity" resourceId={activity.id} what="this lesson" /> : null}
          {selected.deck ? <CourseDeck activityId={activity.id} deck={selected.deck} /> : null}
          {selected.mock ? (
            <MockExamPanel
              activity={activity}
              mock={selected.mock}
              questions={selected.questions}
              signInHref={page.signedIn ? null : `/users/sign_in?redirect_to=${encodeURIComponent(`${page.base}/${activity.href}`)}`}
              formProps={getFormProps(form)}
            />
          ) : isQuiz ? (
            <div className="in-course__mt-3">
              {selected.lastAttempt && !quizResult ? (
                <p className="in-course__small muted in-course__mb-2">
                  Your last attempt: {selected.lastAttempt.correct_count} of {selected.lastAttempt.question_count}.
                </p>
              ) : null}
              {selected.questions.length === 0 ? (
                // Completed by answering, so with nothing to answer yet there is nothing to submit.
                <p className="in-course__text muted">The questions of this {ACTIVITY_TYPE_LABELS[activity.type].toLowerCase()} are on their way. Move on to the next activity for now.</p>
              ) : quizResult ? (
                <QuizResult result={quizResult} questions={selected.questions} />
              ) : page.signedIn ? (
                <QuizForm activity={activity} questions={selected.questions} formProps={getFormProps(form)} />
              ) : (
                <>
                  <p className="in-course__text in-course__mb-2">
                    {selected.questions.length} questions. <Link to={`/users/sign_in?redirect_to=${encodeURIComponent(`${page.base}/${activity.href}`)}`}>Sign in</Link> to take the quiz.
                  </p>
                </>
              )}
            </div>
          ) : (
            <CompleteForm activity={activity} enrolled={page.enrolled} signedIn={page.signedIn} courseId={courseId} formProps={getFormProps(form)} />
          )}
        </>
      )}
      {lock ? null : (
        <ActivityQuestions
          activityId={activity.id}
          questions={selected.askedQuestions.list}
          mayAsk={selected.askedQuestions.mayAsk}
          signInHref={page.signedIn ? null : `/users/sign_in?redirect_to=${encodeURIComponent(`${page.base}/${activity.href}`)}`}
          askResult={actionData && "askResult" in actionData ? (actionData.askResult as SubmissionResult<string[]>) : null}
        />
      )}
      <PreviousNext previous={selected.previous} next={selected.next} base={page.base} />
      {selected.community ? <CommentThread community={selected.community} headingLevel={3} /> : null}
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: `${data.course.name} — Marketplace` }, { name: "robots", content: "noindex" }] : [{ title: "Course not found — Marketplace" }];
