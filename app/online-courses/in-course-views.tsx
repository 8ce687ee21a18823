import type { getFormProps } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import { deckCountsText, StudyCard } from "~/flash-cards/study-card";
import type { CourseDeckView } from "~/online-courses/in-course-experience.server";
import type { PracticeSetCard } from "~/practice-questions/sets.server";
import type { ReactNode } from "react";
import { CsrfInput } from "~/components/csrf-input";
import type { TreeActivity } from "~/online-courses/curriculum";
import { lessonVideo } from "~/online-courses/lesson-media";
import { ACTIVITY_TYPE_LABELS, minutes, outlineItemsHtml } from "~/online-courses/outline-html";
import { QuestionFields } from "~/assessments/question-fields";
import type { QuizScore } from "~/assessments/engine";

/** Pieces of the in-course experience, shared by its views. All work without JavaScript. */

/** What the page's conform form gives a form element (getFormProps): its id, validation and error wiring. */
type FormProps = ReturnType<typeof getFormProps>;

export { ACTIVITY_TYPE_LABELS, minutes };

/** A progress bar with its figure in words (a native <progress>, announced by screen readers). */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="in-course__field">
      <label className="in-course__small">
        {label}: <strong>{percent}%</strong>
        <progress value={percent} max={100} style={{ display: "block", width: "100%", height: "0.75rem", marginTop: "0.25rem" }}>
          {percent}%
        </progress>
      </label>
    </div>
  );
}

/**
 * One activity in a short list (search results, a chapter's part): its link (or its title and
 * lock when locked), type, time and status, as plain elements with the classes the outline's
 * items use. The whole outline is written as a string instead (curriculumOutlineItems).
 */
export function ActivityLink({ activity, base, current }: { activity: TreeActivity; base: string; current?: boolean }) {
  const locked = !activity.access.allowed;
  return (
    <div className="activity-row">
      <Link to={`${base}/${activity.href}`} aria-current={current ? "page" : undefined} style={{ fontWeight: current ? 700 : undefined }}>
        {activity.title}
      </Link>
      <span className="activity-meta">
        {ACTIVITY_TYPE_LABELS[activity.type]} · {minutes(activity.durationSeconds)}
      </span>
      {activity.completed ? <PlainBadge color="indigo">Completed</PlainBadge> : null}
      {locked ? <PlainBadge color="gray">Locked</PlainBadge> : activity.access.allowed && activity.access.via === "preview" ? <PlainBadge color="amber">Free preview</PlainBadge> : null}
    </div>
  );
}

function PlainBadge({ color, children }: { color: "indigo" | "gray" | "amber"; children: string }) {
  return (
    <span data-accent-color={color} className="badge">
      {children}
    </span>
  );
}

/**
 * The whole curriculum: chapters, their parts and activities, the current one marked. Its items
 * are HTML that curriculumOutlineItems builds from the outline's JSON text in the page's data
 * (every text escaped there): on the server for the document, and in the browser, from the same
 * text, when the page hydrates (the same string, so React keeps the markup it finds) and after
 * each client-side navigation. Their plain links need useInAppLinks on the page to open without
 * a full page load. The heading or the summary before the list ("Curriculum", "All chapters")
 * says what it is: not every screen reader reads a plain list's aria-label.
 */
export function CurriculumOutline({ outline, base, currentId }: { outline: string; base: string; currentId: number | null }) {
  const html = outlineItemsHtml(outline, base, currentId);
  return <ol style={{ paddingLeft: "1.25rem", margin: 0 }} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function SearchForm({ base, query }: { base: string; query: string }) {
  return (
    <Form method="get" action={base} role="search" aria-label="Search this course" data-tour="lesson-search">
      <div className="in-course__search">
        <div className="in-course__field">
          <label htmlFor="curriculum-search">
            <span className="in-course__small in-course__medium">Search lessons</span>
          </label>
          <input id="curriculum-search" className="native-input" type="search" name="q" defaultValue={query} maxLength={200} />
        </div>
        <button type="submit" className="button button--soft">
          Search
        </button>
      </div>
    </Form>
  );
}

/** Why an item is locked and how to get access. */
export function LockedNotice({ lock }: { lock: { message: string; action: { label: string; href: string } | null } }) {
  return (
    <div className="in-course__callout in-course__callout--warning" role="status">
      <p className="in-course__small">
        <strong>Locked.</strong> {lock.message}{" "}
        {lock.action ? (
          <Link to={lock.action.href} style={{ fontWeight: 700 }}>
            {lock.action.label}
          </Link>
        ) : null}
      </p>
    </div>
  );
}

/**
 * A practice-question activity: its questions are answered on the set's own page (practice or
 * exam mode, accuracy per topic). Locked, it says why, and that tokens open the set on its own.
 */
export function PracticeSetLink({ set, lock }: { set: SerializeFrom<PracticeSetCard>; lock: { reason: string; message: string; action: { label: string; href: string } | null } | null }) {
  const buyable = lock !== null && lock.reason !== "not-visible" && lock.reason !== "not-open-yet";
  return (
    <div className="in-course__mt-3">
      {lock && !set.open ? <LockedNotice lock={lock} /> : null}
      <p className="in-course__text in-course__mt-3">
        {set.questionCount} practice questions: check each answer as you go, or take them as a timed exam and see your accuracy by topic.
        {!set.open && buyable ? ` Or unlock this set on its own for ${set.price} tokens.` : ""}
      </p>
      {set.open || buyable ? (
        <p className="in-course__mt-3">
          <Link to={set.href} className="button">
            {set.open ? "Open the practice set" : `See the set (${set.price} tokens)`}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

export function PreviousNext({ previous, next, base }: { previous: TreeActivity | null; next: TreeActivity | null; base: string }) {
  return (
    <nav aria-label="Previous and next activity">
      <div className="in-course__previous-next">
        {previous ? (
          <Link to={`${base}/${previous.href}`} rel="prev">
            ← Previous: {previous.title}
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={`${base}/${next.href}`} rel="next">
            Next: {next.title} →
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** Marks an activity complete (the time defaults to the activity's length). */
export function CompleteForm({
  activity,
  enrolled,
  signedIn,
  courseId,
  formProps,
}: {
  activity: TreeActivity;
  enrolled: boolean;
  signedIn: boolean;
  courseId: number;
  formProps?: FormProps;
}) {
  if (!enrolled) {
    return (
      <p className="in-course__small muted in-course__mt-4">
        {signedIn ? (
          <>
            <Link to={`/online-courses/${courseId}#packages`}>Enrol in the course</Link> to keep track of your progress.
          </>
        ) : (
          <>
            <Link to={`/users/sign_in?redirect_to=${encodeURIComponent(`/online-courses/${courseId}`)}`}>Sign in</Link> to keep track of your progress.
          </>
        )}
      </p>
    );
  }
  return (
    <Form method="post" style={{ marginTop: "var(--space-4)" }} {...formProps}>
      <CsrfInput />
      <input type="hidden" name="intent" value="complete" />
      <input type="hidden" name="activity_id" value={activity.id} />
      <input type="hidden" name="duration_seconds" value={activity.durationSeconds} />
      <button type="submit" className="button">
        {activity.completed ? "Mark complete again and continue" : "Mark complete and continue"}
      </button>
    </Form>
  );
}

/**
 * A lesson: its video (WebM then MP4, English captions when it has them) and its text. The
 * "Download the video" link sits under the player, where it shows and works without JavaScript
 * (fallback content inside <video> never shows in a browser that plays video).
 */
export function LessonContent({ activity, content }: { activity: TreeActivity; content: Record<string, unknown> | null }) {
  if (!content) return null;
  const body = typeof content.body === "string" ? content.body : null;
  const video = lessonVideo(activity, content);
  return (
    <div className="in-course__mt-3">
      {video ? (
        <div className="in-course__mb-3">
          <video controls preload="metadata" style={{ display: "block", width: "100%", maxWidth: 720, aspectRatio: "16 / 9", background: "black" }} aria-label={activity.title} data-tour="lesson-video">
            {video.sources.map((source) => (
              <source key={source.src} src={source.src} type={source.type} />
            ))}
            {video.captionsSrc ? <track kind="captions" srcLang="en" label="English" src={video.captionsSrc} default /> : null}
          </video>
          <p className="in-course__small in-course__mt-1">
            <a href={video.downloadHref} download={video.downloadName}>
              Download the video
            </a>
          </p>
        </div>
      ) : null}
      {body ? <p className="in-course__text in-course__body">{body}</p> : null}
    </div>
  );
}

/**
 * A flash-card activity: its deck studied one card at a time on the flash-card engine (graded on
 * the deck's own page, then back here), its cards to read for a guest previewing it, and for
 * whoever runs the course a way into the deck's editor.
 */
export function CourseDeck({ activityId, deck }: { activityId: number; deck: SerializeFrom<CourseDeckView> }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="in-course__mt-3">
      {deck.study && deck.deckId !== null ? (
        <>
          <p className="in-course__small muted" data-testid="deck-counts">
            {deckCountsText(deck.study)} · <Link to={`/flash-cards/${deck.deckId}?returnPath=${encodeURIComponent(here)}`}>Open the deck</Link>
          </p>
          <StudyCard view={deck.study} action={`/flash-cards/${deck.deckId}`} next={here} editHref={null} doneLink={null} />
        </>
      ) : deck.preview.length > 0 ? (
        <>
          <p className="in-course__small muted">Sign in to study these cards with spaced repetition: each comes back just before you would forget it.</p>
          <ol style={{ paddingLeft: "1.25rem" }}>
            {deck.preview.map((card, index) => (
              <li key={index} style={{ marginBottom: "var(--space-2)" }}>
                <details>
                  <summary>{card.front}</summary>
                  <p className="in-course__text muted">{card.back}</p>
                </details>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="in-course__text">This deck has no cards yet.</p>
      )}
      {deck.manages ? (
        <Form method="post" className="in-course__mt-2">
          <CsrfInput />
          <input type="hidden" name="intent" value="edit-deck" />
          <input type="hidden" name="activity_id" value={activityId} />
          <button type="submit" className="button button--soft">
            Edit the cards
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** The quiz as a plain form: radio buttons per question, no answers in the page before submitting. */
export function QuizForm({ activity, questions, formProps }: { activity: TreeActivity; questions: { id: number; prompt: string; choices: string[] }[]; formProps?: FormProps }) {
  return (
    <Form method="post" aria-label={activity.title} {...formProps}>
      <CsrfInput />
      <input type="hidden" name="intent" value="submit-quiz" />
      <input type="hidden" name="activity_id" value={activity.id} />
      <QuestionFields questions={questions} />
      <button type="submit" className="button">
        Submit answers
      </button>
    </Form>
  );
}

export function QuizResult({
  result,
  questions,
}: {
  result: { score: QuizScore; recorded: boolean; nextHref: string | null };
  questions: { id: number; prompt: string; choices: string[] }[];
}) {
  const prompts = new Map(questions.map((question) => [question.id, question]));
  return (
    <div role="status" aria-label="Your result" className="in-course__card">
      <h2 className="in-course__heading in-course__heading--5">
        {`You scored ${result.score.correctCount} of ${result.score.questionCount} (${result.score.percent}%)`}
      </h2>
      {result.recorded ? <p className="in-course__small muted">Saved to your progress.</p> : null}
      <ol style={{ paddingLeft: "1.25rem" }}>
        {result.score.questions.map((scored) => {
          const question = prompts.get(scored.questionId);
          return (
            <li key={scored.questionId} style={{ marginTop: "var(--space-2)" }}>
              <p className="in-course__text in-course__medium">{question?.prompt}</p>
              <p className={`in-course__small ${scored.correct ? "in-course__correct" : "in-course__incorrect"}`}>
                {scored.correct ? "Correct" : scored.choiceIndex === null ? "Not answered" : "Incorrect"} — the answer is{" "}
                {question?.choices[scored.answerIndex]}.
              </p>
              {scored.explanation ? <p className="in-course__small muted">{scored.explanation}</p> : null}
            </li>
          );
        })}
      </ol>
      {result.nextHref ? (
        <Link to={result.nextHref} className="button in-course__mt-3">
          Continue
        </Link>
      ) : null}
    </div>
  );
}

export function ErrorCallout({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <div className="in-course__callout in-course__callout--error in-course__mb-3" role="alert" id={id}>
      <p className="in-course__small">{children}</p>
    </div>
  );
}
