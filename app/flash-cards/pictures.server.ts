import { reencodedPicture } from "~/files/pictures.server";
import { isStoredFileName, newFileName, readStoredFile, saveFile } from "~/files/storage.server";

/**
 * Pictures in flash cards: uploaded with a card, stored re-encoded, and written into the card's
 * Markdown as `![Picture](/flash-cards/{deck}/pictures/{file})`. A picture's file name starts with
 * its deck's id, so it is served only under that deck's address, to whoever may study the deck.
 */
const BUCKET = "flash-card-pictures";
/** Wide enough for a diagram on a large screen; a phone gets it scaled down. */
const PICTURE_MAX_SIDE = 1600;

const prefix = (deckId: number) => `deck${deckId}`;

/** Stores a picture for a deck's card and returns the Markdown that shows it; null when the file is not a picture. */
export async function storeCardPicture(deckId: number, bytes: Uint8Array): Promise<string | null> {
  const webp = await reencodedPicture(bytes, PICTURE_MAX_SIDE);
  if (!webp) return null;
  const name = newFileName(prefix(deckId), "webp");
  await saveFile(BUCKET, name, webp);
  return `![Picture](/flash-cards/${deckId}/pictures/${name})`;
}

/** A deck's stored picture, or null when the name is not one of that deck's. */
export async function readCardPicture(deckId: number, name: string): Promise<Buffer | null> {
  if (!name.startsWith(`${prefix(deckId)}-`) || !isStoredFileName(BUCKET, name)) return null;
  return readStoredFile(BUCKET, name);
}
