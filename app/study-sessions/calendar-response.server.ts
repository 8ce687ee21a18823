import { createHash } from "node:crypto";
import { CALENDAR_CONTENT_TYPE } from "~/study-sessions/calendar";

/**
 * The headers both calendar routes answer with: the file is for one person (a private cache at
 * most), revalidated each time (an edited date shows at the next fetch), with an ETag so a
 * calendar app polling the feed gets a 304 while nothing changed.
 */
export function calendarHeaders(ics: string, options: { fileName?: string; maxAgeSeconds?: number } = {}) {
  const headers = new Headers({
    "Content-Type": CALENDAR_CONTENT_TYPE,
    "Cache-Control": `private, max-age=${options.maxAgeSeconds ?? 0}, must-revalidate`,
    ETag: `"${createHash("sha256").update(ics).digest("base64url").slice(0, 27)}"`,
    "X-Content-Type-Options": "nosniff",
    // Private links must not leak through a Referer, and the file runs nothing.
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'none'",
  });
  if (options.fileName) headers.set("Content-Disposition", `attachment; filename="${options.fileName}"`);
  return headers;
}

/** Whether the client already holds this version: its If-None-Match names the ETag. */
export function notModified(ifNoneMatch: string | null, headers: Headers) {
  const given = ifNoneMatch;
  const etag = headers.get("ETag");
  return given !== null && etag !== null && given.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
