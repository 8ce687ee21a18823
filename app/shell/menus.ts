import { hasRole, isGuest, isInstructor, type Viewer } from "~/accounts/roles";
import type { SchoolType } from "~/db/schema";

/**
 * What the app bar and footer offer each visitor (SPEC §2 Shell). Pure, shared by the server
 * render and the browser; tests/unit/shell/menus.test.ts checks every role.
 */

export interface MenuLink {
  label: string;
  href: string;
  /** Leaves the site (opens the help centre, for example). */
  external?: boolean;
}

/** The help centre lives outside the app. */
export const HELP_CENTER_URL = "https://help.marketplace.test";

// ── Left items ───────────────────────────────────────────────────────────────────────────────

export interface LeftItems {
  /** Always shown. */
  main: MenuLink;
  /** Shown folded under the main item ("More homes"). */
  collapsed: MenuLink[];
}

const STUDENT_HOME: MenuLink = { label: "Student Home", href: "/dashboard" };
const EDUCATOR_HOME: MenuLink = { label: "Educator Home", href: "/instructor-dashboard" };

/**
 * The bar's left items by role, in the home-path priority order: admin 'Home' with Educator and
 * Student Home folded; instructors and tutors 'Home' with Student Home; teacher 'Home'; content
 * creator 'Dashboard'; manager 'Home' with Student Home; student 'Dashboard'. Guests have none.
 */
export function leftItems(viewer: Viewer): LeftItems | null {
  if (isGuest(viewer)) return null;
  if (hasRole(viewer, "admin")) return { main: { label: "Home", href: "/admin" }, collapsed: [EDUCATOR_HOME, STUDENT_HOME] };
  if (isInstructor(viewer) || hasRole(viewer, "tutor")) {
    return { main: { label: "Home", href: "/instructor-dashboard" }, collapsed: [STUDENT_HOME] };
  }
  if (hasRole(viewer, "teacher")) return { main: { label: "Home", href: "/teacher-dashboard" }, collapsed: [] };
  if (hasRole(viewer, "content_creator")) return { main: { label: "Dashboard", href: "/content-creator-dashboard" }, collapsed: [] };
  if (hasRole(viewer, "manager")) return { main: { label: "Home", href: "/admin" }, collapsed: [STUDENT_HOME] };
  return { main: { label: "Dashboard", href: "/dashboard" }, collapsed: [] };
}

// ── Role menu ────────────────────────────────────────────────────────────────────────────────

/** Entries for the student-side programme and community roles, in the order the menu lists them. */
export function roleMenuEntries(viewer: Viewer): MenuLink[] {
  const entries: MenuLink[] = [];
  if (hasRole(viewer, "marketing_rep")) entries.push({ label: "Marketing Dashboard", href: "/marketing-rep-dashboard" });
  if (hasRole(viewer, "class_rep")) entries.push({ label: "Class Rep Dashboard", href: "/dashboard?tab=class-rep" });
  if (hasRole(viewer, "mcat_rep")) entries.push({ label: "MCAT Rep Dashboard", href: "/mcat-rep-dashboard" });
  if (hasRole(viewer, "class_rep", "marketing_rep")) entries.push({ label: "Announcements", href: "/announcements" });
  if (hasRole(viewer, "job_applicant")) entries.push({ label: "Job Application", href: "/job-application" });
  if (hasRole(viewer, "brand_ambassador")) entries.push({ label: "Brand Ambassador Dashboard", href: "/brand-ambassador-dashboard" });
  if (hasRole(viewer, "study_buddy_admin")) entries.push({ label: "Study Buddy Questions", href: "/instructor-dashboard?page=oc_questions" });
  if (hasRole(viewer, "forum_moderator")) entries.push({ label: "Forum Reports", href: "/forum-reports" });
  // Content creators land on it; blog managers reach it from here.
  if (hasRole(viewer, "blog_manager") && !hasRole(viewer, "content_creator")) entries.push({ label: "Blog Dashboard", href: "/content-creator-dashboard" });
  return entries;
}

// ── Resources, account, main links ───────────────────────────────────────────────────────────

/** Privacy Policy, Help Center, and Invite a Friend for signed-in users. */
export function resourcesMenu(viewer: Viewer): MenuLink[] {
  const entries: MenuLink[] = [
    { label: "Privacy Policy", href: "/privacy-policy" },
    { label: "Help Center", href: HELP_CENTER_URL, external: true },
  ];
  if (!isGuest(viewer)) entries.push({ label: "Invite a Friend", href: "/invites" });
  return entries;
}

/** The account menu's links; "Sign out" follows them as a form. */
export function accountMenu(partners: readonly { name: string; href: string }[] = []): MenuLink[] {
  return [{ label: "My Account", href: "/profile" }, ...partners.map((partner) => ({ label: partner.name, href: partner.href }))];
}

/** Links shown in the bar next to the Courses menu. */
export function mainLinks(viewer: Viewer): MenuLink[] {
  const links: MenuLink[] = [{ label: "Tutors", href: "/tutors" }];
  if (isGuest(viewer)) links.push({ label: "Pricing", href: "/pricing" });
  links.push({ label: "Blog", href: "/blog" });
  return links;
}

// ── Courses dropdown ─────────────────────────────────────────────────────────────────────────

export interface CoursesMenuInput {
  /** The signed-in user's school type; null for guests and users without a school. */
  schoolType: SchoolType | null;
  /** The user's own MCAT / LSAT online course, when enrolled. */
  mcatCourseId: number | null;
  lsatCourseId: number | null;
}

/**
 * University, MCAT, LSAT and High School, by the user's school type: university students see
 * University, MCAT and LSAT; high school and K-8 students see High School and University;
 * everyone else sees all four. MCAT and LSAT open the user's own course when enrolled.
 */
export function coursesMenu({ schoolType, mcatCourseId, lsatCourseId }: CoursesMenuInput): MenuLink[] {
  const university: MenuLink = { label: "University", href: "/university" };
  const highSchool: MenuLink = { label: "High School", href: "/high-school" };
  const mcat: MenuLink = { label: "MCAT", href: mcatCourseId ? `/online-courses/${mcatCourseId}` : "/mcat" };
  const lsat: MenuLink = { label: "LSAT", href: lsatCourseId ? `/online-courses/${lsatCourseId}` : "/lsat" };
  if (schoolType === "university") return [university, mcat, lsat];
  if (schoolType === "high_school" || schoolType === "k_to_8") return [highSchool, university];
  return [university, mcat, lsat, highSchool];
}

// ── Sign-up button ───────────────────────────────────────────────────────────────────────────

const MCAT_PATH = /^\/(mcat|mcat-flash-cards|cars-passages|med-school-calculator|pre-med-plus)(\/|$)/;

/**
 * Where "Get Started for Free" goes: on MCAT pages to sign-up for the MCAT product with a way
 * back to the page, on the educators page to sign-up as a teacher, elsewhere to plain sign-up.
 */
export function signUpHref(pathname: string): string {
  if (MCAT_PATH.test(pathname)) return `/sign-up?${new URLSearchParams({ product: "mcat", redirect_to: pathname })}`;
  if (pathname === "/for-educators" || pathname.startsWith("/for-educators/")) return "/sign-up?role=teacher";
  return "/sign-up";
}

// ── Footer ───────────────────────────────────────────────────────────────────────────────────

export interface FooterColumn {
  heading: string;
  links: MenuLink[];
}

/** A footer subject: the course search for its name. */
function subjectSearch(subject: string): MenuLink {
  return { label: subject, href: `/search?${new URLSearchParams({ type: "course", query: subject.toLowerCase() })}` };
}

/** The footer's columns (SPEC §2): company links, university and high school subjects, MCAT. */
export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    heading: "Company",
    links: [
      { label: "About", href: "/about" },
      { label: "Careers", href: "/careers" },
      { label: "Blog", href: "/blog" },
      { label: "Free Resources", href: "/blog?category=free_resources" },
      { label: "Pricing", href: "/pricing" },
      { label: "Help Center", href: HELP_CENTER_URL, external: true },
      { label: "Scholarships", href: "/scholarships" },
    ],
  },
  {
    heading: "University",
    links: [
      subjectSearch("Calculus"),
      subjectSearch("Chemistry"),
      subjectSearch("Biology"),
      subjectSearch("Statistics"),
      { label: "Textbooks", href: "/textbooks/undergrad" },
      { label: "See All", href: "/university" },
    ],
  },
  {
    heading: "High School",
    links: [
      subjectSearch("Math"),
      subjectSearch("Biology"),
      subjectSearch("Chemistry"),
      subjectSearch("English"),
      { label: "HS Textbooks", href: "/textbooks/high-school" },
      { label: "AP Textbooks", href: "/textbooks/ap" },
      { label: "See All", href: "/high-school" },
    ],
  },
  {
    heading: "MCAT",
    links: [
      { label: "MCAT Programs", href: "/mcat" },
      { label: "Free Resources", href: "/mcat/free-resources" },
      { label: "Events", href: "/mcat/events" },
      { label: "Med School Calculator", href: "/med-school-calculator" },
      { label: "MCAT Blog", href: "/blog?category=mcat" },
    ],
  },
];

/** Terms, privacy and contact sit under the columns; all open as dialogs when JavaScript runs. */
export const FOOTER_LEGAL_LINKS: readonly MenuLink[] = [
  { label: "Terms of Use", href: "/terms-and-conditions" },
  { label: "Privacy Policy", href: "/privacy-policy" },
  { label: "Contact us", href: "/contact-us" },
];
