import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, TextAreaField } from "~/components/form-field";
import { QUESTION_BODY_MAX } from "~/community/question-forms";
import { QUESTION_STATUSES } from "~/community/questions";
import { FormulaStylesheet } from "~/content/formula-stylesheet";
import { formatDate } from "~/formatting/format";

/** A question and its thread as students and answerers read them: shared by the activity page, the dashboard and the inbox. */
export interface QuestionView {
  id: number;
  kind: "online_course" | "study_buddy";
  title: string;
  html: string;
  status: "open" | "answered" | "closed";
  is_public: boolean;
  created_at: string | Date;
  asker_name?: string | null;
  /** Its text or a reply has a typeset formula: the page needs KaTeX's stylesheet. */
  hasFormula: boolean;
  replies: { id: number; html: string; from_staff: boolean; author_name: string | null; created_at: string | Date }[];
}

const STATUS_LABEL = Object.fromEntries(QUESTION_STATUSES.map((status) => [status.value, status.label]));
const WHEN = "MMM d, yyyy 'at' h:mm a";

/** KaTeX's stylesheet, once, when any of these questions shows a formula. */
export function QuestionFormulas({ questions }: { questions: readonly { hasFormula: boolean }[] }) {
  return questions.some((question) => question.hasFormula) ? <FormulaStylesheet /> : null;
}

export function QuestionStatusBadge({ status }: { status: QuestionView["status"] }) {
  return (
    <span className="badge" data-accent-color={status === "open" ? "amber" : status === "answered" ? "green" : "gray"} data-testid="question-status">
      {STATUS_LABEL[status]}
    </span>
  );
}

/** The question, then its replies oldest first; whoever answers is marked as such. */
export function QuestionThread({ question, headingLevel = 3 }: { question: QuestionView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const answerer = question.kind === "study_buddy" ? "Study Buddy" : "Instructor";
  return (
    <article className="question" id={`question-${question.id}`} aria-labelledby={`question-${question.id}-title`}>
      <Heading className="question__title" id={`question-${question.id}-title`}>
        {question.title} <QuestionStatusBadge status={question.status} />
      </Heading>
      <p className="muted in-course__small">
        {question.asker_name ? `${question.asker_name} · ` : ""}
        {formatDate(question.created_at, WHEN)}
        {question.is_public ? " · shown to every student of the activity" : ""}
      </p>
      <div className="forum__body" dangerouslySetInnerHTML={{ __html: question.html }} />
      {question.replies.length > 0 ? (
        <ol className="question__replies">
          {question.replies.map((reply) => (
            <li key={reply.id} className={reply.from_staff ? "question__reply question__reply--staff" : "question__reply"}>
              <p className="muted in-course__small">
                {reply.author_name ?? "A former member"}
                {reply.from_staff ? ` (${answerer})` : ""} · {formatDate(reply.created_at, WHEN)}
              </p>
              <div className="forum__body" dangerouslySetInnerHTML={{ __html: reply.html }} />
            </li>
          ))}
        </ol>
      ) : null}
    </article>
  );
}

/** The title and question fields every ask form has. */
export function QuestionFields({ errors, idPrefix }: { errors?: Record<string, string[] | null> | null; idPrefix: string }) {
  return (
    <>
      <FormField label="Your question in a line" id={`${idPrefix}-title`} name="title" required minLength={3} maxLength={200} errors={errors?.title ?? undefined} />
      <TextAreaField
        label="Details"
        id={`${idPrefix}-body`}
        name="body"
        required
        rows={5}
        maxLength={QUESTION_BODY_MAX}
        hint="Markdown: **bold**, *italic*, lists, links, formulas between dollar signs"
        errors={errors?.body ?? undefined}
      />
    </>
  );
}

/**
 * Under an activity: the answered questions the instructor made public and the viewer's own, and
 * a form to ask the instructor (open when it came back with errors).
 */
export function ActivityQuestions({
  activityId,
  questions,
  mayAsk,
  signInHref,
  askResult,
}: {
  activityId: number;
  questions: (QuestionView & { mine: boolean })[];
  mayAsk: boolean;
  signInHref: string | null;
  askResult: SubmissionResult<string[]> | null;
}) {
  const errors = askResult?.error ?? null;
  return (
    <section aria-labelledby={`questions-${activityId}`} className="in-course__mt-4">
      <h3 className="in-course__heading in-course__heading--4" id={`questions-${activityId}`}>
        Questions about this activity
      </h3>
      <QuestionFormulas questions={questions} />
      {questions.length === 0 ? <p className="in-course__small muted">No answered questions yet.</p> : null}
      <ul className="question-list">
        {questions.map((question) => (
          <li key={question.id}>
            <QuestionThread question={question} headingLevel={3} />
            {question.mine && !question.is_public ? <p className="in-course__small muted">Only you and the instructor see this question.</p> : null}
          </li>
        ))}
      </ul>
      {mayAsk ? (
        // A new question of theirs closes the form and empties it.
        <details className="question-ask" open={errors !== null} key={questions.length}>
          <summary>Ask the instructor a question</summary>
          <Form method="post" className="tutoring-form" id={`ask-${activityId}`}>
            <CsrfInput />
            <input type="hidden" name="intent" value="ask-question" />
            <input type="hidden" name="activity_id" value={activityId} />
            <FormErrors errors={errors?.[""] ?? undefined} />
            <QuestionFields errors={errors} idPrefix={`ask-${activityId}`} />
            <div>
              <button type="submit" className="button">
                Send to the instructor
              </button>
            </div>
          </Form>
        </details>
      ) : signInHref ? (
        <p className="in-course__small">
          <Link to={signInHref}>Sign in</Link> to ask the instructor a question.
        </p>
      ) : null}
    </section>
  );
}
