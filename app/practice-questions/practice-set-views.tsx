import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { QuestionField } from "~/assessments/question-fields";
import { ReviewedQuestion, ReviewedQuestions } from "~/assessments/question-review";
import { SittingControls } from "~/assessments/sitting-controls";
import { CsrfInput } from "~/components/csrf-input";
import { HistoryTable } from "~/components/history-table";
import type { TopicAccuracy } from "~/practice-questions/practice-set";
import type { attemptView } from "~/practice-questions/sets.server";

type AttemptView = SerializeFrom<NonNullable<Awaited<ReturnType<typeof attemptView>>>>;

/** Accuracy per topic as a table, weakest first. */
export function TopicAccuracyTable({ accuracy }: { accuracy: readonly TopicAccuracy[] }) {
  return (
    <HistoryTable
      columns={["Topic", "Answered", "Right", "Accuracy"]}
      rows={accuracy.map((entry) => ({ key: entry.topic, cells: [entry.topic, entry.answered, entry.correct, `${entry.percent}%`] }))}
    />
  );
}

/**
 * Practice mode: the answer just checked (right or not, the right answer and why, said to screen
 * readers) and the next question as a plain form, one at a time; "Finish now" hands the attempt in.
 */
export function PracticeQuestion({ attempt }: { attempt: Extract<AttemptView, { state: "practice" }> }) {
  return (
    <>
      <div aria-live="polite">
        {attempt.checked ? (
          <section aria-labelledby="checked-heading" className="in-course__card" data-testid="checked-answer" style={{ marginTop: "var(--space-4)" }}>
            <h2 className="section-heading" id="checked-heading">
              {attempt.checked.correct ? "Correct" : "Not quite"}
            </h2>
            <ReviewedQuestion question={attempt.checked} />
          </section>
        ) : null}
      </div>
      {attempt.question ? (
        <Form method="post" aria-labelledby="question-heading" style={{ marginTop: "var(--space-4)" }}>
          <CsrfInput />
          <input type="hidden" name="question_id" value={attempt.question.id} />
          <h2 className="section-heading" id="question-heading">
            Question {attempt.position} of {attempt.questionCount}
          </h2>
          {attempt.question.topic ? <p className="in-course__small muted">{attempt.question.topic}</p> : null}
          <QuestionField question={attempt.question} />
          <div className="in-course__row" style={{ marginTop: "var(--space-3)" }}>
            <button type="submit" name="intent" value="check" className="button">
              Check answer
            </button>
          </div>
        </Form>
      ) : null}
      <Form method="post" style={{ marginTop: "var(--space-4)" }}>
        <CsrfInput />
        <p className="in-course__small muted">
          {attempt.answered} of {attempt.questionCount} answered. Finishing now scores the questions left as unanswered.
        </p>
        <button type="submit" name="intent" value="finish" className="button button--soft">
          Finish now
        </button>
      </Form>
    </>
  );
}

/** Exam mode: every question against the server's clock, saved as the student goes, handed in at the end. */
export function ExamQuestions({ attempt }: { attempt: Extract<AttemptView, { state: "exam" }> }) {
  return (
    <Form method="post" aria-label="Exam mode" style={{ marginTop: "var(--space-4)" }}>
      <CsrfInput />
      <SittingControls
        remainingSeconds={attempt.remainingSeconds}
        timeTestId="time-left"
        note="The clock keeps running if you leave the page. Save your answers as you go: when time is up the attempt is handed in with the answers saved."
        questions={attempt.questions}
        saved={attempt.saved}
        intents={{ save: "save", submit: "submit" }}
        submitLabel="Hand in"
      />
    </Form>
  );
}

/** A finished attempt: the score, accuracy per topic, and every question with its answer explained. */
export function FinishedAttempt({ attempt, setHref }: { attempt: Extract<AttemptView, { state: "finished" }>; setHref: string }) {
  const percent = attempt.questionCount === 0 ? 0 : Math.round((attempt.correctCount / attempt.questionCount) * 100);
  return (
    <>
      <section aria-labelledby="attempt-score" style={{ marginTop: "var(--space-4)" }}>
        <h2 className="section-heading" id="attempt-score">
          Your score: {attempt.correctCount} of {attempt.questionCount} ({percent}%)
        </h2>
        <p className="muted">
          {attempt.answeredCount < attempt.questionCount ? `${attempt.questionCount - attempt.answeredCount} left unanswered. ` : ""}
          {attempt.timedOut ? "Handed in when time was up, with the answers saved before the deadline." : ""}
        </p>
        <p>
          <Link to={setHref}>Practise again</Link>
        </p>
      </section>
      {attempt.accuracy.length > 0 ? (
        <section aria-labelledby="attempt-accuracy" style={{ marginTop: "var(--space-4)" }}>
          <h2 className="section-heading" id="attempt-accuracy">
            Accuracy by topic
          </h2>
          <TopicAccuracyTable accuracy={attempt.accuracy} />
        </section>
      ) : null}
      <section aria-labelledby="attempt-review" style={{ marginTop: "var(--space-4)" }}>
        <h2 className="section-heading" id="attempt-review">
          Every answer explained
        </h2>
        <ReviewedQuestions questions={attempt.questions} />
      </section>
    </>
  );
}
