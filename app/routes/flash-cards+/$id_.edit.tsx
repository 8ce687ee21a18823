import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, TextAreaField } from "~/components/form-field";
import { MAX_CARD_SIDE, parseDeckCsv } from "~/flash-cards/deck-csv";
import { requireDeck } from "~/flash-cards/deck-access.server";
import { addCards, deckCards, deleteCard, deleteDeck, moveCard, updateCard, updateDeck } from "~/flash-cards/decks.server";
import { deckEditSchema } from "~/flash-cards/forms";
import { storeCardPicture } from "~/flash-cards/pictures.server";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/flash-cards+/$id_.edit";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  // Its owner's, or a course's to whoever manages the course: a 404 for anyone else (a deck shared with them is theirs to study, not to change).
  const { deck, inCourseHref } = await requireDeck(session, params.id, "edit_flash_card_deck");
  return {
    deck: {
      id: deck.id,
      title: deck.title,
      description: deck.description,
      shared: deck.shared,
      shareUrl: new URL(`/flash-cards/${deck.id}`, siteOrigin(request)).toString(),
      course: deck.online_course_id === null ? null : { name: deck.course_name, subject: deck.subject ?? "", inCourseHref },
    },
    cards: (await deckCards(deck.id)).map((card) => ({ id: card.id, front: card.front, back: card.back, tags: card.tags.join(" ") })),
  };
}

/** POST: the deck's name and sharing, a card added, changed, moved or deleted, cards imported from CSV, or the deck deleted — each by `intent`. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const { deck } = await requireDeck(session, params.id, "edit_flash_card_deck");
  const submission = parseWithZod(await request.formData(), { schema: deckEditSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const refuse = (message: string, status: number, field = "") => data({ result: submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }) }, { status });
  const back = `/flash-cards/${deck.id}/edit`;
  const command = submission.value;
  switch (command.intent) {
    case "deck": {
      const saved = await updateDeck(deck, { title: command.title, description: command.description, shared: command.shared === "on", subject: command.subject });
      throw await redirectWithToast(back, { type: "success", message: saved.shared ? "Saved. Anyone signed in with the link can study this deck." : "Saved." });
    }
    case "add_card":
    case "edit_card": {
      const sides = await withPicture(deck.id, command);
      if (sides.kind === "refused") return refuse(sides.message, 422, "picture");
      const fields = { front: sides.front, back: sides.back, tags: command.tags };
      if (command.intent === "edit_card") {
        if (!(await updateCard(deck.id, command.card_id, fields))) return refuse("This deck has no such card.", 404);
        throw await redirectWithToast(back, { type: "success", message: "Card saved." });
      }
      const added = await addCards(deck.id, [fields]);
      if (added.kind === "refused") return refuse(added.message, added.status);
      throw await redirectWithToast(back, { type: "success", message: "Card added." });
    }
    case "delete_card":
      if (!(await deleteCard(deck.id, command.card_id))) return refuse("This deck has no such card.", 404);
      throw await redirectWithToast(back, { type: "success", message: "Card deleted." });
    case "move_card":
      // At the top already (or gone): nothing to move, and nothing to say.
      await moveCard(deck.id, command.card_id, command.direction);
      throw await redirectWithToast(back, { type: "success", message: `Card moved ${command.direction}.` });
    case "import": {
      const parsed = parseDeckCsv(await command.file.text());
      if (!parsed.ok) return data({ result: submission.reply({ fieldErrors: { file: parsed.errors } }) }, { status: 422 });
      const added = await addCards(deck.id, parsed.cards);
      if (added.kind === "refused") return refuse(added.message, added.status, "file");
      throw await redirectWithToast(back, { type: "success", message: `${added.count} ${added.count === 1 ? "card" : "cards"} imported.` });
    }
    case "delete_deck": {
      const deleted = await deleteDeck(deck);
      if (deleted.kind === "refused") return refuse(deleted.message, deleted.status);
      throw await redirectWithToast("/flash-cards", { type: "success", message: `${deck.title} is deleted.` });
    }
  }
}

/** A card's sides with the picture sent along stored and shown at the end of the side it goes on. */
async function withPicture(deckId: number, card: { front: string; back: string; picture?: File; picture_side: "front" | "back" }) {
  if (!card.picture) return { kind: "sides", front: card.front, back: card.back } as const;
  const markdown = await storeCardPicture(deckId, new Uint8Array(await card.picture.arrayBuffer()));
  if (!markdown) return { kind: "refused", message: "That file is not a picture: send a JPEG, PNG, WebP or GIF." } as const;
  const sides = { front: card.front, back: card.back };
  sides[card.picture_side] = `${sides[card.picture_side]}\n\n${markdown}`;
  if (sides[card.picture_side].length > MAX_CARD_SIDE) return { kind: "refused", message: `With the picture the ${card.picture_side} is too long: shorten it first.` } as const;
  return { kind: "sides", ...sides } as const;
}

/** A picture to put on a card (optional), and on which side. */
function CardPictureFields({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <>
      <FormField label="Picture (optional)" id={`${id}-picture`} name="picture" type="file" accept="image/jpeg,image/png,image/webp,image/gif" hint="JPEG, PNG, WebP or GIF, at most 5 MB" errors={errors} />
      <label htmlFor={`${id}-picture-side`}>Side for the picture</label>
      <select id={`${id}-picture-side`} name="picture_side" defaultValue="back">
        <option value="back">Back</option>
        <option value="front">Front</option>
      </select>
    </>
  );
}

export default function EditDeckPage() {
  const { deck, cards } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const sent = answer?.result.initialValue as Record<string, unknown> | undefined;
  const errorsFor = (intent: string, field: string) => (sent?.intent === intent ? answer?.result.error?.[field] ?? undefined : undefined);
  return (
    <div className="wrapper wrapper--medium page">
      <p>
        {deck.course?.inCourseHref ? <Link to={deck.course.inCourseHref}>Back to the course</Link> : <Link to="/flash-cards">All decks</Link>} ·{" "}
        <Link to={`/flash-cards/${deck.id}`}>Study this deck</Link>
      </p>
      <h1 className="page-heading">Edit {deck.title}</h1>
      {deck.course ? <p className="muted">A deck of {deck.course.name}: everyone with the course studies it.</p> : null}
      <FormErrors errors={answer?.result.error?.[""] ?? undefined} />

      <section aria-labelledby="deck-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="deck-heading">
          The deck
        </h2>
        <Form method="post" className="tutoring-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="deck" />
          <FormField label="Deck name" id="deck-title" name="title" required maxLength={120} defaultValue={deck.title} errors={errorsFor("deck", "title")} />
          <FormField label="Description (optional)" id="deck-description" name="description" maxLength={2000} defaultValue={deck.description} errors={errorsFor("deck", "description")} />
          {deck.course ? (
            <FormField
              label="Subject (optional)"
              id="deck-subject"
              name="subject"
              maxLength={80}
              defaultValue={deck.course.subject}
              hint="MCAT decks are grouped by it on the MCAT flash cards page"
              errors={errorsFor("deck", "subject")}
            />
          ) : (
            <>
              <label className="checkbox-row">
                <input type="checkbox" name="shared" defaultChecked={deck.shared} /> Share: anyone signed in with the link can study it (they cannot change it)
              </label>
              {deck.shared ? <p className="muted">Link: {deck.shareUrl}</p> : null}
            </>
          )}
          <div>
            <button type="submit" className="button" disabled={busy}>
              Save
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="add-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="add-heading">
          Add a card
        </h2>
        <Form method="post" encType="multipart/form-data" className="tutoring-form" key={cards.length}>
          <CsrfInput />
          <input type="hidden" name="intent" value="add_card" />
          <TextAreaField
            label="Front"
            id="new-front"
            name="front"
            required
            maxLength={MAX_CARD_SIDE}
            rows={3}
            hint="Markdown: **bold**, *italic*, lists, links; formulas between dollar signs, like $E = mc^2$"
            errors={errorsFor("add_card", "front")}
          />
          <TextAreaField label="Back" id="new-back" name="back" required maxLength={MAX_CARD_SIDE} rows={3} errors={errorsFor("add_card", "back")} />
          <FormField label="Tags (optional)" id="new-tags" name="tags" hint="Words separated by spaces" errors={errorsFor("add_card", "tags")} />
          <CardPictureFields id="new" errors={errorsFor("add_card", "picture")} />
          <div>
            <button type="submit" className="button" disabled={busy}>
              Add card
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="cards-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="cards-heading">
          Cards ({cards.length})
        </h2>
        {cards.length === 0 ? (
          <p className="muted">No cards yet. Add one above, or import a CSV file below.</p>
        ) : (
          <ol className="tutoring-list flash-card-list">
            {cards.map((card, index) => (
              <li key={card.id} className="tutoring-row">
                <strong className="flash-card-list__front">{card.front}</strong>
                <span className="muted flash-card-list__back">{card.back}</span>
                {card.tags ? (
                  <span className="muted">
                    {card.tags
                      .split(" ")
                      .map((tag) => `#${tag}`)
                      .join(" ")}
                  </span>
                ) : null}
                <div className="tutoring-row__actions">
                  {[
                    ["up", index === 0],
                    ["down", index === cards.length - 1],
                  ].map(([direction, atEnd]) =>
                    atEnd ? null : (
                      <Form method="post" key={String(direction)}>
                        <CsrfInput />
                        <input type="hidden" name="intent" value="move_card" />
                        <input type="hidden" name="card_id" value={card.id} />
                        <input type="hidden" name="direction" value={String(direction)} />
                        <button type="submit" className="button button--outline" disabled={busy} aria-label={`Move ${direction}: card ${index + 1}`}>
                          Move {direction}
                        </button>
                      </Form>
                    )
                  )}
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="delete_card" />
                    <input type="hidden" name="card_id" value={card.id} />
                    <button type="submit" className="button button--outline" disabled={busy} aria-label={`Delete card ${index + 1}`}>
                      Delete
                    </button>
                  </Form>
                </div>
                <details>
                  <summary>Edit card {index + 1}</summary>
                  <Form method="post" encType="multipart/form-data" className="tutoring-form">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="edit_card" />
                    <input type="hidden" name="card_id" value={card.id} />
                    <TextAreaField label="Front" id={`front-${card.id}`} name="front" required maxLength={MAX_CARD_SIDE} rows={3} defaultValue={card.front} />
                    <TextAreaField label="Back" id={`back-${card.id}`} name="back" required maxLength={MAX_CARD_SIDE} rows={3} defaultValue={card.back} />
                    <FormField label="Tags" id={`tags-${card.id}`} name="tags" defaultValue={card.tags} />
                    <CardPictureFields id={`card-${card.id}`} />
                    <div>
                      <button type="submit" className="button" disabled={busy}>
                        Save card {index + 1}
                      </button>
                    </div>
                  </Form>
                </details>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="csv-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="csv-heading">
          Import and export
        </h2>
        <p className="muted">
          A CSV file with a front, a back and optional tags on each line (a header row front,back,tags is optional). <a href={`/flash-cards/${deck.id}/export`}>Export this deck as CSV</a>.
        </p>
        <Form method="post" encType="multipart/form-data" className="tutoring-form" key={`import-${cards.length}`}>
          <CsrfInput />
          <input type="hidden" name="intent" value="import" />
          <FormField
            label="CSV file"
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            hint="At most 1 MB and 1,000 cards at a time; they are added at the end"
            errors={errorsFor("import", "file")}
          />
          <div>
            <button type="submit" className="button button--soft" disabled={busy}>
              Import cards
            </button>
          </div>
        </Form>
      </section>

      {deck.course ? null : (
        <section aria-labelledby="delete-heading" style={{ marginTop: "var(--space-6)" }}>
          <h2 className="section-heading" id="delete-heading">
            Delete the deck
          </h2>
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="delete_deck" />
            <p className="muted">Its cards and everyone's progress on them go with it.</p>
            <button type="submit" className="button button--outline" disabled={busy}>
              Delete {deck.title}
            </button>
          </Form>
        </section>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, { title: data ? `Edit ${data.deck.title} — flash cards` : "Edit deck", description: "Edit a flash-card deck.", path: "/flash-cards", noindex: true });
