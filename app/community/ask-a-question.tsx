import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField, TextAreaField } from "~/components/form-field";
import { QuestionFields, QuestionFormulas, QuestionThread, type QuestionView } from "~/community/question-thread";

/**
 * /dashboard?page=ask-a-question: ask an online course's instructor or the study buddies, and
 * read your questions with their answers (a follow-up opens one again).
 */
export function AskAQuestion({
  courses,
  questions,
  askResult,
  followUpResult,
}: {
  courses: { id: number; name: string; course_code: string }[];
  questions: (QuestionView & { href: string; course_code: string | null; activity_title: string | null })[];
  askResult: SubmissionResult<string[]> | null;
  followUpResult: { questionId: number; result: SubmissionResult<string[]> } | null;
}) {
  const errors = askResult?.error ?? null;
  return (
    <>
      <section aria-labelledby="ask-heading" style={{ marginTop: "var(--space-6)" }}>
        <h2 className="section-heading" id="ask-heading">
          New question
        </h2>
        <p className="muted">Ask the instructor of one of your online courses about it, or ask a Study Buddy about any subject. You will be notified of the answer.</p>
        <Form method="post" className="tutoring-form" id="ask-a-question" key={questions.length}>
          <CsrfInput />
          <input type="hidden" name="intent" value="ask" />
          <FormErrors errors={errors?.[""] ?? undefined} />
          <SelectField label="About" name="about" required defaultValue={courses[0] ? `course:${courses[0].id}` : "study_buddy"} errors={errors?.about ?? undefined}>
            {courses.map((course) => (
              <option key={course.id} value={`course:${course.id}`}>
                {course.course_code}: {course.name} (its instructor)
              </option>
            ))}
            <option value="study_buddy">Any subject (a Study Buddy)</option>
          </SelectField>
          <FormField label="Subject (for a Study Buddy question)" name="subject" maxLength={80} hint="For example: organic chemistry, essay writing" errors={errors?.subject ?? undefined} />
          <QuestionFields errors={errors} idPrefix="ask" />
          <div>
            <button type="submit" className="button">
              Send my question
            </button>
          </div>
        </Form>
      </section>
      <section aria-labelledby="my-questions-heading" style={{ marginTop: "var(--space-6)" }}>
        <h2 className="section-heading" id="my-questions-heading">
          Your questions
        </h2>
        <QuestionFormulas questions={questions} />
        {questions.length === 0 ? <p className="muted">You haven&apos;t asked a question yet.</p> : null}
        <ul className="question-list">
          {questions.map((question) => {
            const failed = followUpResult?.questionId === question.id ? followUpResult.result.error : null;
            return (
              <li key={question.id}>
                <p className="in-course__small muted">
                  {question.kind === "study_buddy" ? "Study Buddy" : question.course_code}
                  {question.activity_title ? (
                    <>
                      {" · "}
                      <Link to={question.href}>{question.activity_title}</Link>
                    </>
                  ) : null}
                </p>
                <QuestionThread question={question} />
                {question.status !== "closed" ? (
                  <details open={Boolean(failed)} key={question.replies.length}>
                    <summary>Add a follow-up</summary>
                    <Form method="post" className="tutoring-form">
                      <CsrfInput />
                      <input type="hidden" name="intent" value="follow-up" />
                      <input type="hidden" name="question_id" value={question.id} />
                      <FormErrors errors={failed?.[""] ?? undefined} />
                      <TextAreaField label="Follow-up" id={`follow-up-${question.id}`} name="body" required rows={3} maxLength={10_000} errors={failed?.body ?? undefined} />
                      <div>
                        <button type="submit" className="button button--outline">
                          Send follow-up
                        </button>
                      </div>
                    </Form>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
