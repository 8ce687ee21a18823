import type { CurrentSession } from "~/accounts/session.server";
import { db } from "~/db/db.server";
import type { SchoolType } from "~/db/schema";
import { legalDocument, type LegalDocument } from "~/legal/documents";
import type { BarMembership } from "~/partners/membership";
import { barMemberships } from "~/partners/memberships.server";
import type { CoursesMenuInput } from "~/shell/menus";
import { currentBanner, isBannerOpen, SITE_BANNER_COOKIE, type SiteBanner } from "~/shell/site-banner";
import { TOUR_PROMPTS_COOKIE } from "~/site-tours/tours";
import { unseenTours, type UnseenTour } from "~/site-tours/tours.server";
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

const ENROLLED = ["active", "trialing"] as const;

/** The signed-in user's school type and own MCAT / LSAT courses, in two small indexed queries. */
async function coursesMenuInput(session: CurrentSession | null): Promise<CoursesMenuInput> {
  if (!session) return { schoolType: null, mcatCourseId: null, lsatCourseId: null };
  const schoolId = session.user.school_id;
  const [school, enrolments] = await Promise.all([
    schoolId === null
      ? Promise.resolve(undefined)
      : db().selectFrom("schools").select("school_type").where("id", "=", schoolId).executeTakeFirst(),
    db()
      .selectFrom("online_course_users as ocu")
      .innerJoin("online_courses as oc", "oc.id", "ocu.online_course_id")
      .select(["oc.id", "oc.course_code"])
      .where("ocu.user_id", "=", session.user.id)
      .where("ocu.status", "in", ENROLLED)
      .where("oc.course_code", "in", ["MCAT", "LSAT"])
      .orderBy("ocu.updated_at", "desc")
      .execute(),
  ]);
  const own = (code: string) => enrolments.find((row) => row.course_code === code)?.id ?? null;
  return { schoolType: (school?.school_type as SchoolType | undefined) ?? null, mcatCourseId: own("MCAT"), lsatCourseId: own("LSAT") };
}

/** What the root loader reads from the request for the shell. */
export interface ShellInput {
  session: CurrentSession | null;
  cookies: Record<string, string | undefined>;
  /** The one-time toast the request carried (already read from its signed cookie). */
  toast: Toast | null;
  /** The URL asks for the privacy policy dialog (`?privacyPolicy`). */
  privacyPolicyAsked: boolean;
  now: Date;
}

/** The shell's data for one page. */
export async function loadShell({ session, cookies, toast, privacyPolicyAsked, now }: ShellInput): Promise<ShellData> {
  const banner = currentBanner(now);
  // Guests cost no query here: their bar has no partners and they are not prompted for tours.
  // A browser that has turned tour prompts off is not prompted either.
  const [courses, partnerMemberships, tours] = await Promise.all([
    coursesMenuInput(session),
    session ? barMemberships(session.user.id) : [],
    session && cookies[TOUR_PROMPTS_COOKIE] !== "off" ? unseenTours(session.user.id) : [],
  ]);
  return {
    banner: isBannerOpen(banner, cookies[SITE_BANNER_COOKIE]) ? banner : null,
    toast,
    courses,
    privacyDialog: privacyPolicyAsked ? legalDocument("privacy-policy") : null,
    partnerMemberships,
    unseenTours: tours,
  };
}
