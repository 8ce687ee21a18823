/**
 * Where the app bar shows and how it looks (SPEC §2 Shell, §9 layout). Pure, shared by the server
 * render and the browser.
 */

export const APP_BAR_HEIGHT = 56;
export const APP_BAR_DENSE_HEIGHT = 48;
/** Scrolling past this many pixels makes the bar dense. */
export const APP_BAR_SCROLL_THRESHOLD = 55;

export const APP_BAR_COLORS = ["dark", "light", "color", "medium"] as const;
export type AppBarColor = (typeof APP_BAR_COLORS)[number];

export function isAppBarColor(value: unknown): value is AppBarColor {
  return typeof value === "string" && (APP_BAR_COLORS as readonly string[]).includes(value);
}

/** Does the path start with this segment prefix ("/mcat" matches /mcat and /mcat/x, not /mcatx)? */
function under(pathname: string, prefix: string) {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

function normalize(pathname: string) {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return trimmed.toLowerCase() || "/";
}

/**
 * Hidden on print pages, study rooms, the sign-up / onboarding / checkout flow and the class
 * rep wizard: each of those screens brings its own header or none.
 */
export function isAppBarHidden(pathname: string): boolean {
  const path = normalize(pathname);
  if (path.endsWith("/print") || under(path, "/print")) return true;
  if (under(path, "/study-rooms")) return true;
  if (under(path, "/sign-up") || under(path, "/onboarding") || under(path, "/checkout")) return true;
  if (under(path, "/class-rep-wizard")) return true;
  return false;
}

const COLOR_BY_PREFIX: readonly (readonly [string, AppBarColor])[] = [
  // MCAT and LSAT pages: the dark bar of the pre-med and pre-law products.
  ["/mcat", "dark"],
  ["/mcat-flash-cards", "dark"],
  ["/cars-passages", "dark"],
  ["/med-school-calculator", "dark"],
  ["/pre-med-plus", "dark"],
  ["/lsat", "dark"],
  ["/lsat-practice-tests", "dark"],
  // Marketing landing pages sit on the brand colour.
  ["/homepage", "color"],
  ["/homepage-alt", "color"],
  ["/lp", "color"],
  ["/for-educators", "color"],
  ["/for-parents", "color"],
  // Working screens (dashboards, course tools) use the medium bar.
  ["/dashboard", "medium"],
  ["/admin", "medium"],
  ["/instructor-dashboard", "medium"],
  ["/teacher-dashboard", "medium"],
  ["/content-creator-dashboard", "medium"],
  ["/brand-ambassador-dashboard", "medium"],
  ["/marketing-rep-dashboard", "medium"],
  ["/mcat-rep-dashboard", "medium"],
  ["/in-course-experience", "medium"],
  ["/online-courses", "medium"],
  ["/wize-writer-dashboard", "medium"],
];

/**
 * The bar's colour for a path; a page may override it (route handle `appBar.color`). The
 * homepage uses the brand colour, everything not listed is light.
 */
export function appBarColor(pathname: string, override?: AppBarColor | null): AppBarColor {
  if (override) return override;
  const path = normalize(pathname);
  if (path === "/") return "color";
  const match = COLOR_BY_PREFIX.find(([prefix]) => under(path, prefix));
  return match ? match[1] : "light";
}

/** The bar's height in pixels: dense after scrolling, doubled while the site banner is open. */
export function appBarHeight({ bannerOpen, dense = false }: { bannerOpen: boolean; dense?: boolean }): number {
  const base = dense ? APP_BAR_DENSE_HEIGHT : APP_BAR_HEIGHT;
  return bannerOpen ? base * 2 : base;
}
