/**
 * The development mailbox (/dev/mailbox) shows every recorded mail, reset links included, to
 * anyone who opens it: it exists outside production, and in production only when DEV_MAILBOX
 * is set (the browser tests) — or for a visitor on this very machine when the app runs the
 * local setup of `npm start` (embedded database, no SMTP), so a newcomer can confirm accounts.
 * Pure rules, shared by server and page.
 */
export function devMailboxEnabled(
  config: { NODE_ENV: string; DEV_MAILBOX?: boolean; SMTP_URL?: string; database?: { kind: string } },
  clientIp?: string,
): boolean {
  if (config.NODE_ENV !== "production" || config.DEV_MAILBOX === true) return true;
  return config.database?.kind === "embedded" && !config.SMTP_URL && clientIp !== undefined && isLoopback(clientIp);
}

function isLoopback(ip: string) {
  return ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127.");
}

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
