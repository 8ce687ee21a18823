import type { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { SittingControls } from "~/assessments/sitting-controls";
import { CsrfInput } from "~/components/csrf-input";
import type { TreeActivity } from "~/online-courses/curriculum";
import type { MockExamView } from "~/online-courses/in-course-experience.server";

type FormProps = ReturnType<typeof getFormProps>;

/**
 * A mock exam on the in-course page: start it, sit it against the server's clock (the page counts
 * down and submits at zero with JavaScript; without it the server ends the sitting on time), and
 * the scored review. Every step is a plain form.
 */
export function MockExamPanel({
  activity,
  mock,
  questions,
  signInHref,
  formProps,
}: {
  activity: TreeActivity;
  mock: MockExamView;
  questions: { id: number; prompt: string; choices: string[] }[];
  signInHref: string | null;
  formProps?: FormProps;
}) {
  const facts = `${mock.questionCount} ${mock.questionCount === 1 ? "question" : "questions"} · ${mock.timeLimitMinutes} minutes.`;
  if (mock.questionCount === 0) {
    return (
      <p className="in-course__text muted in-course__mt-3">The questions of this mock exam are on their way. Move on to the next activity for now.</p>
    );
  }
  if (mock.state === "in-progress") return <Sitting activity={activity} mock={mock} questions={questions} formProps={formProps} />;
  return (
    <>
      {mock.review ? <Review review={mock.review} /> : null}
      <p className="in-course__text in-course__mt-3">
        {facts} Sit it in one go: the clock starts when you press Start and keeps running if you leave the page. Save your answers as you go; when time is up the exam is submitted with the answers saved.
      </p>
      {signInHref ? (
        <p className="in-course__text in-course__mt-2">
          <Link to={signInHref}>Sign in</Link> to sit the exam.
        </p>
      ) : (
        <Form method="post" {...formProps}>
          <CsrfInput />
          <input type="hidden" name="intent" value="start-mock" />
          <input type="hidden" name="activity_id" value={activity.id} />
          <button type="submit" className="button in-course__mt-3">
            {mock.review ? "Sit it again" : "Start the exam"}
          </button>
        </Form>
      )}
    </>
  );
}

function Sitting({ activity, mock, questions, formProps }: { activity: TreeActivity; mock: MockExamView; questions: { id: number; prompt: string; choices: string[] }[]; formProps?: FormProps }) {
  return (
    <Form method="post" aria-label={activity.title} {...formProps}>
      <CsrfInput />
      <input type="hidden" name="activity_id" value={activity.id} />
      <SittingControls
        remainingSeconds={mock.remainingSeconds ?? 0}
        timeTestId="mock-time-left"
        note="The clock keeps running if you leave the page. Save your answers as you go: when time is up the exam is submitted with the answers saved."
        questions={questions}
        saved={mock.saved}
        intents={{ save: "save-mock", submit: "submit-mock" }}
        submitLabel="Submit exam"
      />
    </Form>
  );
}

function Review({ review }: { review: NonNullable<MockExamView["review"]> }) {
  return (
    <section aria-labelledby="mock-exam-score" className="in-course__card in-course__mt-3">
      <h3 className="in-course__heading in-course__heading--5" id="mock-exam-score">
        {`Your score: ${review.correctCount} of ${review.questionCount} (${review.percent}%)`}
      </h3>
      {review.scaled !== null ? (
        <p className="in-course__text">
          {review.scaleLabel}: <strong>{review.scaled}</strong>
        </p>
      ) : null}
      {review.timedOut ? <p className="in-course__small muted">Submitted when time was up, with the answers saved before the deadline.</p> : null}
      <h4 className="in-course__heading in-course__heading--3 in-course__mt-3">Every answer, explained</h4>
      <ol style={{ paddingLeft: "1.25rem" }}>
        {review.questions.map((question) => (
          <li key={question.id} style={{ marginTop: "var(--space-3)" }}>
            <p className="in-course__text in-course__medium">{question.prompt}</p>
            <p className="in-course__small">
              Your answer: {question.choiceIndex === null ? "not answered" : question.choices[question.choiceIndex]}. {question.correct ? "Correct." : `The answer is ${question.choices[question.answerIndex]}.`}
            </p>
            {question.explanation ? <p className="in-course__small muted">{question.explanation}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
