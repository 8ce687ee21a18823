export type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

// Stops at whitespace and at characters that end an address in prose: quotes and angle brackets.
const LINK = /\bhttps?:\/\/[^\s<>"']+|\bwww\.[^\s<>"']+/gi;
// Punctuation that ends a sentence rather than the address.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;
// "https://" followed by a path or nothing names no host: left as text.
const HAS_HOST = /^(https?:\/\/[^/?#]|www\.)/i;

/**
 * Splits plain text (a chat message, a mail body) into text and links (http, https and www.
 * addresses), so a page renders each part as text or as a link: no HTML from the text ever
 * reaches the page. The parts' texts put together are the text again.
 */
export function linkify(body: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of body.matchAll(LINK)) {
    const trailing = TRAILING_PUNCTUATION.exec(match[0])?.[0] ?? "";
    const text = match[0].slice(0, match[0].length - trailing.length);
    const start = match.index;
    if (start > last) parts.push({ kind: "text", text: body.slice(last, start) });
    if (HAS_HOST.test(text)) parts.push({ kind: "link", text, href: text.toLowerCase().startsWith("www.") ? `https://${text}` : text });
    else parts.push({ kind: "text", text });
    last = start + text.length;
  }
  if (last < body.length) parts.push({ kind: "text", text: body.slice(last) });
  return mergeText(parts);
}

function mergeText(parts: TextPart[]): TextPart[] {
  const merged: TextPart[] = [];
  for (const part of parts) {
    const previous = merged.at(-1);
    if (part.kind === "text" && previous?.kind === "text") previous.text += part.text;
    else merged.push({ ...part });
  }
  return merged;
}
