import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField, TextAreaField } from "~/components/form-field";
import { MAX_SURVEY_QUESTIONS } from "~/community/poll-limits";

/**
 * The staff's form that makes a poll or survey on a blog post or course page, posted to
 * /polls/new (which shows it again with the messages when something is wrong). Numbered rows,
 * no script: empty rows are left out.
 */
export function PollCreateForm({
  target,
  errors,
  sent,
  rows = 3,
}: {
  target: { blog_post_id: number } | { course: string };
  errors?: Record<string, string[] | null | undefined> | null;
  sent?: (name: string) => string | undefined;
  rows?: number;
}) {
  const err = (name: string) => errors?.[name] ?? undefined;
  const query = "blog_post_id" in target ? `blog_post_id=${target.blog_post_id}` : `course=${encodeURIComponent(target.course)}`;
  return (
    <Form method="post" action={`/polls/new?${query}`} className="tutoring-form" aria-label="Add a poll or survey">
      <CsrfInput />
      {"blog_post_id" in target ? <input type="hidden" name="blog_post_id" value={target.blog_post_id} /> : <input type="hidden" name="course" value={target.course} />}
      <FormErrors errors={err("") ?? undefined} />
      <SelectField label="Kind" id="poll-kind" name="kind" defaultValue={sent?.("kind") ?? "poll"} errors={err("kind")} hint="A poll: one question with options. A survey: a few questions, each with options or a short written answer.">
        <option value="poll">Poll</option>
        <option value="survey">Survey</option>
      </SelectField>
      <FormField label="Title" id="poll-title" name="title" required maxLength={200} defaultValue={sent?.("title")} errors={err("title")} />
      {Array.from({ length: Math.min(rows, MAX_SURVEY_QUESTIONS) }, (_, offset) => {
        const n = offset + 1;
        return (
          <fieldset key={n} style={{ border: 0, padding: 0 }}>
            <legend>Question {n}{n > 1 ? " (surveys; leave empty to skip)" : ""}</legend>
            <FormField label={`Question ${n}`} id={`poll-question-${n}`} name={`question_${n}`} maxLength={300} defaultValue={sent?.(`question_${n}`)} errors={err(`question_${n}`)} />
            <SelectField label={`Answer type ${n}`} id={`poll-kind-${n}`} name={`kind_${n}`} defaultValue={sent?.(`kind_${n}`) ?? "choice"}>
              <option value="choice">Choose one option</option>
              <option value="text">Short written answer</option>
            </SelectField>
            <TextAreaField label={`Options ${n}, one a line`} id={`poll-options-${n}`} name={`options_${n}`} rows={3} defaultValue={sent?.(`options_${n}`)} errors={err(`options_${n}`)} />
          </fieldset>
        );
      })}
      <div>
        <button type="submit" className="button button--outline">
          Add it
        </button>
      </div>
    </Form>
  );
}
