/**
 * The tracked landing pages (SPEC §1): a view of one of them is recorded as a `landing_page_view`
 * event named after it, besides the page view, once the visitor allows analytics. Pure.
 */
export const LANDING_PAGES = {
  "/": "homepage",
  "/university": "university",
  "/high-school": "high_school",
  "/for-educators": "educators",
  "/for-parents": "parents",
  "/on-demand": "on_demand",
  "/live-prep": "live_prep",
  "/mcat": "mcat",
  "/tutors": "tutor",
  "/scholarships": "scholarships",
  "/pricing": "subscription",
  "/blog": "blog",
  "/referral": "referral",
  "/wize-writer": "writing_tool",
} as const satisfies Record<string, string>;

export type LandingPageName = (typeof LANDING_PAGES)[keyof typeof LANDING_PAGES];

export const LANDING_PAGE_NAMES: readonly LandingPageName[] = Object.values(LANDING_PAGES);

/** The landing page a path is, or null; a trailing slash and the query do not matter. */
export function landingPageFor(pathname: string): LandingPageName | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
  return Object.hasOwn(LANDING_PAGES, path) ? LANDING_PAGES[path as keyof typeof LANDING_PAGES] : null;
}

/** SPEC §9: a page view is sent 400 ms after the page shows (1 s for the first page of a visit). */
export const PAGE_VIEW_DELAY_MS = 400;
export const FIRST_PAGE_VIEW_DELAY_MS = 1_000;
/** SPEC §9: a search is sent once typing has paused for 2 s. */
export const SEARCH_TRACKING_DEBOUNCE_MS = 2_000;
/** SPEC §9: a tracking call that is not confirmed within 1 s is given up, so nothing waits on it. */
export const TRACKING_CALLBACK_FALLBACK_MS = 1_000;

/** The delay before a page view is sent. */
export function pageViewDelay(isFirstPage: boolean): number {
  return isFirstPage ? FIRST_PAGE_VIEW_DELAY_MS : PAGE_VIEW_DELAY_MS;
}

/** The event types the site sends (and the staff report counts). */
export const TRACKING_EVENT_TYPES = {
  pageView: "page_view",
  landingPageView: "landing_page_view",
  search: "search",
  failedPurchase: "purchase_failed",
} as const;
