import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { ReviewedQuestions } from "~/assessments/question-review";
import { SittingControls } from "~/assessments/sitting-controls";
import { CsrfInput } from "~/components/csrf-input";
import { formatDate } from "~/formatting/format";
import type { practiceTestView } from "~/practice-tests/test-view.server";

type View = SerializeFrom<Awaited<ReturnType<typeof practiceTestView>>>;

/**
 * A practice test's page body, shared by the CARS passages and the LSAT tests: what it holds and
 * a Start button; the running section against the server's clock (counted down and handed in at
 * zero with JavaScript; without it the server ends the section on time); the next section; the
 * score, section by section with every answer explained; and the student's attempts. Every step
 * is a plain form.
 */
export function PracticeTestBody({ view, signInHref, noun }: { view: View; signInHref: string; noun: "passage" | "test" }) {
  const { progress, running, review, history, sections } = view;
  if (running) return <RunningSection running={running} />;
  const next = progress.kind === "between" ? sections.find((section) => section.id === progress.nextSectionId) : null;
  return (
    <div className="practice-test">
      {next ? (
        <section aria-labelledby="next-section" className="in-course__card" style={{ marginTop: "var(--space-4)" }}>
          <h2 className="section-heading" id="next-section">
            Next: {next.title}
          </h2>
          <p>
            {next.questionCount} questions · {next.timeLimitMinutes} minutes. Its clock starts when you press Start and keeps running if you leave the page.
          </p>
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="start_section" />
            <input type="hidden" name="section_id" value={next.id} />
            <button type="submit" className="button">
              Start {next.title}
            </button>
          </Form>
        </section>
      ) : null}
      {review ? <AttemptResult review={review} /> : null}
      {progress.kind === "not-started" ? (
        <section aria-labelledby="test-start" style={{ marginTop: "var(--space-5)" }}>
          <h2 className="section-heading" id="test-start">
            {review ? "Take it again" : noun === "passage" ? "Take this week's passage" : "Take the test"}
          </h2>
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                {section.title}: {section.questionCount} questions, {section.timeLimitMinutes} minutes
              </li>
            ))}
          </ul>
          <p className="muted">
            Each section is timed by our clock, not your browser&apos;s: it keeps running if you leave the page, and when time is up the section is handed in with the answers you saved.
          </p>
          {view.signedIn ? (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="start" />
              <button type="submit" className="button">
                {review ? "Start again" : "Start"}
              </button>
            </Form>
          ) : (
            <p>
              <Link to={signInHref}>Sign in</Link> to take it: it is free, and your scores are kept.
            </p>
          )}
        </section>
      ) : null}
      {history.length > 0 ? (
        <section aria-labelledby="test-history" style={{ marginTop: "var(--space-5)" }}>
          <h2 className="section-heading" id="test-history">
            Your attempts
          </h2>
          <ul className="tutoring-list">
            {history.map((attempt) => (
              <li key={attempt.id} className="tutoring-row">
                <Link to={`?attempt=${attempt.id}`} aria-current={review?.id === attempt.id ? "true" : undefined}>
                  {formatDate(attempt.finishedAt, "MMM d, yyyy 'at' h:mm a")}
                </Link>
                <span>
                  {attempt.correctCount} of {attempt.questionCount}
                  {attempt.scaledScore !== null ? ` · scaled ${attempt.scaledScore}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function RunningSection({ running }: { running: NonNullable<View["running"]> }) {
  return (
    <Form method="post" aria-label={running.title} className="practice-test">
      <CsrfInput />
      <input type="hidden" name="section_id" value={running.sectionId} />
      <h2 className="section-heading">{running.title}</h2>
      <SittingControls
        remainingSeconds={running.remainingSeconds}
        timeTestId="time-left"
        note="The clock keeps running if you leave the page. Save your answers as you go: when time is up the section is handed in with the answers saved."
        before={
          running.passage ? (
            <div className="practice-test__passage" data-testid="passage">
              {running.passage}
            </div>
          ) : null
        }
        questions={running.questions}
        saved={running.saved}
        intents={{ save: "save", submit: "submit" }}
        submitLabel="Submit section"
      />
    </Form>
  );
}

function AttemptResult({ review }: { review: NonNullable<View["review"]> }) {
  return (
    <section aria-labelledby="attempt-score" style={{ marginTop: "var(--space-5)" }}>
      <h2 className="section-heading" id="attempt-score">
        {`Your score: ${review.correctCount} of ${review.questionCount}`}
        {review.scaledScore !== null ? ` · scaled score ${review.scaledScore}` : ""}
      </h2>
      <p className="muted">Taken {formatDate(review.finishedAt, "MMM d, yyyy 'at' h:mm a")}.</p>
      {review.sections.map((section) => (
        <section key={section.id} aria-label={`${section.title}: review`} style={{ marginTop: "var(--space-4)" }}>
          <h3>
            {section.title}: {section.correctCount} of {section.questions.length}
          </h3>
          {section.timedOut ? <p className="muted">Handed in when time was up, with the answers saved before the deadline.</p> : null}
          {section.passage ? (
            <details>
              <summary>The passage</summary>
              <div className="practice-test__passage">{section.passage}</div>
            </details>
          ) : null}
          <ReviewedQuestions questions={section.questions} />
        </section>
      ))}
    </section>
  );
}
