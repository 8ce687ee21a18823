import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, TextAreaField } from "~/components/form-field";
import { QUESTION_STATUSES, questionTopic } from "~/community/questions";
import { QuestionStatusBadge, QuestionThread, type QuestionView } from "~/community/question-thread";
import type { QuestionStatus } from "~/db/schema";
import { formatDate } from "~/formatting/format";

interface InboxRow {
  id: number;
  kind: "online_course" | "study_buddy";
  title: string;
  status: QuestionStatus;
  subject: string;
  course_code: string | null;
  activity_title: string | null;
  asker_name: string | null;
  updated_at: string | Date;
  reply_count: number | null;
}

type Selected = QuestionView & { mayBePublic: boolean; course_code: string | null; activity_title: string | null; subject: string; course_slug: string | null };

/**
 * /instructor-dashboard?page=oc_questions&status=&ocq_id=: the questions someone answers, by
 * status, and one opened to answer (for the asker, or for every student of the activity), close or reopen.
 */
export function QuestionInbox({
  status,
  counts,
  questions,
  page,
  hasMore,
  selected,
  result,
}: {
  status: QuestionStatus | "all";
  counts: Record<QuestionStatus, number>;
  questions: InboxRow[];
  page: number;
  hasMore: boolean;
  selected: Selected | null;
  result: SubmissionResult<string[]> | null;
}) {
  const href = (query: { status?: string; ocq_id?: number; p?: number }) => {
    const params = new URLSearchParams({ page: "oc_questions", status: query.status ?? status });
    if (query.p && query.p > 1) params.set("p", String(query.p));
    if (query.ocq_id) params.set("ocq_id", String(query.ocq_id));
    return `/instructor-dashboard?${params}`;
  };
  const total = counts.open + counts.answered + counts.closed;
  const errors = result?.error ?? null;
  return (
    <div className="question-inbox">
      <nav aria-label="Question status" className="in-course__row in-course__my-3">
        {[...QUESTION_STATUSES.map((item) => ({ value: item.value as string, label: `${item.label} (${counts[item.value]})` })), { value: "all", label: `All (${total})` }].map((item) => (
          <Link key={item.value} to={href({ status: item.value })} aria-current={item.value === status ? "page" : undefined} style={{ fontWeight: item.value === status ? 700 : undefined }}>
            {item.label}
          </Link>
        ))}
      </nav>
      {selected ? (
        <section aria-label="The question" className="in-course__card in-course__mb-4">
          <p className="in-course__small muted">{questionTopic(selected)}</p>
          <QuestionThread question={selected} headingLevel={2} />
          <FormErrors errors={errors?.[""] ?? undefined} />
          {selected.status !== "closed" ? (
            <Form method="post" className="tutoring-form" key={selected.replies.length}>
              <CsrfInput />
              <input type="hidden" name="intent" value="answer" />
              <input type="hidden" name="question_id" value={selected.id} />
              <TextAreaField
                label="Your answer"
                id="answer-body"
                name="body"
                required
                rows={6}
                maxLength={10_000}
                hint="Markdown: **bold**, *italic*, lists, links, formulas between dollar signs"
                errors={errors?.body ?? undefined}
              />
              {selected.mayBePublic ? (
                <label className="in-course__small">
                  <input type="checkbox" name="public" value="on" defaultChecked={selected.is_public} /> Show the question and answer under the activity to every student
                </label>
              ) : null}
              <div>
                <button type="submit" className="button">
                  Send answer
                </button>
              </div>
            </Form>
          ) : null}
          <div className="in-course__row in-course__mt-3">
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value={selected.status === "closed" ? "reopen" : "close"} />
              <input type="hidden" name="question_id" value={selected.id} />
              <button type="submit" className="button button--outline">
                {selected.status === "closed" ? "Reopen the question" : "Close the question"}
              </button>
            </Form>
            {selected.mayBePublic && selected.status !== "open" ? (
              <Form method="post">
                <CsrfInput />
                <input type="hidden" name="intent" value="publish" />
                <input type="hidden" name="question_id" value={selected.id} />
                <input type="hidden" name="public" value={selected.is_public ? "off" : "on"} />
                <button type="submit" className="button button--outline">
                  {selected.is_public ? "Show it to the asker only" : "Show it to every student"}
                </button>
              </Form>
            ) : null}
          </div>
        </section>
      ) : null}
      {questions.length === 0 ? (
        <p className="muted">{status === "all" ? "No questions yet." : `No ${status} questions.`}</p>
      ) : (
        <ul className="question-list" aria-label="Questions">
          {questions.map((question) => (
            <li key={question.id} className="question-list__row">
              <Link to={href({ ocq_id: question.id, p: page })} aria-current={selected?.id === question.id ? "true" : undefined}>
                {question.title}
              </Link>{" "}
              <QuestionStatusBadge status={question.status} />
              <p className="in-course__small muted">
                {questionTopic(question)} · {question.asker_name ?? "A former member"} · {formatDate(question.updated_at, "MMM d, yyyy")} ·{" "}
                {question.reply_count === 1 ? "1 reply" : `${question.reply_count ?? 0} replies`}
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="in-course__row">
        {page > 1 ? <Link to={href({ p: page - 1 })}>Newer questions</Link> : null}
        {hasMore ? <Link to={href({ p: page + 1 })}>Older questions</Link> : null}
      </p>
    </div>
  );
}
