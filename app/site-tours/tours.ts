/**
 * Site tours (SPEC §2, §3, §4): which tour belongs to a page, the order its steps are shown in,
 * moving between steps, and when the "Want a tour?" prompt is offered. Pure, shared by the
 * server (the /site-tour page) and the browser (the overlay and the prompt);
 * tests/unit/site-tours/tours.test.ts and tour-links.test.ts.
 */

import { safeRedirectPath } from "~/security/safe-redirect";

export const SITE_TOUR_KEYS = ["site_help", "online_course_experience", "video", "study_room"] as const;
export type SiteTourKey = (typeof SITE_TOUR_KEYS)[number];

/** SPEC §8: the prompt waits until the visitor has stayed on a page this long. */
export const TOUR_PROMPT_DEBOUNCE_MS = 1000;
/** A browser with this cookie set to "off" is never offered a tour (shared screens, kiosks, automated browsers). */
export const TOUR_PROMPTS_COOKIE = "site_tour_prompts";

export function isSiteTourKey(value: unknown): value is SiteTourKey {
  return (SITE_TOUR_KEYS as readonly unknown[]).includes(value);
}

const PATH_TOURS: readonly [RegExp, SiteTourKey][] = [
  [/^\/in-course-experience\//, "online_course_experience"],
  [/^\/study-rooms(\/|$)/, "study_room"],
  [/^\/drm-video-testing(\/|$)/, "video"],
];

/** The tour about the page at this path; the site help tour everywhere without one of its own. */
export function tourForPath(pathname: string): SiteTourKey {
  return PATH_TOURS.find(([pattern]) => pattern.test(pathname))?.[1] ?? "site_help";
}

/** The tour page's path. */
const TOUR_PAGE = "/site-tour";
/**
 * The longest page address a tour link carries back: a same-site page with its query fits with
 * room to spare, and the tour link stays far below the sizes servers refuse (HTTP 414 and 431).
 */
export const TOUR_RETURN_MAX_LENGTH = 512;
// Any origin: `from` is judged as a site-relative path, which resolves to the same origin whatever it is.
const SAME_SITE = "http://same-site.invalid";

/** Whether the path is the tour page, as the router matches it (any letter case, a trailing slash, percent-encoded). */
function isTourPage(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not decodable: the router would not match it to the tour page either.
  }
  return decoded.toLowerCase().replace(/\/+$/, "") === TOUR_PAGE;
}

/**
 * The page a tour leads back to, from a `from` value: a same-site path with its query (no
 * fragment), shortened to its path when the query makes it longer than TOUR_RETURN_MAX_LENGTH.
 * Null for anything else: off-site, unsafe or overlong addresses (app/security/safe-redirect.ts),
 * a path too long by itself, and the tour page itself, which would nest one tour address in the next.
 */
export function tourReturnPath(from: unknown): string | null {
  const safe = safeRedirectPath(from, SAME_SITE, "");
  if (!safe) return null;
  const { pathname, search } = new URL(safe, SAME_SITE);
  if (isTourPage(pathname)) return null;
  const page = `${pathname}${search}`;
  if (page.length <= TOUR_RETURN_MAX_LENGTH) return page;
  return pathname.length <= TOUR_RETURN_MAX_LENGTH ? pathname : null;
}

/**
 * Where the tour button leads without JavaScript from the page at `here` (its path and query):
 * the tour's steps as a page, with a way back. On a tour page the way back is the one that page
 * already has, never the tour page itself: otherwise each click would wrap the address in another
 * `from`, a chain without end for crawlers.
 */
export function siteTourHref(key: SiteTourKey, here?: string | null): string {
  const query = new URLSearchParams({ tour: key });
  const from = wayBackFrom(here);
  if (from) query.set("from", from);
  return `${TOUR_PAGE}?${query}`;
}

/** The page a tour link on the page at `here` leads back to: that page, or the one a tour page leads back to. */
function wayBackFrom(here: string | null | undefined): string | null {
  const safe = safeRedirectPath(here, SAME_SITE, "");
  if (!safe) return null;
  const url = new URL(safe, SAME_SITE);
  return isTourPage(url.pathname) ? tourReturnPath(url.searchParams.get("from")) : tourReturnPath(safe);
}

export interface TourStep {
  position: number;
  selector: string;
  title: string;
  body: string;
}

/** Steps in their stored order (position), whatever order they arrived in. */
export function orderedSteps<S extends TourStep>(steps: readonly S[]): S[] {
  return [...steps].sort((a, b) => a.position - b.position);
}

/**
 * The steps the overlay walks through on this page: in order, skipping those whose element is
 * not on the page (a guest has no account menu). When none of them is, every step is shown
 * without a highlight, so a tour started away from its page still explains itself.
 */
export function stepsToShow<S extends TourStep>(steps: readonly S[], isPresent: (selector: string) => boolean): { steps: S[]; highlighted: boolean } {
  const ordered = orderedSteps(steps);
  const present = ordered.filter((step) => isPresent(step.selector));
  return present.length > 0 ? { steps: present, highlighted: true } : { steps: ordered, highlighted: false };
}

/**
 * The index of the step to show after `from` going forward (or back): the first whose element is
 * on the page now, skipping those that vanished since the tour started (a closed menu, a page that
 * changed). Null when none is left that way, which finishes the tour going forward, so a tour is
 * never stuck on a step it cannot point at.
 */
export function nextVisibleStep<S extends TourStep>(steps: readonly S[], from: number, direction: "next" | "back", isVisible: (selector: string) => boolean): number | null {
  const delta = direction === "next" ? 1 : -1;
  for (let index = from + delta; index >= 0 && index < steps.length; index += delta) {
    if (isVisible(steps[index]!.selector)) return index;
  }
  return null;
}

/** Moving through a tour of `count` steps: Next past the last step, or End, finishes it. */
export type TourMove = "next" | "back" | "end";
export type TourPosition = { index: number } | { finished: true };

export function moveInTour(index: number, count: number, move: TourMove): TourPosition {
  if (move === "end" || count === 0) return { finished: true };
  if (move === "back") return { index: Math.max(0, index - 1) };
  return index + 1 >= count ? { finished: true } : { index: index + 1 };
}

/**
 * The tour to offer on this page with the "Want a tour?" prompt: the page's tour, when the
 * signed-in user has not seen it and it was not already offered in this visit (once per unseen tour).
 */
export function tourToOffer(pathname: string, unseen: readonly SiteTourKey[], offered: ReadonlySet<SiteTourKey>): SiteTourKey | null {
  const key = tourForPath(pathname);
  return unseen.includes(key) && !offered.has(key) ? key : null;
}
