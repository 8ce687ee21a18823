import { managesOnlineCourse } from "~/accounts/policy/permissions";
import { AccessLevel, hasRole, isGuest, isInstructor, type Viewer } from "~/accounts/roles";
import type {
  ElitePaymentStatus,
  EnrolmentStatus,
  OnlineCourseStatus,
  PackageType,
  PackagesConfig,
  PurchaseType,
  ReadAccess,
} from "~/db/schema";

/**
 * Who may see what of an online course (SPEC §4 statuses, §5 access, practice and preview).
 * Pure and shared by server and client: every loader and API route that shows course content
 * asks this module, and nothing else decides.
 */

// ── Inputs ───────────────────────────────────────────────────────────────────────────────────

export interface CourseFacts {
  id: number;
  status: OnlineCourseStatus;
  purchaseType: PurchaseType;
  readAccess: ReadAccess;
  instructorId: number | null;
  /** The intro may be previewed before the course is published. */
  instructorIntro: boolean;
  packages: PackagesConfig;
}

export interface EnrolmentFacts {
  status: EnrolmentStatus;
  packageType: PackageType;
  elitePaymentStatus: ElitePaymentStatus | null;
  expiresAt: Date | null;
  extendedAccessDate: Date | null;
}

/**
 * The viewer's subscription, with its derived status (SPEC §4: active, trialing, incomplete,
 * canceled, paused, expired, or any status the payment provider passes through).
 */
export interface SubscriptionFacts {
  status: string;
}

export interface AccessInput {
  viewer: Viewer;
  course: CourseFacts;
  enrolment: EnrolmentFacts | null;
  subscription: SubscriptionFacts | null;
  /** The viewer's access level to this course; see `courseAccessLevel`. */
  accessLevel: AccessLevel;
  now: Date;
}

/** Where an item sits in the curriculum; enough to decide preview and which package it needs. */
export interface ItemFacts {
  activityId: number;
  chapterKind: "intro" | "chapter" | "mock_exam";
  /** Core lessons belong to Learn; additional practice to Practice. */
  sectionType: "core" | "additional";
  canPreview: boolean;
}

// ── Access level and visibility ──────────────────────────────────────────────────────────────

/** Enrolment statuses under which access counts as held (SPEC §4). */
export const HELD_STATUSES: readonly EnrolmentStatus[] = ["active", "pending_payment"];
const LEARN_PACKAGES: readonly PackageType[] = ["learn", "learn_practice_bundle"];
export const PRACTICE_PACKAGES: readonly PackageType[] = ["practice", "learn_practice_bundle"];
const SUBSCRIBED: readonly string[] = ["active", "trialing"];

/** Whether the viewer may see the course at all, given its read access (SPEC §6). */
export function passesReadAccess(viewer: Viewer, course: Pick<CourseFacts, "readAccess">, enrolment: EnrolmentFacts | null): boolean {
  switch (course.readAccess) {
    case "public":
      return true;
    case "wize_profs":
      return !isGuest(viewer) && isInstructor(viewer);
    case "partner_members":
      return !isGuest(viewer) && hasRole(viewer, "partner_member");
    case "private":
      // Only people the course was given to: an enrolment in any status but a declined invite.
      return enrolment !== null && enrolment.status !== "invite_rejected";
  }
}

/**
 * The viewer's access level to the course (SPEC §4 ladder):
 *   ADMIN for admins; EDIT for managers and the course's instructor while they hold an
 *   instructor role (`managesOnlineCourse`, as the manager pages decide); FULL_VIEW for content QA
 *   specialists (they review every course's content);
 *   then by status: hidden and closed NONE, preparing OVERVIEW (details and pre-registration),
 *   published LIMITED_VIEW (register and view what the packages allow) — each only when the
 *   course's read access lets the viewer in, else NONE.
 */
export function courseAccessLevel(
  viewer: Viewer,
  course: Pick<CourseFacts, "status" | "readAccess" | "instructorId">,
  enrolment: EnrolmentFacts | null,
): AccessLevel {
  if (!isGuest(viewer) && hasRole(viewer, "admin")) return AccessLevel.ADMIN;
  if (managesOnlineCourse(viewer, course.instructorId)) return AccessLevel.EDIT;
  if (!isGuest(viewer) && hasRole(viewer, "content_qa_specialist")) return AccessLevel.FULL_VIEW;
  if (!passesReadAccess(viewer, course, enrolment)) return AccessLevel.NONE;
  switch (course.status) {
    case "hidden":
    case "closed":
      return AccessLevel.NONE;
    case "preparing":
      return AccessLevel.OVERVIEW;
    case "published":
      return AccessLevel.LIMITED_VIEW;
  }
}

/** The course's overview page shows at OVERVIEW and above (hidden courses are invisible to students). */
export const canSeeCourse = (level: AccessLevel) => level >= AccessLevel.OVERVIEW;

/** Registration: pre-registration while preparing, registration once published. */
export function registration(course: Pick<CourseFacts, "status">, level: AccessLevel): "pre-register" | "register" | null {
  if (level < AccessLevel.OVERVIEW) return null;
  if (course.status === "preparing") return "pre-register";
  if (course.status === "published") return "register";
  return null;
}

/** Instructors, managers and admins edit; a closed course takes no edits (SPEC §4). */
export function canEditCourse(course: Pick<CourseFacts, "status">, level: AccessLevel): boolean {
  return level >= AccessLevel.EDIT && course.status !== "closed";
}

// ── Decisions ────────────────────────────────────────────────────────────────────────────────

/** Why something is locked; each comes with what the viewer can do about it (`lockExplanation`). */
export type LockReason =
  /** The course is not visible to the viewer (hidden, closed, or its read access). */
  | "not-visible"
  /** The course is preparing: only the details and pre-registration are open. */
  | "not-open-yet"
  /** A guest: signing in (and enrolling) may open it. */
  | "sign-in"
  /** An enrolment that no longer holds access (expired, refunded, an invite not yet accepted…). */
  | "enrolment-inactive"
  /** Part of the Learn package (or the Learn-Practice Bundle). */
  | "needs-learn"
  /** Part of the Practice package (or the Learn-Practice Bundle). */
  | "needs-practice"
  /** The course comes with an active or trialing subscription. */
  | "needs-subscription"
  /** A bundle course: an active course subscription, or MCAT Elite paid in full. */
  | "needs-bundle"
  /** MCAT Elite with only the deposit paid: paying the balance opens it. */
  | "needs-full-payment"
  /** The course offers no Practice package. */
  | "practice-not-offered";

export type Decision = { allowed: true; via: "level" | "package" | "free" | "subscription" | "bundle" | "preview" } | { allowed: false; reason: LockReason };

const allow = (via: Extract<Decision, { allowed: true }>["via"]): Decision => ({ allowed: true, via });
const deny = (reason: LockReason): Decision => ({ allowed: false, reason });

/** An enrolment holds access while active or pending payment and not past its end (extended access counts). */
export function holdsEnrolment(enrolment: EnrolmentFacts | null, now: Date): boolean {
  if (!enrolment || !HELD_STATUSES.includes(enrolment.status)) return false;
  const end = latest(enrolment.expiresAt, enrolment.extendedAccessDate);
  return end === null || end.getTime() > now.getTime();
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (a === null) return b;
  if (b === null) return a;
  return a.getTime() >= b.getTime() ? a : b;
}

/** What to ask a viewer below LIMITED_VIEW for. */
function belowLimitedView(input: AccessInput): LockReason {
  if (input.accessLevel >= AccessLevel.OVERVIEW) return "not-open-yet";
  return isGuest(input.viewer) && input.course.readAccess !== "public" ? "sign-in" : "not-visible";
}

/** Why a holder of no enrolment (or an inactive one) is locked out of something a package opens. */
function packageReason(input: AccessInput, needs: "needs-learn" | "needs-practice"): LockReason {
  if (isGuest(input.viewer)) return "sign-in";
  if (input.enrolment && !holdsEnrolment(input.enrolment, input.now)) return "enrolment-inactive";
  return needs;
}

/**
 * Full content (SPEC §5): FULL_VIEW and above always; below LIMITED_VIEW never; otherwise by the
 * course's purchase type — standard: an active Learn package, or enrolment when the Learn (pro)
 * price is 0; subscription: an active or trialing subscription; bundle: an active course
 * subscription or MCAT Elite paid in full.
 */
export function fullContentAccess(input: AccessInput): Decision {
  if (input.accessLevel >= AccessLevel.FULL_VIEW) return allow("level");
  if (input.accessLevel < AccessLevel.LIMITED_VIEW) return deny(belowLimitedView(input));
  const { course, enrolment, subscription, now } = input;
  const held = holdsEnrolment(enrolment, now);
  switch (course.purchaseType) {
    case "standard": {
      if (held && LEARN_PACKAGES.includes(enrolment!.packageType)) return allow("package");
      if (held && (course.packages.pro?.price_cents ?? 0) === 0) return allow("free");
      return deny(packageReason(input, "needs-learn"));
    }
    case "subscription": {
      if (subscription && SUBSCRIBED.includes(subscription.status)) return allow("subscription");
      return deny(isGuest(input.viewer) ? "sign-in" : "needs-subscription");
    }
    case "course_bundle": {
      if (subscription && subscription.status === "active") return allow("subscription");
      if (held && enrolment!.elitePaymentStatus === "full_paid") return allow("bundle");
      if (held && enrolment!.elitePaymentStatus === "deposit_paid") return deny("needs-full-payment");
      if (isGuest(input.viewer)) return deny("sign-in");
      if (enrolment && !held) return deny("enrolment-inactive");
      return deny("needs-bundle");
    }
  }
}

/**
 * Practice (SPEC §5): the Practice package must be enabled and its price rules satisfied — a
 * Practice or bundle package held, or enrolment when the Practice price is 0; subscription and
 * bundle courses open practice with the rest of their content. FULL_VIEW and above always.
 */
export function practiceAccess(input: AccessInput): Decision {
  if (input.accessLevel >= AccessLevel.FULL_VIEW) return allow("level");
  if (input.accessLevel < AccessLevel.LIMITED_VIEW) return deny(belowLimitedView(input));
  const { course, enrolment, now } = input;
  if (course.purchaseType !== "standard") return fullContentAccess(input);
  const practice = course.packages.practice;
  if (!practice?.enabled) return deny("practice-not-offered");
  const held = holdsEnrolment(enrolment, now);
  if (held && PRACTICE_PACKAGES.includes(enrolment!.packageType)) return allow("package");
  if (held && practice.price_cents === 0) return allow("free");
  return deny(packageReason(input, "needs-practice"));
}

/**
 * Preview (SPEC §5): the intro of a published course, or of a course that opens its intro early;
 * anything marked can_preview; or items in a granted list. The course must be visible.
 */
export function previewAllowed(input: AccessInput, item: ItemFacts, granted: readonly number[] = []): boolean {
  if (input.accessLevel < AccessLevel.OVERVIEW) return false;
  if (item.chapterKind === "intro" && (input.course.status === "published" || input.course.instructorIntro)) return true;
  if (input.accessLevel < AccessLevel.LIMITED_VIEW) return false;
  return item.canPreview || granted.includes(item.activityId);
}

/**
 * One item of the curriculum: previewable items are open to anyone who can see the course; core
 * items need full content, additional practice needs practice (full content of a bundle or
 * subscription course includes it).
 */
export function itemAccess(input: AccessInput, item: ItemFacts, granted: readonly number[] = []): Decision {
  if (input.accessLevel >= AccessLevel.FULL_VIEW) return allow("level");
  if (previewAllowed(input, item, granted)) return allow("preview");
  // A standard course's Learn package does not include the Practice package, nor the reverse.
  return item.sectionType === "additional" ? practiceAccess(input) : fullContentAccess(input);
}

/** The sentence shown on a locked item, and where to go about it. */
export function lockExplanation(reason: LockReason, courseId: number): { message: string; action: { label: string; href: string } | null } {
  const overview = `/online-courses/${courseId}`;
  switch (reason) {
    case "not-visible":
      return { message: "This course is not available to you.", action: { label: "Browse courses", href: "/courses" } };
    case "not-open-yet":
      return { message: "This course has not opened yet. Pre-register to hear when it does.", action: { label: "Pre-register", href: overview } };
    case "sign-in":
      return { message: "Sign in to open this lesson.", action: { label: "Sign in", href: `/users/sign_in?redirect_to=${encodeURIComponent(overview)}` } };
    case "enrolment-inactive":
      return { message: "Your access to this course has ended.", action: { label: "Renew access", href: `${overview}#packages` } };
    case "needs-learn":
      return { message: "This lesson is part of the Learn package.", action: { label: "See packages", href: `${overview}#packages` } };
    case "needs-practice":
      return { message: "This practice is part of the Practice package.", action: { label: "See packages", href: `${overview}#packages` } };
    case "needs-subscription":
      return { message: "This course is included with a Plus subscription.", action: { label: "See plans", href: "/pricing" } };
    case "needs-bundle":
      return { message: "This course comes with an active course subscription or MCAT Elite enrolment.", action: { label: "See options", href: `${overview}#packages` } };
    case "needs-full-payment":
      return { message: "Pay the balance of your MCAT Elite fee to open the full course.", action: { label: "Pay the balance", href: `${overview}#packages` } };
    case "practice-not-offered":
      return { message: "This course has no practice package.", action: null };
  }
}

/** The facts this module needs from an online_courses row. */
export function courseFactsOf(row: {
  id: number;
  status: OnlineCourseStatus;
  purchase_type: PurchaseType;
  read_access: ReadAccess;
  instructor_id: number | null;
  instructor_intro: boolean;
  packages_config: PackagesConfig;
}): CourseFacts {
  return {
    id: row.id,
    status: row.status,
    purchaseType: row.purchase_type,
    readAccess: row.read_access,
    instructorId: row.instructor_id,
    instructorIntro: row.instructor_intro,
    packages: row.packages_config,
  };
}
