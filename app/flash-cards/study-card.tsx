import { Form, Link, useNavigation } from "@remix-run/react";
import { FormulaStylesheet } from "~/content/formula-stylesheet";
import { useEffect, useRef } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { formatDate } from "~/formatting/format";
import type { StudyView } from "~/flash-cards/study.server";

type Serialized<T> = T extends Date ? string : T extends object ? { [K in keyof T]: Serialized<T[K]> } : T;

/**
 * The card to study now, its answer behind "Show answer" and the four grades as one plain form
 * (space shows the answer and 1–4 grade it when JavaScript runs); or what to do when none is due.
 * `action` is the deck's page, which grades; `next` where to come back to afterwards.
 */
export function StudyCard({
  view,
  action,
  next,
  editHref,
  doneLink,
}: {
  view: Serialized<StudyView>;
  action?: string;
  next?: string;
  editHref: string | null;
  doneLink: { to: string; label: string } | null;
}) {
  const { card, counts, nextDue } = view;
  const busy = useNavigation().state !== "idle";
  const answerRef = useRef<HTMLDetailsElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // Space shows the answer, 1–4 grade it: the keys of every flash-card app.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT", "BUTTON", "A", "SUMMARY"].includes(target.tagName))) return;
      const details = answerRef.current;
      if (!details) return;
      if (event.key === " ") {
        event.preventDefault();
        details.open = !details.open;
        return;
      }
      const button = details.open ? formRef.current?.querySelector<HTMLButtonElement>(`button[data-key="${event.key}"]`) : null;
      if (button && !button.disabled) {
        event.preventDefault();
        formRef.current!.requestSubmit(button);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  if (card)
    return (
      <article key={`${card.id}:${card.seenReps}`} className="flash-card" aria-label={card.isNew ? "New card" : "Card to review"}>
        {/* KaTeX's stylesheet (and its fonts) only when the card has a formula. */}
        {card.hasFormula ? <FormulaStylesheet /> : null}
        <div className="flash-card__side" data-testid="card-front" dangerouslySetInnerHTML={{ __html: card.frontHtml }} />
        {card.tags.length > 0 ? (
          <p className="muted flash-card__tags">
            {card.tags.map((tag, index) => (
              <span key={tag}>
                {index > 0 ? " " : ""}
                <Link to={`${action ?? ""}?tag=${encodeURIComponent(tag)}`} aria-label={`Study the cards tagged ${tag}`}>
                  #{tag}
                </Link>
              </span>
            ))}
          </p>
        ) : null}
        <details ref={answerRef} className="flash-card__answer">
          <summary className="button button--soft">
            <span className="flash-card__show">Show answer</span>
            <span className="flash-card__hide">Hide answer</span>
          </summary>
          <div className="flash-card__side" data-testid="card-back" dangerouslySetInnerHTML={{ __html: card.backHtml }} />
          <Form ref={formRef} method="post" action={action} className="flash-card__grades" aria-label="How well did you know it?">
            <CsrfInput />
            <input type="hidden" name="card_id" value={card.id} />
            <input type="hidden" name="seen_reps" value={card.seenReps} />
            {next ? <input type="hidden" name="next" value={next} /> : null}
            {card.grades.map((grade) => (
              <button
                key={grade.value}
                type="submit"
                name="grade"
                value={grade.value}
                data-key={grade.key}
                className={grade.value === 1 ? "button button--outline" : "button"}
                disabled={busy}
                aria-keyshortcuts={grade.key}
              >
                {grade.label}
                <span className="flash-card__after"> · {grade.after}</span>
              </button>
            ))}
          </Form>
        </details>
        <p className="muted flash-card__keys">Keys: space shows the answer, 1 Again, 2 Hard, 3 Good, 4 Easy.</p>
      </article>
    );
  if (counts.cards === 0)
    return (
      <p>
        This deck has no cards yet.
        {editHref ? (
          <>
            {" "}
            <Link to={editHref}>Add cards</Link>.
          </>
        ) : null}
      </p>
    );
  return (
    <p role="status">
      All done for now.{nextDue ? ` The next card is due ${formatDate(nextDue, "MMM d 'at' h:mm a")}.` : ""}
      {doneLink ? (
        <>
          {" "}
          <Link to={doneLink.to}>{doneLink.label}</Link>.
        </>
      ) : null}
    </p>
  );
}

/** The deck's tags as filters: study every card, or only one tag's (`?tag=`, keeping where "Back" goes). */
export function TagFilters({ tags, current, returnPath }: { tags: { tag: string; cards: number }[]; current: string | null; returnPath: string | null }) {
  const href = (tag: string | null) => {
    const query = new URLSearchParams();
    if (tag !== null) query.set("tag", tag);
    if (returnPath) query.set("returnPath", returnPath);
    const text = query.toString();
    return text ? `?${text}` : "?";
  };
  return (
    <nav aria-label="Study by tag" className="flash-card__filters">
      <span className="muted">Study: </span>
      <Link to={href(null)} aria-current={current === null ? "true" : undefined}>
        All cards
      </Link>
      {tags.map((entry) => (
        <span key={entry.tag}>
          {" · "}
          <Link to={href(entry.tag)} aria-current={current === entry.tag ? "true" : undefined}>
            #{entry.tag} ({entry.cards})
          </Link>
        </span>
      ))}
    </nav>
  );
}

/** "3 due · 5 new · 12 cards · 80% remembered": a deck's standing for this person. */
export function deckCountsText(view: Pick<Serialized<StudyView>, "counts" | "retention">) {
  const { counts, retention } = view;
  return `${counts.due} due · ${counts.fresh} new · ${counts.cards} ${counts.cards === 1 ? "card" : "cards"}${retention === null ? "" : ` · ${Math.round(retention * 100)}% remembered`}`;
}
