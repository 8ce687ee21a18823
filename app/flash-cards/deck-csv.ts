/**
 * A deck's cards as CSV, pure: the file a deck exports and the file it imports. Columns front,
 * back and tags (separated by spaces), quoted as RFC 4180 says (a field with a comma, a quote or a
 * line break is in double quotes, a quote inside doubled), so spreadsheets and other flash-card
 * apps read and write it. The header row is optional on import.
 */

export const MAX_IMPORTED_CARDS = 1_000;
export const MAX_CARD_SIDE = 4_000;
export const MAX_TAGS = 10;
const MAX_TAG_LENGTH = 40;

export interface CardFields {
  front: string;
  back: string;
  tags: string[];
}

/** Tags as people type them ("cell biology, #exam1"): words, lower case, without #, each once. */
export function parseTags(text: string): string[] {
  const tags = text
    .split(/[\s,;]+/)
    .map((tag) => tag.replace(/^#+/, "").toLowerCase().slice(0, MAX_TAG_LENGTH))
    .filter(Boolean);
  return [...new Set(tags)].slice(0, MAX_TAGS);
}

/** The rows of a CSV text, every field as written (quotes removed); null when a quote is never closed. */
export function csvRows(text: string): string[][] | null {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
      continue;
    }
    if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index++;
      row.push(field);
      rows.push(row);
      [row, field] = [[], ""];
    } else field += char;
  }
  if (quoted) return null;
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  // Blank lines are no cards.
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ""));
}

export type ImportResult = { ok: true; cards: CardFields[] } | { ok: false; errors: string[] };

const isHeader = (cells: string[]) => cells[0]?.trim().toLowerCase() === "front" && cells[1]?.trim().toLowerCase() === "back";

/** The cards of an imported CSV, or every problem found (at most ten, by line). */
export function parseDeckCsv(text: string): ImportResult {
  const rows = csvRows(text.replace(/\r\n?/g, "\n"));
  if (rows === null) return { ok: false, errors: ["A quoted field is never closed: check the file's double quotes."] };
  const body = rows.length > 0 && isHeader(rows[0]!) ? rows.slice(1) : rows;
  const firstLine = rows.length > body.length ? 2 : 1;
  if (body.length === 0) return { ok: false, errors: ["The file has no cards: each line needs a front and a back, separated by a comma."] };
  if (body.length > MAX_IMPORTED_CARDS) return { ok: false, errors: [`Import at most ${MAX_IMPORTED_CARDS.toLocaleString("en-US")} cards at a time.`] };
  const errors: string[] = [];
  const cards: CardFields[] = [];
  body.forEach((cells, index) => {
    const line = firstLine + index;
    const [front = "", back = "", tags = ""] = cells.map((cell) => cell.trim());
    if (!front || !back) errors.push(`Line ${line}: a card needs a front and a back.`);
    else if (front.length > MAX_CARD_SIDE || back.length > MAX_CARD_SIDE) errors.push(`Line ${line}: keep each side to ${MAX_CARD_SIDE.toLocaleString("en-US")} characters.`);
    else cards.push({ front, back, tags: parseTags(tags) });
  });
  return errors.length > 0 ? { ok: false, errors: errors.slice(0, 10) } : { ok: true, cards };
}

const csvField = (value: string) => (/[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** A deck's cards as a CSV file, with a header row, lines ending in CRLF (RFC 4180). */
export function deckCsv(cards: readonly CardFields[]): string {
  return [["front", "back", "tags"], ...cards.map((card) => [card.front, card.back, card.tags.join(" ")])].map((cells) => cells.map(csvField).join(",")).join("\r\n") + "\r\n";
}
