import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { FormErrors } from "~/components/form-field";
import { requireDeck } from "~/flash-cards/deck-access.server";
import { gradeCard } from "~/flash-cards/decks.server";
import { gradeSchema, safeReturnPath } from "~/flash-cards/forms";
import { deckCountsText, StudyCard, TagFilters } from "~/flash-cards/study-card";
import { studyView } from "~/flash-cards/study.server";
import { metaFor } from "~/seo/page-meta";
import { ShareForm } from "~/shares/share-views";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/flash-cards+/$id";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const { deck, edits, inCourseHref } = await requireDeck(session, params.id, "study_flash_card_deck");
  const url = new URL(request.url);
  return {
    deck: {
      id: deck.id,
      title: deck.title,
      description: deck.description,
      ownerName: deck.owner_name,
      courseName: deck.course_name,
      mine: deck.owner_id === session.user.id,
      shared: deck.shared,
    },
    edits,
    view: await studyView(deck.id, session.user.id, requestNow(request), url.searchParams.get("tag")),
    returnPath: safeReturnPath(url.searchParams.get("returnPath")) ?? inCourseHref,
  };
}

/** POST: a grade of the card shown (Again, Hard, Good, Easy); back to the deck (or the page it was studied on) for the next card. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const { deck } = await requireDeck(session, params.id, "study_flash_card_deck");
  const submission = parseWithZod(await request.formData(), { schema: gradeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { card_id, grade, seen_reps, next } = submission.value;
  const graded = await gradeCard({ deckId: deck.id, cardId: card_id, userId: session.user.id, grade, seenReps: seen_reps, now: requestNow(request) });
  if (graded.kind === "refused") return data({ result: submission.reply({ formErrors: [graded.message] }) }, { status: graded.status });
  // Graded (or already graded from another tab): the next card. No toast: one per card would be noise.
  const url = new URL(request.url);
  throw redirect(safeReturnPath(next ?? null) ?? `${url.pathname}${url.search}`, 303);
}

export default function StudyDeckPage() {
  const { deck, edits, view, returnPath } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const editHref = edits ? `/flash-cards/${deck.id}/edit` : null;
  const by = deck.courseName ? ` · ${deck.courseName}` : deck.mine ? "" : ` · by ${deck.ownerName ?? "a student"}`;

  return (
    <div className="wrapper wrapper--medium page">
      <p>{returnPath ? <Link to={returnPath}>Back</Link> : <Link to="/flash-cards">All decks</Link>}</p>
      <h1 className="page-heading">{deck.title}</h1>
      {deck.description ? <p className="muted">{deck.description}</p> : null}
      <p className="muted" data-testid="deck-counts">
        {deckCountsText(view)}
        {by}
        {editHref ? (
          <>
            {" · "}
            <Link to={editHref}>Edit deck</Link>
          </>
        ) : null}
      </p>
      {view.tags.length > 0 ? <TagFilters tags={view.tags} current={view.tag} returnPath={returnPath} /> : null}
      <FormErrors errors={answer?.result.error?.[""] ?? undefined} />
      <StudyCard view={view} editHref={editHref} doneLink={returnPath ? { to: returnPath, label: "Go back" } : null} />
      <ShareForm resourceType="flash_card_deck" resourceId={deck.id} what="this deck" />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, { title: data ? `${data.deck.title} — flash cards` : "Flash cards", description: "Study a flash-card deck.", path: "/flash-cards", noindex: true });
