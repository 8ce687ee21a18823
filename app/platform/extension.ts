/**
 * The marketplace's browser extension (SPEC §7: the extension is queried for its version). The
 * protocol, documented in docs/architecture.md: the page posts
 * `{ type: "marketplace-extension:ping" }` to its own window; an installed extension's content
 * script answers `{ type: "marketplace-extension:pong", version }` the same way. Pure;
 * tests/unit/platform/extension.test.ts.
 */

export const EXTENSION_PING = "marketplace-extension:ping";
export const EXTENSION_PONG = "marketplace-extension:pong";
/** How long the page waits for an answer; no answer is the usual case (no extension). */
export const EXTENSION_TIMEOUT_MS = 500;
/** Set in sessionStorage once asked, so a browser tab asks once per session. */
export const EXTENSION_CHECKED_KEY = "marketplace-extension-checked";
/** The browser's id for the platform record, kept in localStorage. */
export const CLIENT_ID_KEY = "marketplace-client-id";

const VERSION = /^\d{1,5}(\.\d{1,5}){0,3}([-+][0-9A-Za-z.-]{1,20})?$/;

/** The version in an extension's answer, or null for any other message (other scripts post to window too). */
export function extensionVersion(message: unknown): string | null {
  if (typeof message !== "object" || message === null) return null;
  const { type, version } = message as { type?: unknown; version?: unknown };
  if (type !== EXTENSION_PONG || typeof version !== "string") return null;
  return version.length <= 40 && VERSION.test(version) ? version : null;
}

/** Whether a client id from the browser is one the platform record takes. */
export function isClientId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{8,80}$/.test(value);
}
