import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor, type CurrentSession } from "~/accounts/session.server";
import { parseAnswers } from "~/assessments/engine";
import { FormErrors } from "~/components/form-field";
import { notFound } from "~/errors/not-found.server";
import { practiceAttemptSchema } from "~/practice-questions/forms";
import { opensSet } from "~/practice-questions/practice-set";
import { ExamQuestions, FinishedAttempt, PracticeQuestion } from "~/practice-questions/practice-set-views";
import { answerQuestion, attemptView, handIn, loadPracticeSet } from "~/practice-questions/sets.server";
import { clippedTitle, metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/practice-questions+/$id_.attempts.$attemptId";

/** The set and the attempt the address names: a 404 unless both exist and the attempt is the student's own. */
async function attemptFor(session: CurrentSession, params: { id?: string; attemptId?: string }, now: Date) {
  const id = parseRecordId(params.id);
  const attemptId = parseRecordId(params.attemptId);
  const set = id === null || attemptId === null ? null : await loadPracticeSet(viewerFor(session), id, now);
  if (!set || attemptId === null) throw notFound("There is no such attempt of yours.");
  return { set, attemptId };
}

/** /practice-questions/{id}/attempts/{attemptId}: one of the student's attempts, running (practice or exam mode) or finished and reviewed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const now = requestNow(request);
  const { set, attemptId } = await attemptFor(session, params, now);
  const checked = parseRecordId(new URL(request.url).searchParams.get("checked") ?? undefined);
  const attempt = await attemptView(session.user.id, set, attemptId, checked, now);
  if (!attempt) throw notFound("There is no such attempt of yours.");
  return { set: { id: set.id, title: set.title, course: set.course }, attempt };
}

/** POST: check an answer or finish (practice mode); save or hand in the answers (exam mode). */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const now = requestNow(request);
  const { set, attemptId } = await attemptFor(session, params, now);
  const submission = parseWithZod(await request.formData(), { schema: practiceAttemptSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const refuse = (status: number, message: string) => data({ result: submission.reply({ formErrors: [message] }) }, { status });
  if (!opensSet(set.access)) return refuse(403, "This set is no longer open to you: it comes with the course's Practice package or for tokens.");
  const here = `/practice-questions/${set.id}/attempts/${attemptId}`;
  const post = submission.value;
  const field = (name: string) => (typeof post[name as keyof typeof post] === "string" ? (post[name as keyof typeof post] as string) : null);
  if (post.intent === "check") {
    const question = set.questions.find((candidate) => candidate.id === post.question_id);
    if (!question) return refuse(404, "That question is not part of this set.");
    const parsed = parseAnswers([question], field);
    if (!parsed.ok) return refuse(400, parsed.message);
    const choice = parsed.answers.get(question.id);
    if (choice === null || choice === undefined) return refuse(400, "Choose an answer first.");
    const outcome = await answerQuestion({ userId: session.user.id, set, attemptId, questionId: question.id, choiceIndex: choice, now });
    if (outcome.kind === "refused") return refuse(outcome.status, outcome.message);
    if (outcome.kind === "checked" && outcome.finished) {
      throw await redirectWithToast(
        here,
        { type: "success", message: `${outcome.correct ? "Correct" : "Not quite"}: that was the last question. Your score and every answer explained are below.` },
        { status: 303 }
      );
    }
    throw redirect(`${here}?checked=${question.id}`, 303);
  }
  let posted = null;
  if (post.intent !== "finish") {
    const parsed = parseAnswers(set.questions, field);
    if (!parsed.ok) return refuse(400, parsed.message);
    posted = parsed.answers;
  }
  const outcome = await handIn({ userId: session.user.id, set, attemptId, posted, submit: post.intent !== "save", now });
  if (outcome.kind === "refused") return refuse(outcome.status, outcome.message);
  if (outcome.kind === "saved") throw await redirectWithToast(here, { type: "success", message: "Your answers are saved. The clock keeps running." }, { status: 303 });
  if (outcome.kind !== "finished") throw redirect(here, 303);
  const message =
    outcome.inTime || post.intent === "finish"
      ? `Finished: ${outcome.correctCount} of ${outcome.questionCount} right.`
      : "Time was up: the attempt was handed in with the answers saved before the deadline.";
  throw await redirectWithToast(here, { type: "success", message }, { status: 303 });
}

export default function PracticeAttemptPage() {
  const { set, attempt } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const setHref = `/practice-questions/${set.id}`;
  return (
    <div className="wrapper wrapper--medium page">
      <p>
        <Link to={setHref}>{set.title}</Link> · {set.course.name}
      </p>
      <h1 className="page-heading">{attempt.state === "finished" ? "Your results" : attempt.mode === "exam" ? "Exam mode" : "Practice mode"}</h1>
      <FormErrors errors={answer?.result.error?.[""] ?? undefined} />
      {attempt.state === "practice" ? <PracticeQuestion attempt={attempt} /> : attempt.state === "exam" ? <ExamQuestions attempt={attempt} /> : <FinishedAttempt attempt={attempt} setHref={setHref} />}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, {
    title: data ? clippedTitle(`${data.attempt.state === "finished" ? "Results" : data.attempt.mode === "exam" ? "Exam mode" : "Practice mode"}: ${data.set.title}`) : "Practice questions",
    description: "An attempt at a practice question set.",
    path: data ? `/practice-questions/${data.set.id}/attempts/${data.attempt.id}` : "/courses",
    noindex: true,
  });
