import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor, type CurrentSession } from "~/accounts/session.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors } from "~/components/form-field";
import { notFound } from "~/errors/not-found.server";
import { deckReviews, findDeck, gradeCard, studyQueue } from "~/flash-cards/decks.server";
import { gradeSchema, safeReturnPath } from "~/flash-cards/forms";
import { cardHtml } from "~/flash-cards/markdown.server";
import { GRADES, isGradeValue, nextDueByGrade, retention, untilLabel } from "~/flash-cards/scheduling";
import { formatDate } from "~/formatting/format";
import { metaFor } from "~/seo/page-meta";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/flash-cards+/$id";

/** The deck, to a viewer who may study it: a 404 for anyone else, so a private deck is not even known to exist. */
async function deckFor(session: CurrentSession, idParam: string | undefined) {
  const id = parseRecordId(idParam);
  const deck = id === null ? undefined : await findDeck(id);
  if (!deck || !can(viewerFor(session), "study_flash_card_deck", deck)) throw notFound("There is no flash-card deck at this address.");
  return { deck, edits: can(viewerFor(session), "edit_flash_card_deck", deck) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const { deck, edits } = await deckFor(session, params.id);
  const now = new Date();
  const [queue, reviews] = await Promise.all([studyQueue(deck.id, session.user.id, now), deckReviews(deck.id, session.user.id)]);
  const current = queue.current;
  const previews = current ? nextDueByGrade(current.memory, now) : null;
  return {
    deck: { id: deck.id, title: deck.title, description: deck.description, ownerName: deck.owner_name, mine: deck.owner_id === session.user.id, shared: deck.shared },
    edits,
    counts: { due: queue.due, fresh: queue.fresh, cards: queue.cards },
    retention: retention(reviews),
    nextDue: queue.nextDue?.toISOString() ?? null,
    card: current
      ? {
          id: current.id,
          frontHtml: cardHtml(current.front),
          backHtml: cardHtml(current.back),
          tags: current.tags,
          seenReps: current.memory?.reps ?? 0,
          isNew: current.memory === null,
          grades: GRADES.map((grade) => ({ ...grade, after: untilLabel(previews![grade.value], now) })),
        }
      : null,
    returnPath: safeReturnPath(new URL(request.url).searchParams.get("returnPath")),
  };
}

/** POST: a grade of the card shown (Again, Hard, Good, Easy); back to the deck for the next card. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const { deck } = await deckFor(session, params.id);
  const submission = parseWithZod(await request.formData(), { schema: gradeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { card_id, grade, seen_reps } = submission.value;
  if (!isGradeValue(grade)) return data({ result: submission.reply({ formErrors: ["Grade the card: Again, Hard, Good or Easy"] }) }, { status: 400 });
  const graded = await gradeCard({ deckId: deck.id, cardId: card_id, userId: session.user.id, grade, seenReps: seen_reps, now: new Date() });
  if (graded.kind === "refused") return data({ result: submission.reply({ formErrors: [graded.message] }) }, { status: graded.status });
  // Graded (or already graded from another tab): the next card. No toast: one per card would be noise.
  const url = new URL(request.url);
  throw redirect(`${url.pathname}${url.search}`, 303);
}

export default function StudyDeckPage() {
  const { deck, edits, counts, retention: kept, nextDue, card, returnPath } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
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

  return (
    <div className="wrapper wrapper--medium page">
      <p>{returnPath ? <Link to={returnPath}>Back</Link> : <Link to="/flash-cards">All decks</Link>}</p>
      <h1 className="page-heading">{deck.title}</h1>
      {deck.description ? <p className="muted">{deck.description}</p> : null}
      <p className="muted" data-testid="deck-counts">
        {counts.due} due · {counts.fresh} new · {counts.cards} {counts.cards === 1 ? "card" : "cards"}
        {kept === null ? "" : ` · ${Math.round(kept * 100)}% remembered`}
        {deck.mine ? "" : ` · by ${deck.ownerName ?? "a student"}`}
        {edits ? (
          <>
            {" · "}
            <Link to={`/flash-cards/${deck.id}/edit`}>Edit deck</Link>
          </>
        ) : null}
      </p>
      <FormErrors errors={answer?.result.error?.[""] ?? undefined} />

      {card ? (
        <article key={`${card.id}:${card.seenReps}`} className="flash-card" aria-label={card.isNew ? "New card" : "Card to review"}>
          <div className="flash-card__side" data-testid="card-front" dangerouslySetInnerHTML={{ __html: card.frontHtml }} />
          {card.tags.length > 0 ? <p className="muted flash-card__tags">{card.tags.map((tag) => `#${tag}`).join(" ")}</p> : null}
          <details ref={answerRef} className="flash-card__answer">
            <summary className="button button--soft">
              <span className="flash-card__show">Show answer</span>
              <span className="flash-card__hide">Hide answer</span>
            </summary>
            <div className="flash-card__side" data-testid="card-back" dangerouslySetInnerHTML={{ __html: card.backHtml }} />
            <Form ref={formRef} method="post" className="flash-card__grades" aria-label="How well did you know it?">
              <CsrfInput />
              <input type="hidden" name="card_id" value={card.id} />
              <input type="hidden" name="seen_reps" value={card.seenReps} />
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
      ) : counts.cards === 0 ? (
        <p>
          This deck has no cards yet.
          {edits ? (
            <>
              {" "}
              <Link to={`/flash-cards/${deck.id}/edit`}>Add cards</Link>.
            </>
          ) : null}
        </p>
      ) : (
        <p role="status">
          All done for now.{nextDue ? ` The next card is due ${formatDate(nextDue, "MMM d 'at' h:mm a")}.` : ""}
          {returnPath ? (
            <>
              {" "}
              <Link to={returnPath}>Go back</Link>.
            </>
          ) : null}
        </p>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, { title: data ? `${data.deck.title} — flash cards` : "Flash cards", description: "Study a flash-card deck.", path: "/flash-cards", noindex: true });
