import { useEffect, useRef, useState } from "react";
import { formatRemaining } from "~/assessments/engine";
import { QuestionFields } from "~/assessments/question-fields";

/**
 * A timed sitting's form body, the same for mock exams and practice-test sections: the time left,
 * counted down in the browser from the server's figure (which a reload reads again) and said to
 * screen readers at five minutes and one; the questions with the answers saved so far; Save and
 * Submit. At zero the page hands the answers in itself; the server accepts them for a short grace.
 */
export function SittingControls({
  remainingSeconds,
  timeTestId,
  note,
  before,
  questions,
  saved,
  intents,
  submitLabel,
}: {
  remainingSeconds: number;
  timeTestId: string;
  note: string;
  before?: React.ReactNode;
  questions: { id: number; prompt: string; choices: string[] }[];
  saved: Record<string, number>;
  intents: { save: string; submit: string };
  submitLabel: string;
}) {
  const remaining = useCountdown(remainingSeconds);
  const submitRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (remaining === 0) submitRef.current?.form?.requestSubmit(submitRef.current);
  }, [remaining]);
  return (
    <>
      <div className="in-course__card in-course__mt-3 practice-test__timer">
        <p className="in-course__text" role="timer" aria-live="off">
          Time left: <strong data-testid={timeTestId}>{formatRemaining(remaining)}</strong>
        </p>
        <p className="in-course__small muted">{note}</p>
        {/* Said once, not every second: the last five minutes and the last minute. */}
        <p className="in-course__text visually-hidden" aria-live="polite">
          {remaining > 0 && remaining <= 60 ? "One minute left." : remaining > 0 && remaining <= 300 ? "Five minutes left." : ""}
        </p>
      </div>
      {before}
      <QuestionFields questions={questions} saved={saved} />
      <div className="in-course__row">
        <button type="submit" name="intent" value={intents.save} className="button button--soft">
          Save answers
        </button>
        <button type="submit" name="intent" value={intents.submit} ref={submitRef} className="button">
          {submitLabel}
        </button>
      </div>
    </>
  );
}

/** Seconds left, counted down in the browser from the server's figure. */
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
