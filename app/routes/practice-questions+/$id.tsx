import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors } from "~/components/form-field";
import { HistoryTable } from "~/components/history-table";
import { notFound } from "~/errors/not-found.server";
import { formatDate } from "~/formatting/format";
import { lockExplanation } from "~/online-courses/access";
import { practiceSetSchema } from "~/practice-questions/forms";
import { examTimeLimitMinutes, setTopics, opensSet } from "~/practice-questions/practice-set";
import { TopicAccuracyTable } from "~/practice-questions/practice-set-views";
import { loadPracticeSet, setProgress, startAttempt, unlockWithTokens, type PracticeSet } from "~/practice-questions/sets.server";
import { clippedTitle, metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/practice-questions+/$id";

async function setFor(session: Parameters<typeof viewerFor>[0], idParam: string | undefined, now: Date): Promise<PracticeSet> {
  const id = parseRecordId(idParam);
  const set = id === null ? null : await loadPracticeSet(viewerFor(session), id, now);
  if (!set) throw notFound("There is no practice question set at this address.");
  return set;
}

/** /practice-questions/{id}: a course's practice set, how the student has it (package or tokens), its two modes, their attempts and accuracy per topic. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const now = requestNow(request);
  const set = await setFor(session, params.id, now);
  const progress = session && opensSet(set.access) ? await setProgress(session.user.id, set, now) : null;
  return {
    set: { id: set.id, title: set.title, chapterTitle: set.chapterTitle, course: set.course, inCourseHref: set.inCourseHref, questionCount: set.questions.length, price: set.price },
    topics: setTopics(set.questions),
    examMinutes: examTimeLimitMinutes(set.questions.length),
    access: set.access,
    progress,
  };
}

/** POST: buy the set with tokens, or start an attempt (practice or exam mode). */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const now = requestNow(request);
  const set = await setFor(session, params.id, now);
  const submission = parseWithZod(await request.formData(), { schema: practiceSetSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const here = `/practice-questions/${set.id}`;
  const refuse = (status: number, message: string) => data({ result: submission.reply({ formErrors: [message] }) }, { status });
  if (submission.value.intent === "unlock") {
    const { access } = set;
    if (access.kind === "included") return refuse(409, "This set is already included in your package: nothing to buy.");
    if (access.kind === "unlocked") throw await redirectWithToast(here, { type: "success", message: "This set is already yours." }, { status: 303 });
    if (access.kind !== "buy") return refuse(403, "This set cannot be bought yet: its course has not opened.");
    if (!access.affordable) return refuse(400, `This set costs ${access.price} tokens and you have ${access.balance}. Buy tokens first.`);
    const outcome = await unlockWithTokens(session.user.id, set);
    if (outcome.kind === "not-enough") return refuse(400, `This set costs ${set.price} tokens and your balance is lower. Buy tokens first.`);
    const message = outcome.kind === "already" ? "This set is already yours." : `Unlocked for ${set.price} tokens. You have ${outcome.balance} left.`;
    throw await redirectWithToast(here, { type: "success", message }, { status: 303 });
  }
  if (!opensSet(set.access)) return refuse(403, "Unlock this set first: it comes with the course's Practice package or for tokens.");
  if (set.questions.length === 0) return refuse(409, "This set has no questions yet.");
  const { attemptId, fresh } = await startAttempt(session.user.id, set, submission.value.mode, now);
  const attemptHref = `${here}/attempts/${attemptId}`;
  if (fresh)
    throw await redirectWithToast(
      attemptHref,
      { type: "success", message: submission.value.mode === "exam" ? "Exam mode: the clock is running." : "Practice mode: each answer is checked as you go." },
      { status: 303 }
    );
  throw await redirectWithToast(attemptHref, { type: "success", message: "You already have an attempt open: carry on with it." }, { status: 303 });
}

export default function PracticeSetPage() {
  const { set, topics, examMinutes, access, progress } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const here = `/practice-questions/${set.id}`;
  return (
    <div className="wrapper wrapper--medium page">
      <p>
        <Link to={set.inCourseHref}>{set.course.name}</Link> · {set.chapterTitle}
      </p>
      <h1 className="page-heading">{set.title}</h1>
      <p className="muted">
        {set.questionCount} practice questions
        {topics.length > 0 ? ` on ${topics.map((entry) => entry.topic).join(", ")}` : ""}.
      </p>
      <FormErrors errors={answer?.result.error?.[""] ?? undefined} />
      <section aria-labelledby="set-access" className="in-course__card" style={{ marginTop: "var(--space-4)" }}>
        <h2 className="section-heading" id="set-access">
          {access.kind === "included" ? "Included with your course" : access.kind === "unlocked" ? "Unlocked with tokens" : `Unlock for ${set.price} tokens`}
        </h2>
        {access.kind === "included" ? (
          <p>It comes with your access to the course: practise it as often as you like.</p>
        ) : access.kind === "unlocked" ? (
          <p>You bought it with tokens: it is yours to practise as often as you like.</p>
        ) : access.kind === "buy" ? (
          <>
            <p data-testid="set-balance">
              You have {access.balance} tokens. The set comes with the course&apos;s Practice package, or on its own for {access.price} tokens, yours to keep.
            </p>
            {access.affordable ? (
              <Form method="post">
                <CsrfInput />
                <input type="hidden" name="intent" value="unlock" />
                <button type="submit" className="button">
                  Unlock for {access.price} tokens
                </button>
              </Form>
            ) : (
              <p>
                <Link to="/tokens" className="button">
                  Buy tokens
                </Link>
              </p>
            )}
          </>
        ) : access.kind === "sign-in" ? (
          <p>
            It comes with the course&apos;s Practice package, or on its own for {access.price} tokens. <Link to={`/users/sign_in?redirect_to=${encodeURIComponent(here)}`}>Sign in</Link> to unlock it.
          </p>
        ) : (
          <p>{lockExplanation(access.reason, set.course.id).message}</p>
        )}
      </section>
      {progress ? (
        <>
          <section aria-labelledby="set-start" style={{ marginTop: "var(--space-5)" }}>
            <h2 className="section-heading" id="set-start">
              {progress.open ? "Your attempt is open" : "Practise"}
            </h2>
            {progress.open ? (
              <p>
                <Link to={`${here}/attempts/${progress.open.id}`} className="button">
                  Continue your {progress.open.mode === "exam" ? "exam" : "practice"}
                </Link>
              </p>
            ) : set.questionCount === 0 ? (
              <p className="muted">The questions of this set are on their way.</p>
            ) : (
              <div className="in-course__row">
                <Form method="post">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="start" />
                  <input type="hidden" name="mode" value="practice" />
                  <button type="submit" className="button">
                    Start practice mode
                  </button>
                  <p className="in-course__small muted">Each answer is checked as you give it, with its explanation.</p>
                </Form>
                <Form method="post">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="start" />
                  <input type="hidden" name="mode" value="exam" />
                  <button type="submit" className="button button--soft">
                    Start exam mode
                  </button>
                  <p className="in-course__small muted">{examMinutes} minutes on our clock; answers checked at the end.</p>
                </Form>
              </div>
            )}
          </section>
          {progress.accuracy.length > 0 ? (
            <section aria-labelledby="set-accuracy" style={{ marginTop: "var(--space-5)" }}>
              <h2 className="section-heading" id="set-accuracy">
                Your accuracy by topic
              </h2>
              <p className="muted">Over every answer you have given in this set, weakest first.</p>
              <TopicAccuracyTable accuracy={progress.accuracy} />
            </section>
          ) : null}
          {progress.history.length > 0 ? (
            <section aria-labelledby="set-history" style={{ marginTop: "var(--space-5)" }}>
              <h2 className="section-heading" id="set-history">
                Your attempts
              </h2>
              <HistoryTable
                columns={["Finished", "Mode", "Score"]}
                rows={progress.history.map((attempt) => ({
                  key: attempt.id,
                  cells: [
                    <Link key="link" to={`${here}/attempts/${attempt.id}`}>
                      {formatDate(attempt.finished_at!, "MMM d, yyyy 'at' h:mm a")}
                    </Link>,
                    attempt.mode === "exam" ? "Exam" : "Practice",
                    `${attempt.correct_count} of ${attempt.question_count}`,
                  ],
                }))}
              />
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, {
    title: data ? clippedTitle(data.set.title) : "Practice questions",
    fullTitle: data ? `${data.set.title} — ${data.set.course.name}` : undefined,
    description: "Practice questions with every answer explained, in practice or exam mode, and your accuracy by topic.",
    path: data ? `/practice-questions/${data.set.id}` : "/courses",
    noindex: true,
  });
