import type { getFormProps } from "@conform-to/react";
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CsrfInput } from "~/components/csrf-input";
import type { TreeActivity } from "~/online-courses/curriculum";
import type { MockExamView } from "~/online-courses/in-course-experience.server";
import { QuestionFields } from "~/online-courses/in-course-views";
import { formatRemaining } from "~/online-courses/mock-exam";

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
      <Text as="p" mt="3" color="gray">
        The questions of this mock exam are on their way. Move on to the next activity for now.
      </Text>
    );
  }
  if (mock.state === "in-progress") return <Sitting activity={activity} mock={mock} questions={questions} formProps={formProps} />;
  return (
    <>
      {mock.review ? <Review review={mock.review} /> : null}
      <Text as="p" mt="3">
        {facts} Sit it in one go: the clock starts when you press Start and keeps running if you leave the page. Save your answers as you go; when time is up the exam is submitted with the answers saved.
      </Text>
      {signInHref ? (
        <Text as="p" mt="2">
          <Link to={signInHref}>Sign in</Link> to sit the exam.
        </Text>
      ) : (
        <Form method="post" {...formProps}>
          <CsrfInput />
          <input type="hidden" name="intent" value="start-mock" />
          <input type="hidden" name="activity_id" value={activity.id} />
          <Button type="submit" mt="3">
            {mock.review ? "Sit it again" : "Start the exam"}
          </Button>
        </Form>
      )}
    </>
  );
}

function Sitting({ activity, mock, questions, formProps }: { activity: TreeActivity; mock: MockExamView; questions: { id: number; prompt: string; choices: string[] }[]; formProps?: FormProps }) {
  const remaining = useCountdown(mock.remainingSeconds ?? 0);
  const submitRef = useRef<HTMLButtonElement>(null);
  // At zero the page hands the answers in itself; the server accepts them for a short grace.
  useEffect(() => {
    if (remaining === 0) submitRef.current?.form?.requestSubmit(submitRef.current);
  }, [remaining]);
  return (
    <Form method="post" aria-label={activity.title} {...formProps}>
      <CsrfInput />
      <input type="hidden" name="activity_id" value={activity.id} />
      <Card mt="3" className="mock-exam-clock">
        <Text as="p" role="timer" aria-live="off">
          Time left: <strong data-testid="mock-time-left">{formatRemaining(remaining)}</strong>
        </Text>
        <Text as="p" size="2" color="gray">
          The clock keeps running if you leave the page. Save your answers as you go: when time is up the exam is submitted with the answers saved.
        </Text>
        {/* Said once, not every second: the last five minutes and the last minute. */}
        <Text as="p" className="visually-hidden" aria-live="polite">
          {remaining > 0 && remaining <= 60 ? "One minute left." : remaining > 0 && remaining <= 300 ? "Five minutes left." : ""}
        </Text>
      </Card>
      <QuestionFields questions={questions} saved={mock.saved} />
      <Flex gap="3" wrap="wrap">
        <Button type="submit" name="intent" value="save-mock" variant="soft">
          Save answers
        </Button>
        <Button type="submit" name="intent" value="submit-mock" ref={submitRef}>
          Submit exam
        </Button>
      </Flex>
    </Form>
  );
}

/** Seconds left, counted down in the browser from the server's figure (which a reload reads again). */
function useCountdown(fromServer: number) {
  const [remaining, setRemaining] = useState(fromServer);
  useEffect(() => {
    const ends = Date.now() + fromServer * 1000;
    setRemaining(fromServer);
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [fromServer]);
  return remaining;
}

function Review({ review }: { review: NonNullable<MockExamView["review"]> }) {
  return (
    <Card mt="3" asChild>
      <section aria-labelledby="mock-exam-score">
        <Heading as="h3" size="5" id="mock-exam-score">
          {`Your score: ${review.correctCount} of ${review.questionCount} (${review.percent}%)`}
        </Heading>
        {review.scaled !== null ? (
          <Text as="p">
            {review.scaleLabel}: <strong>{review.scaled}</strong>
          </Text>
        ) : null}
        {review.timedOut ? (
          <Text as="p" size="2" color="gray">
            Submitted when time was up, with the answers saved before the deadline.
          </Text>
        ) : null}
        <Heading as="h4" size="3" mt="3">
          Every answer, explained
        </Heading>
        <ol style={{ paddingLeft: "1.25rem" }}>
          {review.questions.map((question) => (
            <li key={question.id} style={{ marginTop: "var(--space-3)" }}>
              <Text as="p" weight="medium">
                {question.prompt}
              </Text>
              <Text as="p" size="2">
                Your answer: {question.choiceIndex === null ? "not answered" : question.choices[question.choiceIndex]}. {question.correct ? "Correct." : `The answer is ${question.choices[question.answerIndex]}.`}
              </Text>
              {question.explanation ? (
                <Text as="p" size="2" color="gray">
                  {question.explanation}
                </Text>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </Card>
  );
}
