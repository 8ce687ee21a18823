import { randomBytes } from "node:crypto";
import { currentBanner, SITE_BANNER_COOKIE } from "../app/shell/site-banner";
import { CONSENT_COOKIE, consentVariant } from "../app/tracking/consent";

/**
 * Keeps whole HTML pages rendered for guests for a few seconds and serves them to other
 * guests, so the catalogue and homepage cost a Map lookup instead of a render and queries.
 *
 * Safety rules (the only ways a page could carry one visitor's data to another):
 * - Only GET document requests without a session or flash cookie are looked up or stored.
 * - Only pages whose route opted in (GUEST_CACHE_HEADER) with status 200 are stored.
 * - Only requests for the configured host are looked up or stored (a page never carries a
 *   Host header's name anyway: it is rendered at the configured origin).
 * - The per-visitor values in a page (CSP nonce, CSRF token) are rendered as placeholders
 *   and replaced on every answer; cookies that change how a guest page looks (theme)
 *   are part of the key.
 * After `ttlMs` an entry is stale: it is still served for `staleMs` while one request
 * renders a fresh copy, so an expiry never makes every visitor wait at once.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  storedAt: number;
}

export class GuestPageCache {
  readonly noncePlaceholder = randomBytes(16).toString("base64url");
  readonly csrfPlaceholder = randomBytes(24).toString("base64url");
  private readonly entries = new Map<string, CachedPage>();
  private readonly refreshing = new Set<string>();

  constructor(
    private readonly options: { ttlMs: number; staleMs: number; maxEntries: number; now?: () => number },
  ) {}

  get enabled() {
    return this.options.ttlMs > 0;
  }

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  /** fresh: serve it; stale: serve it, and refresh if nobody else is; miss: render. */
  lookup(key: string): { state: "fresh" | "stale"; page: CachedPage; shouldRefresh: boolean } | { state: "miss" } {
    const page = this.entries.get(key);
    if (!page) return { state: "miss" };
    const age = this.now() - page.storedAt;
    if (age < this.options.ttlMs) return { state: "fresh", page, shouldRefresh: false };
    if (age < this.options.ttlMs + this.options.staleMs) {
      const shouldRefresh = !this.refreshing.has(key);
      if (shouldRefresh) this.refreshing.add(key);
      return { state: "stale", page, shouldRefresh };
    }
    this.entries.delete(key);
    return { state: "miss" };
  }

  store(key: string, page: Omit<CachedPage, "storedAt">) {
    this.refreshing.delete(key);
    this.entries.delete(key);
    this.entries.set(key, { ...page, storedAt: this.now() });
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  refreshFailed(key: string) {
    this.refreshing.delete(key);
  }

  clear() {
    this.entries.clear();
    this.refreshing.clear();
  }

  /** The page as this visitor must see it: their own nonce and CSRF token. */
  personalize(body: string, values: { nonce: string; csrfToken: string }) {
    return body.replaceAll(this.noncePlaceholder, values.nonce).replaceAll(this.csrfPlaceholder, values.csrfToken);
  }
}

const BYPASS_COOKIES = ["__session", "session", "flash"];
// Cookies that change how a guest page looks, each mapped to its few possible values
// (never the raw value, so a visitor cannot grow the cache with made-up cookies).
const VARIANT_COOKIES: Record<string, (value: string | undefined) => string> = {
  theme: (value) => (value === "dark" ? "dark" : "light"),
  // The site banner shows until its current id is dismissed (app/shell/site-banner.ts).
  [SITE_BANNER_COOKIE]: (value) => (value === currentBanner(new Date()).id ? "dismissed" : "open"),
  // The consent bar shows until a choice is made; the page tracks only with analytics allowed.
  [CONSENT_COOKIE]: consentVariant,
};

/**
 * Whether a GET asks for a page. Browsers send `Accept: text/html`; curl, crawlers and link
 * previewers send no Accept, or one that takes any type, and are served the same page, so they
 * get the cached copy too. A client naming other types (JSON, an event stream) keeps its own path.
 */
export function asksForPage(accept: string | undefined): boolean {
  if (!accept?.trim()) return true;
  const types = accept.split(",").map((part) => part.split(";")[0]!.trim().toLowerCase());
  return types.includes("text/html") || types.every((type) => type === "*/*");
}

/** The cache key for a guest document request, or undefined when it must not be cached. */
export function guestCacheKey(
  method: string,
  url: URL,
  headers: { accept?: string; cookies: Record<string, string | undefined>; authorization?: string },
): string | undefined {
  if (method !== "GET") return undefined;
  if (headers.authorization) return undefined;
  if (url.pathname.endsWith(".data") || url.searchParams.has("_data")) return undefined;
  if (!asksForPage(headers.accept)) return undefined;
  if (url.pathname.startsWith("/api/")) return undefined;
  if (BYPASS_COOKIES.some((name) => headers.cookies[name] !== undefined)) return undefined;
  const variant = Object.entries(VARIANT_COOKIES)
    .map(([name, normalize]) => `${name}=${normalize(headers.cookies[name])}`)
    .join("&");
  // The host is the configured one in production; in development and tests it is the request's.
  return `${url.host}${url.pathname}${url.search}|${variant}`;
}
