import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { deckCsv } from "~/flash-cards/deck-csv";
import { requireDeck } from "~/flash-cards/deck-access.server";
import { deckCards } from "~/flash-cards/decks.server";

const ROUTE = "routes/flash-cards+/$id_.export";

/** GET /flash-cards/{id}/export: the deck's cards as a CSV file, to whoever may study it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const { deck } = await requireDeck(session, params.id, "study_flash_card_deck");
  const fileName = `${deck.title.replace(/[^\p{L}\p{N} _-]+/gu, "").trim() || "deck"}.csv`;
  return new Response(deckCsv(await deckCards(deck.id)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="deck.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
