import { questionField } from "~/assessments/engine";

type Question = { id: number; prompt: string; choices: string[] };

/** An assessment's questions as a numbered list of radio groups (`question_{id}` = choice index), with the choices saved so far ticked. */
export function QuestionFields({ questions, saved = {} }: { questions: Question[]; saved?: Record<string, number> }) {
  return (
    <ol style={{ listStyle: "none", padding: 0 }}>
      {questions.map((question, index) => (
        <li key={question.id} style={{ marginBottom: "var(--space-4)" }}>
          <QuestionField question={question} checked={saved[String(question.id)]} number={index + 1} />
        </li>
      ))}
    </ol>
  );
}

/**
 * One question's radio group. Its number is part of the legend (a list marker would sit beside
 * the first choice, since a legend makes no line of its own), so it is read with the prompt too.
 */
export function QuestionField({ question, checked, number }: { question: Question; checked?: number; number?: number }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ padding: 0 }}>
        <span className="in-course__medium">
          {number !== undefined ? `${number}. ` : ""}
          {question.prompt}
        </span>
      </legend>
      {question.choices.map((choice, index) => (
        <label key={index} style={{ display: "block", marginTop: "var(--space-1)" }}>
          <input type="radio" name={questionField(question.id)} value={index} defaultChecked={checked === index} /> {choice}
        </label>
      ))}
    </fieldset>
  );
}
