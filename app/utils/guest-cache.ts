import type { HeadersFunction } from "@remix-run/node";

/**
 * A page that renders the same for every guest may be kept by the server for a few
 * seconds and served to other guests (server/guest-page-cache.ts). The route says so by
 * exporting `headers = guestCacheableHeaders`; the marker header never leaves the server.
 * Only requests without a session or flash cookie are ever served from that cache.
 */
export const GUEST_CACHE_HEADER = "x-guest-cacheable";

export const guestCacheableHeaders: HeadersFunction = () => ({
  [GUEST_CACHE_HEADER]: "1",
  "Cache-Control": "private, no-cache",
});
