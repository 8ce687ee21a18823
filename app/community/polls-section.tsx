import { Form, Link } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { TEXT_ANSWER_MAX } from "~/community/poll-limits";
import type { PollView } from "~/community/polls.server";

/**
 * The polls and surveys on a blog post or course page: the questions with a form to answer (a
 * plain POST to /polls/{id}, so it works without JavaScript), and, once answered (or to staff),
 * the results as counts and percentages. Guests see the questions and a link to sign in.
 */
export function PollsSection({
  polls,
  signedIn,
  returnPath,
  errors,
  newPollPath,
}: {
  polls: readonly PollView[];
  signedIn: boolean;
  returnPath: string;
  errors?: Record<string, string[]>;
  /** For staff: where to add one. */
  newPollPath?: string | null;
}) {
  if (polls.length === 0 && !newPollPath) return null;
  return (
    <section aria-label="Polls" className="polls" style={{ marginTop: "var(--space-6)" }}>
      {polls.map((poll) => (
        <PollCard key={poll.id} poll={poll} signedIn={signedIn} returnPath={returnPath} errors={errors} />
      ))}
      {newPollPath ? (
        <p>
          <Link to={newPollPath}>Add a poll or survey</Link>
        </p>
      ) : null}
    </section>
  );
}

export function PollCard({ poll, signedIn, returnPath, errors }: { poll: PollView; signedIn: boolean; returnPath: string; errors?: Record<string, string[]> }) {
  const headingId = `poll-${poll.id}-title`;
  return (
    <article id={`poll-${poll.id}`} aria-labelledby={headingId} className="poll" style={{ border: "1px solid var(--gray-6)", borderRadius: 8, padding: "var(--space-4)", marginBottom: "var(--space-4)" }}>
      <h2 className="section-heading" id={headingId}>
        {poll.kind === "poll" ? "Poll" : "Survey"}: {poll.title}
      </h2>
      {poll.results ? (
        <div>
          <p className="muted">
            {poll.answered ? "Thanks for answering. " : ""}
            {poll.responses} {poll.responses === 1 ? "response" : "responses"} so far.
          </p>
          {poll.questions.map((question, index) => {
            const result = poll.results![index]!;
            return (
              <div key={question.id} style={{ marginBottom: "var(--space-3)" }}>
                <p style={{ fontWeight: 600 }}>{question.prompt}</p>
                {question.kind === "choice" ? (
                  <ul aria-label={`Results: ${question.prompt}`}>
                    {result.options.map((option) => (
                      <li key={option.label}>
                        {option.label}: {option.percent}% ({option.count} {option.count === 1 ? "vote" : "votes"})
                        <div aria-hidden="true" style={{ height: 6, width: `${option.percent}%`, background: "var(--accent-9)", borderRadius: 3 }} />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <>
                    <p className="muted">
                      {result.answers} written {result.answers === 1 ? "answer" : "answers"}
                    </p>
                    {result.texts.length > 0 ? (
                      <ul>
                        {result.texts.slice(0, 20).map((text, textIndex) => (
                          <li key={textIndex}>{text}</li>
                        ))}
                      </ul>
                    ) : null}
                  </>
                )}
              </div>
            );
          })}
        </div>
      ) : null}
      {poll.answered ? null : signedIn ? (
        <Form method="post" action={`/polls/${poll.id}`}>
          <CsrfInput />
          <input type="hidden" name="return_to" value={returnPath} />
          {poll.questions.map((question) => {
            const name = `answer_${question.id}`;
            const fieldErrors = errors?.[name];
            return question.kind === "choice" ? (
              <fieldset key={question.id} aria-describedby={fieldErrors ? `${name}-error` : undefined} style={{ border: 0, padding: 0, marginBottom: "var(--space-3)" }}>
                <legend style={{ fontWeight: 600 }}>{question.prompt}</legend>
                {question.options.map((option, index) => (
                  <label key={option} style={{ display: "block" }}>
                    <input type="radio" name={name} value={index} required /> {option}
                  </label>
                ))}
                {fieldErrors ? (
                  <p id={`${name}-error`} role="alert" style={{ color: "var(--red-11)" }}>
                    {fieldErrors.join(" ")}
                  </p>
                ) : null}
              </fieldset>
            ) : (
              <div key={question.id} style={{ marginBottom: "var(--space-3)" }}>
                <label htmlFor={`${name}-input`} style={{ fontWeight: 600, display: "block" }}>
                  {question.prompt}
                </label>
                <input id={`${name}-input`} name={name} type="text" className="native-input" required maxLength={TEXT_ANSWER_MAX} aria-invalid={fieldErrors ? true : undefined} />
                {fieldErrors ? (
                  <p role="alert" style={{ color: "var(--red-11)" }}>
                    {fieldErrors.join(" ")}
                  </p>
                ) : null}
              </div>
            );
          })}
          <button type="submit" className="button">
            {poll.kind === "poll" ? "Vote" : "Send my answers"}
          </button>
          {poll.results ? null : <p className="muted">The results show once you have answered.</p>}
        </Form>
      ) : (
        <>
          <ul>
            {poll.questions.map((question) => (
              <li key={question.id}>
                {question.prompt}
                {question.kind === "choice" ? ` (${question.options.join(" · ")})` : ""}
              </li>
            ))}
          </ul>
          <p>
            <Link to={`/users/sign_in?redirect_to=${encodeURIComponent(returnPath)}`}>Sign in</Link> to answer and see the results.
          </p>
        </>
      )}
    </article>
  );
}
