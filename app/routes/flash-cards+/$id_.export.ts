import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor } from "~/accounts/session.server";
import { notFound } from "~/errors/not-found.server";
import { deckCsv } from "~/flash-cards/deck-csv";
import { deckCards, findDeck } from "~/flash-cards/decks.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/flash-cards+/$id_.export";

/** GET /flash-cards/{id}/export: the deck's cards as a CSV file, to whoever may study it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const id = parseRecordId(params.id);
  const deck = id === null ? undefined : await findDeck(id);
  if (!deck || !can(viewerFor(session), "study_flash_card_deck", deck)) throw notFound("There is no flash-card deck at this address.");
  const fileName = `${deck.title.replace(/[^\p{L}\p{N} _-]+/gu, "").trim() || "deck"}.csv`;
  return new Response(deckCsv(await deckCards(deck.id)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="deck.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
