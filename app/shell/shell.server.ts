import { legalDocument, type LegalDocument } from "~/legal/documents";
import type { BarMembership } from "~/partners/membership";
import type { CoursesMenuInput } from "~/shell/menus";
import { currentBanner, isBannerOpen, SITE_BANNER_COOKIE, type SiteBanner } from "~/shell/site-banner";
import type { ShellRead } from "~/shell/shell-read.server";
import type { UnseenTour } from "~/site-tours/tours.server";
import type { Toast } from "~/toasts/toast";

/** What the app shell (bar, banner, toasts, dialogs) needs from the server on every page. */
export interface ShellData {
  banner: SiteBanner | null;
  toast: Toast | null;
  courses: CoursesMenuInput;
  /** The privacy policy, when the URL asks for it (`?privacyPolicy`): the dialog renders open. */
  privacyDialog: LegalDocument | null;
  /** The account menu's partners: accepted and invited memberships (none for guests). */
  partnerMemberships: BarMembership[];
  /** Tours the signed-in user has not seen, for the "Want a tour?" prompt (none for guests). */
  unseenTours: UnseenTour[];
}

/** What the root loader has read for the shell. */
export interface ShellInput {
  /** The signed-in user's shell read (app/shell/shell-read.server.ts); null for guests. */
  read: ShellRead | null;
  cookies: Record<string, string | undefined>;
  /** The one-time toast the request carried (already read from its signed cookie). */
  toast: Toast | null;
  /** The URL asks for the privacy policy dialog (`?privacyPolicy`). */
  privacyPolicyAsked: boolean;
  now: Date;
}

/** The shell's data for one page: guests cost no query, a signed-in user's was read with the session. */
export function shellData({ read, cookies, toast, privacyPolicyAsked, now }: ShellInput): ShellData {
  const banner = currentBanner(now);
  return {
    banner: isBannerOpen(banner, cookies[SITE_BANNER_COOKIE]) ? banner : null,
    toast,
    courses: {
      schoolType: read?.schoolType ?? null,
      mcatCourseId: read?.mcatCourseId ?? null,
      lsatCourseId: read?.lsatCourseId ?? null,
    },
    privacyDialog: privacyPolicyAsked ? legalDocument("privacy-policy") : null,
    partnerMemberships: read?.partnerMemberships ?? [],
    // Empty for a browser that turned tour prompts off: the read left the tours out.
    unseenTours: read?.unseenTours ?? [],
  };
}
