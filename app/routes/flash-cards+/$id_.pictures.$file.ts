import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { notFound } from "~/errors/not-found.server";
import { requireDeck } from "~/flash-cards/deck-access.server";
import { readCardPicture } from "~/flash-cards/pictures.server";

const ROUTE = "routes/flash-cards+/$id_.pictures.$file";

/** GET /flash-cards/{id}/pictures/{file}: a picture in one of the deck's cards, to whoever may study the deck. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const { deck } = await requireDeck(session, params.id, "study_flash_card_deck");
  const picture = await readCardPicture(deck.id, params.file ?? "");
  if (!picture) throw notFound("There is no such picture in this deck.");
  return new Response(new Uint8Array(picture), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(picture.byteLength),
      // A picture's name is never reused: a browser keeps it, a shared cache never does (the deck may be private).
      "Cache-Control": "private, max-age=31536000, immutable",
    },
  });
}
