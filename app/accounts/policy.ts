import { hasRole, INSTRUCTOR_ROLES, isGuest, isInstructor, type Role, type Viewer } from "~/accounts/roles";

/**
 * The one place that says who may do what (issue 3, item 2). Pure, shared by server and client:
 * loaders and actions ask it through app/accounts/authorize.server.ts, pages ask `can` to decide
 * which buttons to show, and tests/system/route-access.test.ts walks the route table below with
 * every role and a guest.
 */

// ── Groups used by both the route table and `can`, so the two cannot drift apart ────────────

/** Who lands on /admin (SPEC §2: admin and manager). */
export const ADMIN_AREA_ROLES = ["admin", "manager"] as const satisfies readonly Role[];
/**
 * Who may list and search users. SPEC §6 names "listing users" an admin-only call, so a manager
 * opens /admin (their home) but sees no user directory there.
 */
export const USER_DIRECTORY_ROLES = ["admin"] as const satisfies readonly Role[];
/** Who opens the instructor dashboard: every instructor kind, tutors, and admins (who support them). */
export const INSTRUCTOR_DASHBOARD_ROLES = [...INSTRUCTOR_ROLES, "tutor", "admin"] as const satisfies readonly Role[];
export const TEACHER_DASHBOARD_ROLES = ["teacher", "admin"] as const satisfies readonly Role[];
export const CONTENT_CREATOR_DASHBOARD_ROLES = ["content_creator", "admin"] as const satisfies readonly Role[];
/** Who may open the online-course editor at all; `can(viewer, "manage_online_course", course)` then decides per course. */
export const ONLINE_COURSE_EDITOR_ROLES = [...INSTRUCTOR_ROLES, "manager", "admin"] as const satisfies readonly Role[];
/** Who may browse the question bank (/online-course-activities/questions). */
export const QUESTION_BANK_ROLES = [...INSTRUCTOR_ROLES, "content_creator", "admin"] as const satisfies readonly Role[];
/** Who receives announcements (SPEC §2: class_rep or marketing_rep see 'Announcements'). */
export const ANNOUNCEMENT_RECIPIENT_ROLES = ["class_rep", "marketing_rep"] as const satisfies readonly Role[];
/** Staff who write and target announcements. */
export const ANNOUNCEMENT_STAFF_ROLES = ["admin", "marketing_manager"] as const satisfies readonly Role[];
export const ANNOUNCEMENT_ROLES = [...ANNOUNCEMENT_RECIPIENT_ROLES, ...ANNOUNCEMENT_STAFF_ROLES] as const satisfies readonly Role[];
/**
 * Who opens the rep dashboard (SPEC §2: /brand-ambassador-dashboard, the same screen at
 * /marketing-rep-dashboard and /mcat-rep-dashboard) and its API: the reps the role menu sends
 * there, and the staff who run those programmes.
 */
export const REP_DASHBOARD_ROLES = ["brand_ambassador", "marketing_rep", "mcat_rep", "marketing_manager", "admin"] as const satisfies readonly Role[];

// ── Routes ───────────────────────────────────────────────────────────────────────────────────

/**
 * Who may use a route: anyone (guests included), any signed-in user, or signed-in users holding
 * one of the roles. Guests asking for more than "public" are sent to sign-in (pages) or get 401
 * (API); signed-in users without a needed role get 403.
 */
export type RouteRequirement = "public" | "signed-in" | { roles: readonly Role[] };

export type MutationMethod = "POST" | "PUT" | "PATCH" | "DELETE";

/** What a GET of the sample URL answers to someone the policy lets in, when it is not a 2xx page. */
export type GetAnswer =
  /** A fixed status for everyone let in, e.g. 405 on a route that only takes mutations, or 404. */
  | { status: number }
  /** Guests see the page; signed-in users are redirected to their home path (SPEC §2). */
  | { signedIn: "home-path" }
  /** Everyone let in is redirected to this path (e.g. GET of a form endpoint going back to its page). */
  | { redirect: string };

export interface RouteRule {
  /** Who may load the route (GET, HEAD). */
  access: RouteRequirement;
  /** Who may send it a mutation, when that differs from `access` (POST /users is public sign-up, GET /users is admin-only). */
  mutations?: RouteRequirement;
  /**
   * An API route answers in JSON error documents: a guest gets 401 `unauthenticated` instead of a
   * redirect, and a refused user 403 `forbidden` instead of the 403 page.
   */
  api?: true;
  /** A URL that reaches this route; the role × route test GETs it as every identity. */
  sample: string;
  /** The answer to someone let in when it is not a 2xx page (the route's documented behaviour). */
  get?: GetAnswer;
  /** The mutation the route takes, checked in a focused way by the role × route test. */
  mutation?: MutationMethod;
}

/**
 * A route that only takes mutations: a GET loads nothing, so it answers 405 to everyone (an API
 * client that used the wrong method learns that, rather than being told to sign in), and `who`
 * governs the mutation.
 */
const onlyMutations = <const R extends RouteRequirement>(mutation: MutationMethod, who: R) =>
  ({ access: "public", mutations: who, get: { status: 405 }, mutation }) as const;

/**
 * Every route of the app, keyed by Remix route id (as remix-flat-routes names it). A route file
 * without an entry fails tests/system/route-access.test.ts, so the table grows with the routes.
 * "root" (the layout around every page) is not a URL and is not listed.
 *
 * Routes whose GET answers something other than their page for the sample URL say so in `get`
 * (e.g. a reset link with a made-up token answers 422): the test checks that answer for every
 * identity the policy lets in.
 */
export const ROUTE_RULES = {
  // Catalogue and site (public, guest-cacheable).
  "routes/_index": { access: "public", sample: "/", get: { signedIn: "home-path" } },
  "routes/$": { access: "public", sample: "/no-such-page/at-all", get: { status: 404 } },
  "routes/robots[.txt]": { access: "public", sample: "/robots.txt" },
  "routes/courses+/_index": { access: "public", sample: "/courses" },
  "routes/courses+/$idOrSlug": { access: "public", sample: "/courses/waterloo-math-137" },
  // Product analytics accepts events from guests too (SPEC §7 Tracking).
  "routes/tracking_events": { sample: "/tracking_events", ...onlyMutations("PUT", "public") },
  "routes/tracking_events2": { sample: "/tracking_events2", ...onlyMutations("PUT", "public") },

  // Public API.
  "routes/api+/v1+/$": { access: "public", api: true, sample: "/api/v1/no-such-endpoint", get: { status: 404 } },
  "routes/api+/v1+/schools+/_index": { access: "public", api: true, sample: "/api/v1/schools" },
  "routes/api+/v1+/schools+/$id": { access: "public", api: true, sample: "/api/v1/schools/1" },

  // Sign-in, sign-up, sign-out (issue 3 items 3 and 5).
  // Signed-in visitors are sent on to their home path.
  "routes/users+/sign_in": { access: "public", sample: "/users/sign_in", get: { signedIn: "home-path" } },
  "routes/sign-up": { access: "public", sample: "/sign-up", get: { signedIn: "home-path" } },
  // GET /users is the admin's user listing (JSON); POST /users is sign-up, open to everyone.
  "routes/users+/_index": { access: { roles: USER_DIRECTORY_ROLES }, mutations: "public", sample: "/users", mutation: "POST" },
  // Open to everyone: a visitor whose session has just expired must still be able to press
  // "Sign out" and end up signed out, not on the sign-in page.
  "routes/users+/sign_out": { sample: "/users/sign_out", ...onlyMutations("DELETE", "public") },
  // JSON bodies sent to /users/sign_in are served here (app/api/json-twins.ts).
  "routes/json+/users+/sign_in": { sample: "/json/users/sign_in", ...onlyMutations("POST", "public") },
  "routes/json+/users+/password": { sample: "/json/users/password", ...onlyMutations("PUT", "public") },
  // Google and Facebook sign-in (SPEC §7 Auth): open to guests; the provider's token is the proof.
  "routes/omniauth": { sample: "/omniauth", ...onlyMutations("POST", "public") },

  // Home paths (SPEC §2).
  "routes/dashboard": { access: "signed-in", sample: "/dashboard" },
  "routes/instructor-dashboard": { access: { roles: INSTRUCTOR_DASHBOARD_ROLES }, sample: "/instructor-dashboard" },
  "routes/teacher-dashboard": { access: { roles: TEACHER_DASHBOARD_ROLES }, sample: "/teacher-dashboard" },
  "routes/content-creator-dashboard": { access: { roles: CONTENT_CREATOR_DASHBOARD_ROLES }, sample: "/content-creator-dashboard" },

  // Password reset and confirmation (issue 3 item 4): reachable without an account by design.
  "routes/users+/password": { access: "public", sample: "/users/password", mutation: "POST" },
  "routes/users+/password.new": { access: "public", sample: "/users/password/new" },
  // A made-up token: the page explains the link is invalid, with 422 (reset) or 400 (confirmation).
  "routes/users+/password.edit": {
    access: "public",
    sample: "/users/password/edit?reset_password_token=not-a-real-token",
    get: { status: 422 },
  },
  "routes/users+/confirmation": { access: "public", sample: "/users/confirmation?confirmation_token=not-a-real-token", get: { status: 400 } },
  // Without an email the call is refused (400): the test must not send mail or spend the
  // per-address rate limit of a real request.
  "routes/users+/confirmations.resend_instructions": { access: "public", sample: "/users/confirmations/resend_instructions", get: { status: 400 } },
  // The development mailbox: open to anyone where it is enabled (every environment but
  // production, unless DEV_MAILBOX is set), 404 elsewhere; the route decides that, not the role.
  "routes/dev+/mailbox": { access: "public", sample: "/dev/mailbox" },
  "routes/dev+/mailbox.$id": { access: "public", sample: "/dev/mailbox/999999999", get: { status: 404 } },

  // Users API.
  "routes/api+/v1+/users+/_index": { access: { roles: USER_DIRECTORY_ROLES }, api: true, sample: "/api/v1/users" },
  "routes/api+/v1+/users+/$id.confirm": { api: true, sample: "/api/v1/users/1/confirm", ...onlyMutations("PATCH", { roles: ["admin"] }) },
  // Any signed-in user may ask; `can(viewer, "resend_…", user)` then allows only the user themself or an admin.
  "routes/api+/v1+/users+/$id.resend_password_reset": {
    api: true,
    sample: "/api/v1/users/1/resend_password_reset",
    ...onlyMutations("POST", "signed-in"),
  },
  "routes/api+/v1+/users+/$id.resend_confirmation": {
    api: true,
    sample: "/api/v1/users/1/resend_confirmation",
    ...onlyMutations("POST", "signed-in"),
  },

  // Profile (issue 3 item 6) and reauthentication (item 8): the signed-in user's own pages.
  "routes/profile": { access: "signed-in", sample: "/profile", mutation: "POST" },
  "routes/users+/reauthenticate": { access: "signed-in", sample: "/users/reauthenticate", mutation: "POST" },
  // Avatars are public pictures (they show next to reviews and in educator lists).
  "routes/uploads+/avatars.$file": { access: "public", sample: "/uploads/avatars/no-such-file.webp", get: { status: 404 } },
  // Any signed-in user may ask; `can(viewer, "view" | "edit", user)` then allows only the user
  // themself or an admin. The sample is not a user id, so everyone let in gets 404 alike.
  "routes/api+/v1+/users+/$id": { access: "signed-in", api: true, sample: "/api/v1/users/not-an-id", get: { status: 404 }, mutation: "PUT" },
  "routes/api+/v1+/users+/$id.deactivate": { api: true, sample: "/api/v1/users/1/deactivate", ...onlyMutations("DELETE", "signed-in") },
  "routes/api+/v1+/users+/accept_contract": { api: true, sample: "/api/v1/users/accept_contract", ...onlyMutations("PUT", "signed-in") },
  // Educators are shown publicly (the educators page, course pages).
  "routes/api+/v1+/users+/educators": { access: "public", api: true, sample: "/api/v1/users/educators" },
  "routes/api+/v1+/users+/$id.educator_profile": {
    access: "public",
    api: true,
    sample: "/api/v1/users/not-an-id/educator_profile",
    get: { status: 404 },
  },

  // Admin (issue 3 item 7).
  "routes/admin+/_index": { access: { roles: ADMIN_AREA_ROLES }, sample: "/admin" },
  "routes/admin+/users.$id.sign_in_as": { sample: "/admin/users/1/sign_in_as", ...onlyMutations("POST", { roles: ["admin"] }) },
  // The person signed in while impersonating is the impersonated user (any role), so any
  // signed-in user may post here; the action refuses a session that is not an impersonation.
  "routes/admin+/impersonation.stop": { sample: "/admin/impersonation/stop", ...onlyMutations("POST", "signed-in") },

  // Realtime, notifications and chats (SPEC §7 Notifications, Chats, Real-time channel).
  // Which channels, notifications and chats a user reaches is decided inside: their own only
  // (channels they may read, their notifications, chats they are a member of: 403 otherwise).
  "routes/api+/v1+/realtime+/events": { access: "signed-in", api: true, sample: "/api/v1/realtime/events" },
  // 404 where the site does not use Ably (as in the tests); with ABLY_API_KEY the signed token request.
  "routes/api+/v1+/realtime+/token": { access: "signed-in", api: true, sample: "/api/v1/realtime/token", get: { status: 404 } },
  "routes/api+/v1+/notifications+/_index": { access: "signed-in", api: true, sample: "/api/v1/notifications" },
  "routes/api+/v1+/notifications+/mark_as_read": { api: true, sample: "/api/v1/notifications/mark_as_read", ...onlyMutations("PUT", "signed-in") },
  "routes/api+/v1+/notifications+/mark_all_as_read": { api: true, sample: "/api/v1/notifications/mark_all_as_read", ...onlyMutations("PUT", "signed-in") },
  "routes/api+/v1+/notifications+/delete_group": { api: true, sample: "/api/v1/notifications/delete_group", ...onlyMutations("DELETE", "signed-in") },
  "routes/api+/v1+/chats+/_index": { access: "signed-in", api: true, sample: "/api/v1/chats" },
  "routes/api+/v1+/chats+/$id": { access: "signed-in", api: true, sample: "/api/v1/chats/999999999", get: { status: 404 } },
  "routes/api+/v1+/chats+/$id.viewed": { api: true, sample: "/api/v1/chats/999999999/viewed", ...onlyMutations("PUT", "signed-in") },
  "routes/api+/v1+/chats+/$id.messages": { access: "signed-in", api: true, sample: "/api/v1/chats/999999999/messages", get: { status: 404 }, mutation: "POST" },
  "routes/api+/v1+/chats+/create_with_user.$id": { api: true, sample: "/api/v1/chats/create_with_user/999999999", ...onlyMutations("POST", "signed-in") },
  "routes/notifications": { access: "signed-in", sample: "/notifications", mutation: "POST" },
  "routes/chats+/_index": { access: "signed-in", sample: "/chats", mutation: "POST" },
  "routes/chats+/$id": { access: "signed-in", sample: "/chats/999999999", get: { status: 404 }, mutation: "POST" },
  // Online courses for students (issue 5): overview, practice mode and the in-course experience.
  // Guests see what is previewable and why the rest is locked; the access module
  // (app/online-courses/access.ts) decides item by item. Pre-registering (and withdrawing) on a
  // preparing course's overview, enrolling for free, completing activities and submitting
  // quizzes need an account.
  "routes/online-courses+/$id._index": {
    access: "public",
    mutations: "signed-in",
    sample: "/online-courses/waterloo-math-137-exam-prep",
    mutation: "POST",
  },
  "routes/online-courses+/$id.practice-mode": { access: "public", sample: "/online-courses/waterloo-math-137-exam-prep/practice-mode" },
  "routes/in-course-experience+/$idOrSlug.$": {
    access: "public",
    mutations: "signed-in",
    sample: "/in-course-experience/waterloo-math-137-exam-prep",
    mutation: "POST",
  },
  // Payments and subscriptions (issue 6).
  // Checkout is the sign-up-and-pay screen: open to guests. Without a product it answers 400.
  "routes/checkout+/_index": { access: "public", sample: "/checkout", get: { status: 400 }, mutation: "POST" },
  "routes/checkout+/success": { access: "signed-in", sample: "/checkout/success?purchase_id=999999999", get: { status: 404 } },
  "routes/checkout+/cancel": { access: "signed-in", sample: "/checkout/cancel" },
  // Stripe signs its calls: no session, no CSRF token; an unsigned POST is 400.
  "routes/webhooks+/stripe": { sample: "/webhooks/stripe", ...onlyMutations("POST", "public") },
  "routes/my-subscription": { access: "signed-in", sample: "/my-subscription", mutation: "POST" },
  // Subscriptions API (SPEC §7): the owner or an admin; another user's id answers 404.
  "routes/api+/v1+/subscriptions+/_index": { access: "signed-in", api: true, sample: "/api/v1/subscriptions", mutation: "POST" },
  "routes/api+/v1+/subscriptions+/complete_purchase": { api: true, sample: "/api/v1/subscriptions/complete_purchase", ...onlyMutations("POST", "signed-in") },
  "routes/api+/v1+/subscriptions+/$id": { access: "signed-in", api: true, sample: "/api/v1/subscriptions/not-an-id", get: { status: 404 } },
  "routes/api+/v1+/subscriptions+/$id.$call": { access: "signed-in", api: true, sample: "/api/v1/subscriptions/not-an-id/premed_upgrade_preview", get: { status: 404 }, mutation: "PATCH" },
  // SPEC §6: cancelling someone's subscription is admin-only.
  "routes/api+/v1+/subscriptions+/$id.admin_cancel": { api: true, sample: "/api/v1/subscriptions/1/admin_cancel", ...onlyMutations("PUT", { roles: ["admin"] }) },
  "routes/api+/v1+/invoices": { access: "signed-in", api: true, sample: "/api/v1/invoices" },
  // App shell: the legal pages (also opened as dialogs), and the dark-mode toggle and banner
  // dismissal forms, which only set a preference cookie for this browser.
  "routes/privacy-policy": { access: "public", sample: "/privacy-policy" },
  "routes/terms-and-conditions": { access: "public", sample: "/terms-and-conditions" },
  "routes/theme": { sample: "/theme", ...onlyMutations("POST", "public") },
  "routes/site-banner": { sample: "/site-banner", ...onlyMutations("POST", "public") },
  // Online courses API: reads follow the access module (guests see what guests may see);
  // enrolments and progress are the signed-in caller's own.
  // Writes (create, details, status, delete) are the editor's: its roles, then
  // `can(viewer, "manage_online_course", course)` per course.
  "routes/api+/v1+/online_courses+/_index": {
    access: "public",
    mutations: { roles: ONLINE_COURSE_EDITOR_ROLES },
    api: true,
    sample: "/api/v1/online_courses",
    mutation: "POST",
  },
  "routes/api+/v1+/online_courses+/$id": {
    access: "public",
    mutations: { roles: ONLINE_COURSE_EDITOR_ROLES },
    api: true,
    sample: "/api/v1/online_courses/waterloo-math-137-exam-prep",
    mutation: "PATCH",
  },
  "routes/api+/v1+/activities+/$id": { access: "public", api: true, sample: "/api/v1/activities/not-an-id", get: { status: 404 } },
  "routes/api+/v1+/online_course_users+/_index": { access: "signed-in", api: true, sample: "/api/v1/online_course_users" },
  // Chapters, sections and activities: reads as the in-course pages decide (lists without their
  // parent filter answer 400); writes as the editor's. The samples name nothing: 400 and 404.
  "routes/api+/v1+/online_course_chapters+/_index": {
    access: "public",
    mutations: { roles: ONLINE_COURSE_EDITOR_ROLES },
    api: true,
    sample: "/api/v1/online_course_chapters",
    get: { status: 400 },
    mutation: "POST",
  },
  "routes/api+/v1+/online_course_chapters+/$id": {
    access: "public",
    mutations: { roles: ONLINE_COURSE_EDITOR_ROLES },
    api: true,
    sample: "/api/v1/online_course_chapters/999999999",
    get: { status: 404 },
    mutation: "PATCH",
  },
  "routes/api+/v1+/online_course_sections+/_index": {
    access: "public",
    mutations: { roles: ONLINE_COURSE_EDITOR_ROLES },
    api: true,
    sample: "/api/v1/online_course_sections",
    get: { status: 400 },
    mutation: "POST",
  },
  "routes/api+/v1+/online_course_sections+/$id": {
    access: "public",
    mutations: { roles: ONLINE_COURSE_EDITOR_ROLES },
    api: true,
    sample: "/api/v1/online_course_sections/999999999",
    get: { status: 404 },
    mutation: "PATCH",
  },
  "routes/api+/v1+/online_course_activities+/_index": {
    access: "public",
    mutations: { roles: ONLINE_COURSE_EDITOR_ROLES },
    api: true,
    sample: "/api/v1/online_course_activities",
    get: { status: 400 },
    mutation: "POST",
  },
  "routes/api+/v1+/online_course_activities+/$id": {
    access: "public",
    mutations: { roles: ONLINE_COURSE_EDITOR_ROLES },
    api: true,
    sample: "/api/v1/online_course_activities/999999999",
    get: { status: 404 },
    mutation: "PATCH",
  },
  // Without online_course_id the call is refused (400) for everyone let in.
  "routes/api+/v1+/progress": { access: "signed-in", api: true, sample: "/api/v1/progress", get: { status: 400 }, mutation: "POST" },
  // Online-course editor, print and booklets (issue 5 items 6 and 7). The role lets someone in;
  // `can(viewer, "manage_online_course", course)` then allows only the course's instructor,
  // managers and admins. The samples name no course, so everyone let in gets 404 alike.
  "routes/online-courses+/new": { access: { roles: ONLINE_COURSE_EDITOR_ROLES }, sample: "/online-courses/new", mutation: "POST" },
  // The layout takes the manager page's forms (details, status, booklet), so they post to
  // /online-courses/{id}/manager itself.
  "routes/online-courses+/$id_.manager": {
    access: { roles: ONLINE_COURSE_EDITOR_ROLES },
    sample: "/online-courses/999999998/manager",
    get: { status: 404 },
    mutation: "POST",
  },
  "routes/online-courses+/$id_.manager._index": {
    access: { roles: ONLINE_COURSE_EDITOR_ROLES },
    sample: "/online-courses/999999999/manager",
    get: { status: 404 },
  },
  "routes/online-courses+/$id_.manager.editor": {
    access: { roles: ONLINE_COURSE_EDITOR_ROLES },
    sample: "/online-courses/999999999/manager/editor",
    get: { status: 404 },
    mutation: "POST",
  },
  "routes/online-courses+/$id_.print": { access: { roles: ONLINE_COURSE_EDITOR_ROLES }, sample: "/online-courses/999999999/print", get: { status: 404 } },
  "routes/online-courses+/$id_.booklets.$bookletId": {
    access: { roles: ONLINE_COURSE_EDITOR_ROLES },
    sample: "/online-courses/999999999/booklets/1",
    get: { status: 404 },
  },
  "routes/online-course-activities+/questions": { access: { roles: QUESTION_BANK_ROLES }, sample: "/online-course-activities/questions" },
  // Public site: info, landing, plan, people, blog, MCAT and search pages (issue 4); all public
  // and guest-cacheable. Forms: the job application and contact-us post to their own page.
  "routes/homepage": { access: "public", sample: "/homepage" },
  "routes/homepage-alt": { access: "public", sample: "/homepage-alt" },
  "routes/about": { access: "public", sample: "/about" },
  "routes/our-story": { access: "public", sample: "/our-story" },
  "routes/careers": { access: "public", sample: "/careers" },
  "routes/job-positions+/$id": { access: "public", sample: "/job-positions/1" },
  "routes/job-application": { access: "public", sample: "/job-application", mutation: "POST" },
  "routes/class-rep-positions": { access: "public", sample: "/class-rep-positions" },
  "routes/contest": { access: "public", sample: "/contest" },
  "routes/for-educators": { access: "public", sample: "/for-educators" },
  "routes/for-parents": { access: "public", sample: "/for-parents" },
  "routes/high-school": { access: "public", sample: "/high-school" },
  "routes/university": { access: "public", sample: "/university" },
  "routes/on-demand": { access: "public", sample: "/on-demand" },
  "routes/pricing": { access: "public", sample: "/pricing" },
  // /{product}-plus: one segment ending in -plus; any other single segment answers 404.
  "routes/$productPlus": { access: "public", sample: "/mcat-plus" },
  "routes/pre-med-plus": { access: "public", sample: "/pre-med-plus" },
  "routes/partnerships": { access: "public", sample: "/partnerships" },
  "routes/partners+/$idOrSlug": { access: "public", sample: "/partners/waterloo-math-society" },
  "routes/scholarships+/_index": { access: "public", sample: "/scholarships" },
  "routes/scholarships+/$slug": { access: "public", sample: "/scholarships/peer-tutor-award" },
  "routes/schools+/$id": { access: "public", sample: "/schools/1" },
  "routes/lp+/_index": { access: "public", sample: "/lp" },
  "routes/lp+/$slug": { access: "public", sample: "/lp/first-year-calculus" },
  "routes/live-prep+/_index": { access: "public", sample: "/live-prep" },
  "routes/live-prep+/schools.$slug": { access: "public", sample: "/live-prep/schools/waterloo" },
  "routes/mcat+/_index": { access: "public", sample: "/mcat" },
  "routes/mcat+/free-resources": { access: "public", sample: "/mcat/free-resources" },
  "routes/mcat+/events.($type)": { access: "public", sample: "/mcat/events/workshop" },
  "routes/mcat+/exam-dates": { access: "public", sample: "/mcat/exam-dates" },
  "routes/med-school-calculator": { access: "public", sample: "/med-school-calculator?gpa=3.8&mcat=512" },
  "routes/lsat": { access: "public", sample: "/lsat" },
  "routes/instructors+/_index": { access: "public", sample: "/instructors" },
  "routes/instructors+/$id": { access: "public", sample: "/instructors/4" },
  "routes/tutors+/_index": { access: "public", sample: "/tutors" },
  "routes/tutors+/$id": { access: "public", sample: "/tutors/6" },
  "routes/blog+/_index": { access: "public", sample: "/blog?category=free_resources" },
  // Also serves /blog/@{slug}, the author's page.
  "routes/blog+/$slug": { access: "public", sample: "/blog/active-recall-and-spaced-repetition" },
  "routes/textbooks+/_index": { access: "public", sample: "/textbooks" },
  "routes/textbooks+/$level": { access: "public", sample: "/textbooks/ap" },
  "routes/search": { access: "public", sample: "/search?type=course&query=calculus" },
  "routes/sitemap[.xml]": { access: "public", sample: "/sitemap.xml" },
  "routes/contact-us": { access: "public", sample: "/contact-us", mutation: "POST" },
  // Announcements (SPEC §2, §4): class and marketing reps read and answer them; staff write them.
  "routes/announcements": { access: { roles: ANNOUNCEMENT_ROLES }, sample: "/announcements", mutation: "POST" },
  // Invite a Friend (SPEC §2 Resources menu, non-guests; §7 GET /users/invite_data): each member's own.
  "routes/invites": { access: "signed-in", sample: "/invites", mutation: "POST" },
  "routes/users+/invite_data": { access: "signed-in", sample: "/users/invite_data" },
  // The rep dashboard, one screen at three paths (SPEC §2), and its data for other clients (§7).
  "routes/brand-ambassador-dashboard": { access: { roles: REP_DASHBOARD_ROLES }, sample: "/brand-ambassador-dashboard" },
  "routes/marketing-rep-dashboard": { access: { roles: REP_DASHBOARD_ROLES }, sample: "/marketing-rep-dashboard" },
  "routes/mcat-rep-dashboard": { access: { roles: REP_DASHBOARD_ROLES }, sample: "/mcat-rep-dashboard" },
  "routes/api+/v1+/users+/marketing_rep_dashboard": { access: { roles: REP_DASHBOARD_ROLES }, api: true, sample: "/api/v1/users/marketing_rep_dashboard" },
  // Token packs are shown to everyone; the balance only to its owner.
  "routes/tokens": { access: "public", sample: "/tokens" },
  // Partner invitations (SPEC §2 Shell): answered from the account menu by a signed-in user;
  // `can(viewer, "respond_to_partner_invite", membership)` then allows only the invited user.
  "routes/partner-memberships.$id": { sample: "/partner-memberships/999999999", ...onlyMutations("POST", "signed-in") },
  // Site tours (SPEC §2, §7): the steps as a page for everyone (the tour button without
  // JavaScript); marking tours seen is the signed-in user's own.
  "routes/site-tour": { access: "public", sample: "/site-tour?tour=site_help" },
  "routes/site_tours+/viewed_tour": { sample: "/site_tours/viewed_tour", ...onlyMutations("PUT", "signed-in") },
  "routes/site_tours+/viewed_tours": { sample: "/site_tours/viewed_tours", ...onlyMutations("PUT", "signed-in") },
} as const satisfies Record<string, RouteRule>;

export type RouteId = keyof typeof ROUTE_RULES;

export function isKnownRoute(routeId: string): routeId is RouteId {
  return Object.hasOwn(ROUTE_RULES, routeId);
}

export function routeRule(routeId: RouteId): RouteRule {
  return ROUTE_RULES[routeId];
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The requirement for this method: loads follow `access`, mutations `mutations` (or `access`). */
export function requirementFor(rule: RouteRule, method: string): RouteRequirement {
  return READ_METHODS.has(method.toUpperCase()) ? rule.access : (rule.mutations ?? rule.access);
}

export type AccessDecision = "allow" | "sign-in" | "forbidden";

/** Whether the viewer passes a requirement; "sign-in" when only signing in could help. */
export function decideAccess(viewer: Viewer, requirement: RouteRequirement): AccessDecision {
  if (requirement === "public") return "allow";
  if (isGuest(viewer)) return "sign-in";
  if (requirement === "signed-in") return "allow";
  return hasRole(viewer, ...requirement.roles) ? "allow" : "forbidden";
}

// ── Who may do what to whom ──────────────────────────────────────────────────────────────────

/** The user an action is about, when only who they are matters. */
export interface UserRef {
  id: number;
}

/** The user an action is about: a users row or anything with its id, roles and deactivation. */
export interface UserSubject extends UserRef {
  roles: readonly string[];
  deactivated_at?: Date | string | null;
}

/** Each action and the subject it applies to. */
export interface Permissions {
  /** Sign in as the user (SPEC §6: admins can sign in as another user). */
  impersonate: UserSubject;
  /** Change the user's profile. */
  edit: UserRef;
  /** Mark the user's email confirmed (PATCH /api/v1/users/{id}/confirm). */
  confirm: UserRef;
  /**
   * Send the user a password reset or confirmation email again. Decided on the id alone, so an
   * API route can refuse before looking the user up and reveal nothing about which ids exist.
   */
  resend_password_reset: UserRef;
  resend_confirmation: UserRef;
  /** See the user's full account record (GET /api/v1/users/{id}). */
  view: UserRef;
  /** Deactivate the user's account (DELETE /api/v1/users/{id}/deactivate). */
  deactivate: UserRef;
  /**
   * Change who can sign in to the user's account and with what powers. Decided once the user is
   * looked up, after `edit` or `deactivate` let the viewer in on the id alone.
   */
  change_account_access: AccountAccessChanges;
  /** List and search a collection (SPEC §6: listing users is admin-only). */
  list: "users";
  /** Read a chat's messages and send messages to it: its members only (not even admins). */
  read_chat: ChatRef;
  post_chat: ChatRef;
  /** Edit an online course, its curriculum and status, print it and make its booklet. */
  manage_online_course: OnlineCourseRef;
  /** Accept or decline an invitation to a partner: the invited user only (not even admins). */
  respond_to_partner_invite: PartnerInviteRef;
}

/**
 * The changes that decide who can sign in to an account and with what powers: its sign-in
 * details (email, password), its roles, and its status (deactivating, reactivating).
 */
export type AccountAccessChange = "email" | "password" | "roles" | "deactivate" | "reactivate";

export interface AccountAccessChanges {
  user: UserSubject;
  changes: readonly AccountAccessChange[];
}

/** Why `change_account_access` refuses an admin the account of another admin. */
export const OTHER_ADMIN_ACCESS_MESSAGE = "Another admin's sign-in details, roles and status can only be changed by that admin.";

/** A partner membership, as far as who may answer its invitation goes. */
export interface PartnerInviteRef {
  user_id: number;
}

/** A chat, when only who belongs to it matters. */
export interface ChatRef {
  memberIds: readonly number[];
}

/** An online course, as far as who may manage it goes. */
export interface OnlineCourseRef {
  instructor_id: number | null;
}

export type Action = keyof Permissions;

const isSelf = (viewer: Viewer, user: UserRef) => viewer.id !== null && viewer.id === user.id;
const isAdmin = (viewer: Viewer) => !isGuest(viewer) && hasRole(viewer, "admin");

const rules: { [A in Action]: (viewer: Viewer, subject: Permissions[A]) => boolean } = {
  impersonate: (viewer, user) =>
    isAdmin(viewer) &&
    // Signing in as oneself is pointless, and signing in as another admin would let one admin
    // act with another's powers and hide behind their name in the audit trail.
    !isSelf(viewer, user) &&
    !user.roles.includes("admin") &&
    // A deactivated account cannot hold a session.
    !user.deactivated_at,
  edit: (viewer, user) => isSelf(viewer, user) || isAdmin(viewer),
  view: (viewer, user) => isSelf(viewer, user) || isAdmin(viewer),
  deactivate: (viewer, user) => isSelf(viewer, user) || isAdmin(viewer),
  change_account_access: (viewer, { user, changes }) =>
    (isSelf(viewer, user) || isAdmin(viewer)) && changes.every((change) => mayChangeAccountAccess(viewer, user, change)),
  confirm: (viewer) => isAdmin(viewer),
  // Self or admin: anyone else could flood a stranger's inbox. Another admin's too: the link
  // goes to that admin's own mailbox, so it gives the sender no way in.
  resend_password_reset: (viewer, user) => isSelf(viewer, user) || isAdmin(viewer),
  resend_confirmation: (viewer, user) => isSelf(viewer, user) || isAdmin(viewer),
  list: (viewer, collection) => collection === "users" && !isGuest(viewer) && hasRole(viewer, ...USER_DIRECTORY_ROLES),
  read_chat: (viewer, chat) => viewer.id !== null && chat.memberIds.includes(viewer.id),
  post_chat: (viewer, chat) => viewer.id !== null && chat.memberIds.includes(viewer.id),
  // The course's own instructor (who must still hold an instructor role), managers and admins.
  manage_online_course: (viewer, course) =>
    !isGuest(viewer) &&
    (hasRole(viewer, "admin", "manager") || (course.instructor_id !== null && viewer.id === course.instructor_id && isInstructor(viewer))),
  respond_to_partner_invite: (viewer, invite) => viewer.id !== null && viewer.id === invite.user_id,
};

/**
 * An admin who could set another admin's password or email, or strip or suspend them, could take
 * their account over: the same powers under another name, which `impersonate` refuses. So another
 * admin's sign-in details, roles and status are that admin's alone; other users' stay in admins'
 * hands (a student who lost their mailbox, granting a role). Roles are only ever an admin's to
 * give, never a user's own to take.
 */
function mayChangeAccountAccess(viewer: Viewer, user: UserSubject, change: AccountAccessChange): boolean {
  if (change === "roles") return isAdmin(viewer) && (isSelf(viewer, user) || !user.roles.includes("admin"));
  return isSelf(viewer, user) || (isAdmin(viewer) && !user.roles.includes("admin"));
}

/** Whether the viewer may take the action on the subject. Guests may take none of these. */
export function can<A extends Action>(viewer: Viewer, action: A, subject: Permissions[A]): boolean {
  // Own properties only: an action name such as "toString" must not reach Object.prototype.
  if (!Object.hasOwn(rules, action)) return false;
  const rule = rules[action] as (viewer: Viewer, subject: Permissions[A]) => boolean;
  return rule(viewer, subject) === true;
}
