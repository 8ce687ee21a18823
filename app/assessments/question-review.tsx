/** Answered questions reviewed: the learner's answer, whether it was right (else the right one) and why. */
export function ReviewedQuestions({
  questions,
}: {
  questions: { id: number; prompt: string; choices: string[]; choiceIndex: number | null; answerIndex: number; correct: boolean; explanation: string; topic?: string }[];
}) {
  return (
    <ol style={{ paddingLeft: "1.25rem" }}>
      {questions.map((question) => (
        <li key={question.id} style={{ marginTop: "var(--space-3)" }}>
          <ReviewedQuestion question={question} />
        </li>
      ))}
    </ol>
  );
}

export function ReviewedQuestion({
  question,
}: {
  question: { prompt: string; choices: string[]; choiceIndex: number | null; answerIndex: number; correct: boolean; explanation: string; topic?: string };
}) {
  return (
    <>
      {question.topic ? <p className="in-course__small muted">{question.topic}</p> : null}
      <p className="practice-test__prompt">{question.prompt}</p>
      <p>
        Your answer: {question.choiceIndex === null ? "not answered" : question.choices[question.choiceIndex]}.{" "}
        <strong>{question.correct ? "Correct." : `The answer is ${question.choices[question.answerIndex]}.`}</strong>
      </p>
      {question.explanation ? <p className="muted">{question.explanation}</p> : null}
    </>
  );
}
