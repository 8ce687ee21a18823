import { z } from "zod";
import { courseTerm } from "~/formatting/format";

/**
 * The site-wide banner (SPEC §2 Shell): one message at a time, shown above the app bar (which
 * doubles in height while it is open) until the visitor dismisses it. Dismissing is a form; the
 * banner's id is remembered in a cookie, so a new banner shows again. Pure.
 */
export const SITE_BANNER_COOKIE = "site_banner";
export const BANNER_TRANSITION_MS = 300;

export interface SiteBanner {
  id: string;
  message: string;
  link: { label: string; href: string };
}

/**
 * The banner for a date: the exam-prep season of the current term (Winter, Summer, Fall), so
 * each term brings a new banner and last term's dismissal does not hide it.
 */
export function currentBanner(now: Date): SiteBanner {
  const term = courseTerm(now);
  return {
    id: `exam-prep-${term.season.toLowerCase()}-${term.year}`,
    message: `${term.label} exam prep is open: self-paced courses and live study sessions for your courses.`,
    link: { label: "Browse courses", href: "/courses" },
  };
}

/** Open unless this banner's id is the one the visitor dismissed. */
export function isBannerOpen(banner: SiteBanner | null, dismissedId: string | undefined | null): boolean {
  return banner !== null && banner.id !== dismissedId;
}

/** The banner's dismiss form: it only says where to go back to. */
export const dismissBannerSchema = z.object({ redirectTo: z.string().optional() });
