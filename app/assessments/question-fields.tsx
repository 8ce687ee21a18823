import { questionField } from "~/assessments/engine";

/** An assessment's questions as radio groups (`question_{id}` = choice index), with the choices saved so far ticked. */
export function QuestionFields({ questions, saved = {} }: { questions: { id: number; prompt: string; choices: string[] }[]; saved?: Record<string, number> }) {
  return (
    <ol style={{ paddingLeft: "1.25rem" }}>
      {questions.map((question) => (
        <li key={question.id} style={{ marginBottom: "var(--space-4)" }}>
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend>
              <span className="in-course__medium">{question.prompt}</span>
            </legend>
            {question.choices.map((choice, index) => (
              <label key={index} style={{ display: "block", marginTop: "var(--space-1)" }}>
                <input type="radio" name={questionField(question.id)} value={index} defaultChecked={saved[String(question.id)] === index} /> {choice}
              </label>
            ))}
          </fieldset>
        </li>
      ))}
    </ol>
  );
}
