import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField } from "~/components/form-field";
import { createDeck, DECKS_PER_PERSON, listCourseDecks, listOwnDecks } from "~/flash-cards/decks.server";
import { newDeckSchema } from "~/flash-cards/forms";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/flash-cards+/_index";

/** /flash-cards: the student's own decks and their courses' decks, each with what is due for them now, and a new deck. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const now = requestNow(request);
  const [decks, courseDecks] = await Promise.all([listOwnDecks(session.user.id, now), listCourseDecks({ userId: session.user.id, now, enrolled: true })]);
  return { decks, courseDecks };
}

/** POST: a new deck of one's own; its maker lands on its edit page to add cards. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: newDeckSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const deckId = await createDeck({ ownerId: session.user.id, ...submission.value });
  if (deckId === null) return data({ result: submission.reply({ formErrors: [`You have ${DECKS_PER_PERSON} decks, the most one person keeps. Delete one you no longer use.`] }) }, { status: 409 });
  throw await redirectWithToast(`/flash-cards/${deckId}/edit`, { type: "success", message: "Your deck is ready. Add cards one by one, or import them from a CSV file." });
}

export default function FlashCardsPage() {
  const { decks, courseDecks } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="wrapper wrapper--medium page">
      <p>
        <Link to="/dashboard">Dashboard</Link>
      </p>
      <h1 className="page-heading">Flash cards</h1>
      <p className="muted">Each card comes back just before you would forget it: grade how well you knew it, and the schedule adapts to you.</p>

      <section aria-labelledby="my-decks-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="my-decks-heading">
          Your decks
        </h2>
        {decks.length === 0 ? (
          <p className="muted">You have no decks yet. Make one below.</p>
        ) : (
          <ul className="tutoring-list">
            {decks.map((deck) => (
              <li key={deck.id} className="tutoring-row">
                <strong>
                  <Link to={`/flash-cards/${deck.id}`}>{deck.title}</Link>
                </strong>
                <span className="muted">
                  {deck.cards} {deck.cards === 1 ? "card" : "cards"} · {deck.due} due · {deck.fresh} new{deck.shared ? " · shared" : ""}
                </span>
                <span className="tutoring-row__actions">
                  <Link to={`/flash-cards/${deck.id}/edit`} aria-label={`Edit ${deck.title}`}>
                    Edit
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {courseDecks.length > 0 ? (
        <section aria-labelledby="course-decks-heading" style={{ marginTop: "var(--space-5)" }}>
          <h2 className="section-heading" id="course-decks-heading">
            Your courses' decks
          </h2>
          <ul className="tutoring-list">
            {courseDecks.map((deck) => (
              <li key={deck.id} className="tutoring-row">
                <strong>
                  <Link to={deck.href}>{deck.title}</Link>
                </strong>
                <span className="muted">
                  {deck.courseName} · {deck.cards} {deck.cards === 1 ? "card" : "cards"} · {deck.due} due · {deck.fresh} new
                </span>
              </li>
            ))}
          </ul>
          <p className="muted">
            Preparing for the MCAT? <Link to="/mcat-flash-cards">MCAT flash cards</Link> gathers every MCAT deck by subject.
          </p>
        </section>
      ) : null}

      <section aria-labelledby="new-deck-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="new-deck-heading">
          New deck
        </h2>
        <Form method="post" className="tutoring-form">
          <CsrfInput />
          <FormErrors errors={answer?.result.error?.[""] ?? undefined} />
          <FormField label="Deck name" id="deck-title" name="title" required maxLength={120} placeholder="e.g. Amino acids" errors={answer?.result.error?.title ?? undefined} />
          <FormField label="Description (optional)" id="deck-description" name="description" maxLength={2000} errors={answer?.result.error?.description ?? undefined} />
          <div>
            <button type="submit" className="button" disabled={busy}>
              Create deck
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "Flash cards", description: "Your flash-card decks, scheduled with spaced repetition.", path: "/flash-cards", noindex: true });
