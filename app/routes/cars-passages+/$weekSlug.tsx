import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { FormErrors } from "~/components/form-field";
import { notFound } from "~/errors/not-found.server";
import { formatDate } from "~/formatting/format";
import { carsWeeks, loadPracticeTest } from "~/practice-tests/attempts.server";
import { practiceTestSchema } from "~/practice-tests/forms";
import { PracticeTestBody } from "~/practice-tests/practice-test-views";
import { parseWeekSlug, weekStartOf } from "~/practice-tests/progress";
import { actOnPracticeTest, practiceTestView } from "~/practice-tests/test-view.server";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/cars-passages+/$weekSlug";

/**
 * The week's passage; a week to come (or with none) is not found. "this-week" is this week's, or
 * the latest one until this week's is published, so the links to it never lead nowhere.
 */
async function passageFor(weekSlug: string | undefined, now: Date) {
  const thisWeek = weekStartOf(now);
  const week = parseWeekSlug(weekSlug);
  const test =
    weekSlug === "this-week"
      ? await loadPracticeTest({ kind: "cars", latestBy: thisWeek })
      : week && week <= thisWeek && (await loadPracticeTest({ kind: "cars", weekStart: week }));
  if (!test) throw notFound("There is no CARS passage for that week.");
  return test;
}

/** /cars-passages/{weekSlug}: a week's MCAT CARS passage under a timer, its score and explanations, and the student's weeks. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const now = requestNow(request);
  const test = await passageFor(params.weekSlug, now);
  const userId = session?.user.id ?? null;
  const [view, weeks] = await Promise.all([practiceTestView(test, userId, now, new URL(request.url).searchParams.get("attempt")), carsWeeks(userId, weekStartOf(now))]);
  return { view, weeks, thisWeek: weekStartOf(now) };
}

/** POST: start the passage's clock, save or submit the answers. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const now = requestNow(request);
  const test = await passageFor(params.weekSlug, now);
  const submission = parseWithZod(await request.formData(), { schema: practiceTestSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await actOnPracticeTest(session.user.id, test, submission.value, now);
  if (outcome.kind === "refused") return data({ result: submission.reply({ formErrors: [outcome.message] }) }, { status: outcome.status });
  const back = `/cars-passages/${test.weekStart}`;
  throw outcome.message ? await redirectWithToast(back, { type: "success", message: outcome.message }, { status: 303 }) : redirect(back, 303);
}

export default function CarsPassagePage() {
  const { view, weeks, thisWeek } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const week = view.test.weekStart!;
  return (
    <div className="wrapper wrapper--medium page">
      <p>
        <Link to="/mcat">MCAT</Link>
      </p>
      <p className="muted">
        {week === thisWeek ? "This week's CARS passage" : "CARS passage"} · week of {formatDate(`${week}T12:00:00Z`, "MMMM d, yyyy")}
        {view.test.discipline ? ` · ${view.test.discipline}` : ""}
      </p>
      <h1 className="page-heading">{view.test.title}</h1>
      <p className="muted">One new Critical Analysis and Reasoning Skills passage every Monday, free: read it and answer its questions against the clock, as on test day.</p>
      <FormErrors errors={answer?.result.error?.[""] ?? undefined} />
      <PracticeTestBody view={view} noun="passage" signInHref={`/users/sign_in?redirect_to=${encodeURIComponent(`/cars-passages/${week}`)}`} />
      <section aria-labelledby="cars-weeks" style={{ marginTop: "var(--space-6)" }}>
        <h2 className="section-heading" id="cars-weeks">
          Every week&apos;s passage
        </h2>
        <ul className="tutoring-list">
          {weeks.map((entry) => (
            <li key={entry.weekStart} className="tutoring-row">
              <Link to={`/cars-passages/${entry.weekStart}`} aria-current={entry.weekStart === week ? "page" : undefined}>
                Week of {formatDate(`${entry.weekStart}T12:00:00Z`, "MMM d")}: {entry.title}
              </Link>
              <span className="muted">{entry.score ? `Your score: ${entry.score.correctCount} of ${entry.score.questionCount}` : view.signedIn ? "Not taken yet" : ""}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, {
    title: data ? `${data.view.test.title} — MCAT CARS passage` : "MCAT CARS passage",
    description: "A free weekly MCAT CARS passage with timed questions, your score and explanations.",
    path: data ? `/cars-passages/${data.view.test.weekStart}` : "/mcat",
  });
