/**
 * Who may open the development mailbox (/dev/mailbox), which shows every recorded mail, reset
 * links included:
 * - outside production, everyone (development and tests);
 * - in production only when DEV_MAILBOX says so: "open" (DEV_MAILBOX=true, the browser tests)
 *   or "key" (DEV_MAILBOX=local, what `npm start` sets): only a browser that opened the secret
 *   link printed at start. No address or header decides, so no forwarded header can open it.
 * Pure rules, shared by server and page.
 */
export type DevMailboxAccess = "open" | "key" | "closed";

export function devMailboxAccess(config: { NODE_ENV: string; DEV_MAILBOX: "open" | "local" | "off" }): DevMailboxAccess {
  if (config.NODE_ENV !== "production" || config.DEV_MAILBOX === "open") return "open";
  return config.DEV_MAILBOX === "local" ? "key" : "closed";
}

/** The cookie that holds the mailbox key once its link was opened, and the link's query parameter. */
export const DEV_MAILBOX_COOKIE = "dev_mailbox";
export const DEV_MAILBOX_KEY_PARAM = "key";

/** One way to show times on server and client alike (no hydration mismatch across time zones). */
export function formatUtc(date: Date) {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

export type TextPart = { kind: "text"; text: string } | { kind: "link"; href: string };

// Stops at whitespace and at characters that end a URL in prose: quotes and angle brackets.
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
// Punctuation that ends a sentence rather than the URL.
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** Splits a plain-text mail body into text and http(s) links, so the page can make links clickable without rendering mail HTML. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const trailing = TRAILING_PUNCTUATION.exec(match[0])?.[0] ?? "";
    const href = match[0].slice(0, match[0].length - trailing.length);
    const start = match.index;
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    if (/^https?:\/\/[^/?#]/.test(href)) parts.push({ kind: "link", href });
    else parts.push({ kind: "text", text: href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return mergeText(parts);
}

function mergeText(parts: TextPart[]): TextPart[] {
  const merged: TextPart[] = [];
  for (const part of parts) {
    const previous = merged[merged.length - 1];
    if (part.kind === "text" && previous?.kind === "text") previous.text += part.text;
    else merged.push(part);
  }
  return merged;
}
