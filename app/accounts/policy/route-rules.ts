import { hasRole, INSTRUCTOR_ROLES, isGuest, type Role, type Viewer } from "~/accounts/roles";

/**
 * Who may open or change every route (issue 3, item 2); app/accounts/policy/permissions.ts says
 * who may do what to whom. Pure, shared by server and client: loaders and actions ask it through
 * app/accounts/authorize.server.ts, and tests/routes/accounts/route-access.test.ts walks the
 * route table below with every role and a guest.
 */

// ── Groups used by both the route table and `can`, so the two cannot drift apart ────────────

/** Who lands on /admin (SPEC §2: admin and manager). */
export const ADMIN_AREA_ROLES = ["admin", "manager"] as const satisfies readonly Role[];
/**
 * Who may list and search users. SPEC §6 names "listing users" an admin-only call, so a manager
 * opens /admin (their home) but sees no user directory there.
 */
export const USER_DIRECTORY_ROLES = ["admin"] as const satisfies readonly Role[];
/**
 * Who works the money side of the back office (discount codes, subscriptions, invoices and
 * refunds) and reads the staff audit log. SPEC §6 makes cancelling subscriptions admin-only and
 * gives managers no say over money, so these screens are admins' alone.
 */
export const MONEY_STAFF_ROLES = ["admin"] as const satisfies readonly Role[];
/** Who opens the instructor dashboard: every instructor kind, tutors, and admins (who support them). */
/** The educator home; managers and study-buddy admins come for its students' questions (?page=oc_questions). */
export const INSTRUCTOR_DASHBOARD_ROLES = [...INSTRUCTOR_ROLES, "tutor", "admin", "manager", "study_buddy_admin"] as const satisfies readonly Role[];
export const TEACHER_DASHBOARD_ROLES = ["teacher", "admin"] as const satisfies readonly Role[];
export const CONTENT_CREATOR_DASHBOARD_ROLES = ["content_creator", "blog_manager", "admin"] as const satisfies readonly Role[];
/** Who writes blog posts (the editor under /content-creator-dashboard/posts); `edit_blog_post` then decides per post. */
export const BLOG_EDITOR_ROLES = ["content_creator", "blog_manager", "admin"] as const satisfies readonly Role[];
/** Who edits anyone's blog posts (and their polls); a content creator edits only their own. */
export const BLOG_MANAGER_ROLES = ["blog_manager", "admin"] as const satisfies readonly Role[];
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

/** Who works the forum's reports queue (the policy's `moderate_forum` decides the same). */
export const FORUM_MODERATOR_ROLES = ["forum_moderator", "admin"] as const satisfies readonly Role[];
/** Who writes and orders the FAQs of the pricing, product and help pages (the policy's `manage_faqs` decides the same). */
/** Who runs hiring (SPEC §3 jobPositions, jobApplicants, jobApplicantNotes): positions, applicants' stages, notes, mail, résumés. */
export const HIRING_ROLES = ["admin", "jobs_manager"] as const satisfies readonly Role[];
export const FAQ_STAFF_ROLES = ["admin", "manager"] as const satisfies readonly Role[];
/** Who reads the back office's reports (signups, revenue, active students) and downloads them as CSV. */
export const REPORT_ROLES = ["admin", "manager"] as const satisfies readonly Role[];
/** Who creates, edits and merges schools and catalogue courses. */
export const CATALOGUE_STAFF_ROLES = ["admin"] as const satisfies readonly Role[];
/** Who sees every online course in the back office and changes its status and instructor (managers already manage every online course). */
export const ONLINE_COURSE_STAFF_ROLES = ["admin", "manager"] as const satisfies readonly Role[];
/** Who sees every live study session in the back office and changes its state and instructor. */
export const STUDY_SESSION_ADMIN_ROLES = ["admin"] as const satisfies readonly Role[];
/** Who sets tutoring hours (a tutor's own calendar). */
export const TUTOR_ROLES = ["tutor"] as const satisfies readonly Role[];
/** Who hides and shows students' reviews of educators. */
export const REVIEW_MODERATOR_ROLES = ["admin", "manager"] as const satisfies readonly Role[];
/** Who signs up for work shifts (SPEC §1): tutors, instructors, class reps and ambassadors, and staff. */
export const WORK_SHIFT_ROLES = ["tutor", ...INSTRUCTOR_ROLES, "class_rep", "brand_ambassador", "manager", "admin"] as const satisfies readonly Role[];
/** Staff who review class-rep applications and the reps' reports (/admin/class-reps). */
export const CLASS_REP_STAFF_ROLES = ["admin", "marketing_manager"] as const satisfies readonly Role[];
/** Who opens a rep course's reports page; only that course's rep (or an admin) gets past the 404. */
export const CLASS_REP_REPORT_ROLES = ["class_rep", "admin"] as const satisfies readonly Role[];
/** Staff who judge the contest (/admin/contests): read entries, mark winners, announce them. */
export const CONTEST_STAFF_ROLES = ["admin", "marketing_manager"] as const satisfies readonly Role[];
/** Who reviews the notes students upload (/admin/notes): approve, or reject with a reason. */
export const NOTES_REVIEW_ROLES = ["admin", "content_qa_specialist"] as const satisfies readonly Role[];
/** Who reviews scholarship applications (/admin/scholarships): score, staff notes, accept or decline. */
export const SCHOLARSHIP_STAFF_ROLES = ["admin", "marketing_manager"] as const satisfies readonly Role[];
/** Who writes and publishes the writing tool's essay templates (/admin/writing-templates). */
export const WRITING_TEMPLATE_STAFF_ROLES = ["content_creator", "admin"] as const satisfies readonly Role[];
/** Who publishes work shifts. */
export const WORK_SHIFT_STAFF_ROLES = ["admin", "manager"] as const satisfies readonly Role[];

/** Who creates and runs live study sessions (SPEC §1): every instructor kind and admins; `manage_study_session` then decides per session. */
export const STUDY_SESSION_STAFF_ROLES = [...INSTRUCTOR_ROLES, "admin"] as const satisfies readonly Role[];

// ── Routes ───────────────────────────────────────────────────────────────────────────────────

/**
 * Who may use a route: anyone (guests included), any signed-in user, or signed-in users holding
 * one of the roles. Guests asking for more than "public" are sent to sign-in (pages) or get 401
 * (API); signed-in users without a needed role get 403.
 */
export type RouteRequirement = "public" | "signed-in" | { roles: readonly Role[] };

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
}

/**
 * A route that only takes mutations: a GET loads nothing, so it answers 405 to everyone (an API
 * client that used the wrong method learns that, rather than being told to sign in), and `who`
 * governs the mutation.
 */
const onlyMutations = <const R extends RouteRequirement>(who: R) => ({ access: "public", mutations: who }) as const;

/**
 * Every route of the app, keyed by Remix route id (as remix-flat-routes names it). A route file
 * without an entry fails tests/routes/accounts/route-access.test.ts, so the table grows with
 * the routes. "root" (the layout around every page) is not a URL and is not listed.
 */
export const ROUTE_RULES = {
  // Catalogue and site (public, guest-cacheable).
  "routes/_index": { access: "public" },
  "routes/$": { access: "public" },
  "routes/robots[.txt]": { access: "public" },
  "routes/courses+/_index": { access: "public" },
  "routes/courses+/$idOrSlug": { access: "public" },
  "routes/courses+/$idOrSlug_.forum": { access: "public", mutations: "signed-in" },
  "routes/courses+/$idOrSlug_.forum_.$postId": { access: "public", mutations: "signed-in" },
  "routes/online-courses+/$onlineCourse_.forum": { access: "public", mutations: "signed-in" },
  "routes/online-courses+/$onlineCourse_.forum_.$postId": { access: "public", mutations: "signed-in" },
  "routes/forum-reports": { access: { roles: FORUM_MODERATOR_ROLES } },
  // Comments, votes on them and reactions on blog posts and activities (the pages decide who sees what).
  "routes/community+/interactions": { access: "public", mutations: "signed-in" },
  // Product analytics accepts events from guests too (SPEC §7 Tracking).
  "routes/tracking_events": onlyMutations("public"),
  "routes/tracking_events2": onlyMutations("public"),

  // Public API.
  "routes/api+/v1+/$": { access: "public", api: true },
  "routes/api+/v1+/schools+/_index": { access: "public", api: true },
  "routes/api+/v1+/schools+/$id": { access: "public", api: true },

  // Sign-in, sign-up, sign-out (issue 3 items 3 and 5).
  "routes/users+/sign_in": { access: "public" },
  "routes/sign-up": { access: "public" },
  // GET /users is the admin's user listing (JSON); POST /users is sign-up, open to everyone.
  "routes/users+/_index": { access: { roles: USER_DIRECTORY_ROLES }, mutations: "public" },
  // Open to everyone: a visitor whose session has just expired must still be able to press
  // "Sign out" and end up signed out, not on the sign-in page.
  "routes/users+/sign_out": onlyMutations("public"),
  // JSON bodies sent to /users/sign_in are served here (app/api/json-twins.ts).
  "routes/json+/users+/sign_in": onlyMutations("public"),
  "routes/json+/users+/password": onlyMutations("public"),
  // Google and Facebook sign-in (SPEC §7 Auth): open to guests; the provider's token is the proof.
  "routes/omniauth": onlyMutations("public"),

  // Home paths (SPEC §2).
  "routes/dashboard": { access: "signed-in" },
  "routes/instructor-dashboard": { access: { roles: INSTRUCTOR_DASHBOARD_ROLES } },
  "routes/teacher-dashboard": { access: { roles: TEACHER_DASHBOARD_ROLES } },
  // A class's pages: the role lets a teacher in, `teach_class` then decides per class.
  "routes/teacher-dashboard_.courses.$id.students": { access: { roles: TEACHER_DASHBOARD_ROLES } },
  "routes/teacher-dashboard_.courses.$id.grade-book": { access: { roles: TEACHER_DASHBOARD_ROLES } },
  "routes/teacher-dashboard_.courses.$id.planner": { access: { roles: TEACHER_DASHBOARD_ROLES } },
  "routes/teacher-dashboard_.courses.$id.grade-book[.csv]": { access: { roles: TEACHER_DASHBOARD_ROLES } },
  // Any student joins a class with its code; `attend_class` decides who sees an assignment.
  "routes/join-class": { access: "signed-in" },
  "routes/course-assignments.$id": { access: "signed-in" },
  // An upload assignment's handed-in file: `attend_class`, then the student who handed it in or `teach_class`.
  "routes/course-assignments_.$id.files.$userId": { access: "signed-in" },
  "routes/content-creator-dashboard": { access: { roles: CONTENT_CREATOR_DASHBOARD_ROLES } },
  // Blog editor (Community items 6, 7): write, preview, schedule and publish posts; `edit_blog_post` per post.
  "routes/content-creator-dashboard_.posts.new": { access: { roles: BLOG_EDITOR_ROLES } },
  "routes/content-creator-dashboard_.posts.$id": { access: { roles: BLOG_EDITOR_ROLES } },

  // Password reset and confirmation (issue 3 item 4): reachable without an account by design.
  "routes/users+/password": { access: "public" },
  "routes/users+/password.new": { access: "public" },
  "routes/users+/password.edit": { access: "public" },
  "routes/users+/confirmation": { access: "public" },
  "routes/users+/confirmations.resend_instructions": { access: "public" },
  // The development mailbox: open to anyone where it is enabled (every environment but
  // production, unless DEV_MAILBOX is set), 404 elsewhere; the route decides that, not the role.
  "routes/dev+/mailbox": { access: "public" },
  "routes/dev+/mailbox.$id": { access: "public" },
  "routes/dev+/mailbox.$id.attachments.$index": { access: "public" },

  // Users API.
  "routes/api+/v1+/users+/_index": { access: { roles: USER_DIRECTORY_ROLES }, api: true },
  "routes/api+/v1+/users+/$id.confirm": { api: true, ...onlyMutations({ roles: ["admin"] }) },
  // Any signed-in user may ask; `can(viewer, "resend_…", user)` then allows only the user themself or an admin.
  "routes/api+/v1+/users+/$id.resend_password_reset": { api: true, ...onlyMutations("signed-in") },
  "routes/api+/v1+/users+/$id.resend_confirmation": { api: true, ...onlyMutations("signed-in") },

  // Profile (issue 3 item 6) and reauthentication (item 8): the signed-in user's own pages.
  // SPEC §2, §5: a new account's profile, one step at a time (sign-up sends students here).
  "routes/onboarding": { access: "signed-in" },
  "routes/profile": { access: "signed-in" },
  "routes/users+/reauthenticate": { access: "signed-in" },
  // Avatars are public pictures (they show next to reviews and in educator lists).
  "routes/uploads+/avatars.$file": { access: "public" },
  // Any signed-in user may ask; `can(viewer, "view" | "edit", user)` then allows only the user
  // themself or an admin.
  "routes/api+/v1+/users+/$id": { access: "signed-in", api: true },
  "routes/api+/v1+/users+/$id.deactivate": { api: true, ...onlyMutations("signed-in") },
  "routes/api+/v1+/users+/accept_contract": { api: true, ...onlyMutations("signed-in") },
  // Educators are shown publicly (the educators page, course pages).
  "routes/api+/v1+/users+/educators": { access: "public", api: true },
  "routes/api+/v1+/users+/$id.educator_profile": { access: "public", api: true },

  // Admin (issue 3 item 7).
  "routes/admin+/_index": { access: { roles: ADMIN_AREA_ROLES } },
  "routes/admin+/users.$id.sign_in_as": onlyMutations({ roles: ["admin"] }),
  // Site tours (SPEC §4): their steps, and starting or ending all of them for a user; admins only.
  "routes/admin+/site-tours._index": { access: { roles: ["admin"] } },
  "routes/admin+/site-tours.$tourKey": { access: { roles: ["admin"] } },
  "routes/admin+/users.$id.site-tours": onlyMutations({ roles: ["admin"] }),
  "routes/admin+/faqs": { access: { roles: FAQ_STAFF_ROLES } },
  "routes/admin+/notes": { access: { roles: NOTES_REVIEW_ROLES } },
  // The back office's people and catalogue (SPEC §2 /admin/*, §3): a user's page (roles, status,
  // confirmation mail), online courses, study sessions, schools, courses and reports.
  "routes/admin+/users.$id._index": { access: { roles: USER_DIRECTORY_ROLES } },
  "routes/admin+/online-courses": { access: { roles: ONLINE_COURSE_STAFF_ROLES } },
  "routes/admin+/study-sessions": { access: { roles: STUDY_SESSION_ADMIN_ROLES } },
  "routes/admin+/schools": { access: { roles: CATALOGUE_STAFF_ROLES } },
  "routes/admin+/courses": { access: { roles: CATALOGUE_STAFF_ROLES } },
  "routes/admin+/reports": { access: { roles: REPORT_ROLES } },
  "routes/admin+/reports_.$report.csv": { access: { roles: REPORT_ROLES } },
  "routes/admin+/discount-codes._index": { access: { roles: MONEY_STAFF_ROLES } },
  "routes/admin+/discount-codes.$id": { access: { roles: MONEY_STAFF_ROLES } },
  "routes/admin+/subscriptions._index": { access: { roles: MONEY_STAFF_ROLES } },
  "routes/admin+/subscriptions.$id": { access: { roles: MONEY_STAFF_ROLES } },
  "routes/admin+/invoices._index": { access: { roles: MONEY_STAFF_ROLES } },
  "routes/admin+/invoices.$id": { access: { roles: MONEY_STAFF_ROLES } },
  // The Stripe prices checkout charges subscriptions (SPEC §3 stripeProducts): admins only.
  "routes/admin+/stripe-products": { access: { roles: MONEY_STAFF_ROLES } },
  "routes/admin+/audit-log": { access: { roles: MONEY_STAFF_ROLES } },
  // Hiring: jobs managers (whose home is not /admin) and admins; applicants never read notes or others' résumés.
  "routes/admin+/hiring._index": { access: { roles: HIRING_ROLES } },
  "routes/admin+/hiring.positions.$id": { access: { roles: HIRING_ROLES } },
  "routes/admin+/hiring.applications.$id": { access: { roles: HIRING_ROLES } },
  "routes/admin+/hiring.applications.$id_.resume": { access: { roles: HIRING_ROLES } },
  // The person signed in while impersonating is the impersonated user (any role), so any
  // signed-in user may post here; the action refuses a session that is not an impersonation.
  "routes/admin+/impersonation.stop": onlyMutations("signed-in"),

  // Realtime, notifications and chats (SPEC §7 Notifications, Chats, Real-time channel).
  // Which channels, notifications and chats a user reaches is decided inside: their own only
  // (channels they may read, their notifications, chats they are a member of: 403 otherwise).
  "routes/api+/v1+/realtime+/events": { access: "signed-in", api: true },
  "routes/api+/v1+/realtime+/token": { access: "signed-in", api: true },
  "routes/api+/v1+/notifications+/_index": { access: "signed-in", api: true },
  "routes/api+/v1+/notifications+/mark_as_read": { api: true, ...onlyMutations("signed-in") },
  "routes/api+/v1+/notifications+/mark_all_as_read": { api: true, ...onlyMutations("signed-in") },
  "routes/api+/v1+/notifications+/delete_group": { api: true, ...onlyMutations("signed-in") },
  "routes/api+/v1+/chats+/_index": { access: "signed-in", api: true },
  "routes/api+/v1+/chats+/$id": { access: "signed-in", api: true },
  "routes/api+/v1+/chats+/$id.viewed": { api: true, ...onlyMutations("signed-in") },
  "routes/api+/v1+/chats+/$id.messages": { access: "signed-in", api: true },
  "routes/api+/v1+/chats+/create_with_user.$id": { api: true, ...onlyMutations("signed-in") },
  "routes/notifications": { access: "signed-in" },
  "routes/chats+/_index": { access: "signed-in" },
  "routes/chats+/$id": { access: "signed-in" },
  // Online courses for students (issue 5): overview, practice mode and the in-course experience.
  // Guests see what is previewable and why the rest is locked; the access module
  // (app/online-courses/access.ts) decides item by item. Pre-registering (and withdrawing) on a
  // preparing course's overview, enrolling for free, completing activities and submitting
  // quizzes need an account.
  "routes/online-courses+/$id._index": { access: "public", mutations: "signed-in" },
  "routes/online-courses+/$id.practice-mode": { access: "public" },
  "routes/in-course-experience+/$idOrSlug.$": { access: "public", mutations: "signed-in" },
  // A lesson's video and captions: open to whoever may open the lesson (the same access module
  // decides: a free preview for anyone, the rest for enrolled students and the course's staff);
  // a locked lesson's file is 403, another lesson's file or a course the viewer cannot see 404.
  "routes/online-course-activities+/$activityId.media.$file": { access: "public" },
  // Payments and subscriptions (issue 6).
  // Checkout is the sign-up-and-pay screen: open to guests.
  "routes/checkout+/_index": { access: "public" },
  "routes/checkout+/success": { access: "signed-in" },
  "routes/checkout+/cancel": { access: "signed-in" },
  // Stripe signs its calls: no session, no CSRF token; an unsigned POST is 400.
  "routes/webhooks+/stripe": onlyMutations("public"),
  "routes/my-subscription": { access: "signed-in" },
  // Subscriptions API (SPEC §7): the owner or an admin; another user's id answers 404.
  "routes/api+/v1+/subscriptions+/_index": { access: "signed-in", api: true },
  "routes/api+/v1+/subscriptions+/complete_purchase": { api: true, ...onlyMutations("signed-in") },
  "routes/api+/v1+/subscriptions+/$id": { access: "signed-in", api: true },
  "routes/api+/v1+/subscriptions+/$id.$call": { access: "signed-in", api: true },
  // SPEC §6: cancelling someone's subscription is admin-only.
  "routes/api+/v1+/subscriptions+/$id.admin_cancel": { api: true, ...onlyMutations({ roles: ["admin"] }) },
  "routes/api+/v1+/invoices": { access: "signed-in", api: true },
  // App shell: the legal pages (also opened as dialogs), and the dark-mode toggle and banner
  // dismissal forms, which only set a preference cookie for this browser.
  "routes/privacy-policy": { access: "public" },
  "routes/terms-and-conditions": { access: "public" },
  "routes/theme": onlyMutations("public"),
  "routes/site-banner": onlyMutations("public"),
  // The cookie choice: a page and a form for anyone, which only set this browser's consent cookie.
  "routes/cookie-consent": { access: "public" },
  // The referral programme's landing page (SPEC §1).
  "routes/referral": { access: "public" },
  // Online courses API: reads follow the access module (guests see what guests may see);
  // enrolments and progress are the signed-in caller's own.
  // Writes (create, details, status, delete) are the editor's: its roles, then
  // `can(viewer, "manage_online_course", course)` per course.
  "routes/api+/v1+/online_courses+/_index": { access: "public", mutations: { roles: ONLINE_COURSE_EDITOR_ROLES }, api: true },
  "routes/api+/v1+/online_courses+/$id": { access: "public", mutations: { roles: ONLINE_COURSE_EDITOR_ROLES }, api: true },
  "routes/api+/v1+/activities+/$id": { access: "public", api: true },
  "routes/api+/v1+/online_course_users+/_index": { access: "signed-in", api: true },
  // Chapters, sections and activities: reads as the in-course pages decide (lists without their
  // parent filter answer 400); writes as the editor's.
  "routes/api+/v1+/online_course_chapters+/_index": { access: "public", mutations: { roles: ONLINE_COURSE_EDITOR_ROLES }, api: true },
  "routes/api+/v1+/online_course_chapters+/$id": { access: "public", mutations: { roles: ONLINE_COURSE_EDITOR_ROLES }, api: true },
  "routes/api+/v1+/online_course_sections+/_index": { access: "public", mutations: { roles: ONLINE_COURSE_EDITOR_ROLES }, api: true },
  "routes/api+/v1+/online_course_sections+/$id": { access: "public", mutations: { roles: ONLINE_COURSE_EDITOR_ROLES }, api: true },
  "routes/api+/v1+/online_course_activities+/_index": { access: "public", mutations: { roles: ONLINE_COURSE_EDITOR_ROLES }, api: true },
  "routes/api+/v1+/online_course_activities+/$id": { access: "public", mutations: { roles: ONLINE_COURSE_EDITOR_ROLES }, api: true },
  "routes/api+/v1+/progress": { access: "signed-in", api: true },
  // Online-course editor, print and booklets (issue 5 items 6 and 7). The role lets someone in;
  // `can(viewer, "manage_online_course", course)` then allows only the course's instructor,
  // managers and admins.
  "routes/online-courses+/new": { access: { roles: ONLINE_COURSE_EDITOR_ROLES } },
  // The layout takes the manager page's forms (details, status, booklet), so they post to
  // /online-courses/{id}/manager itself.
  "routes/online-courses+/$id_.manager": { access: { roles: ONLINE_COURSE_EDITOR_ROLES } },
  "routes/online-courses+/$id_.manager._index": { access: { roles: ONLINE_COURSE_EDITOR_ROLES } },
  "routes/online-courses+/$id_.manager.editor": { access: { roles: ONLINE_COURSE_EDITOR_ROLES } },
  "routes/online-courses+/$id_.print": { access: "signed-in" },
  "routes/online-courses+/$id_.booklets.$bookletId": { access: { roles: ONLINE_COURSE_EDITOR_ROLES } },
  // Course booklets for students: signed in; the page lists, and the download serves, only what
  // the access module lets the viewer study in full (student-booklets.ts), else 404.
  "routes/courses+/$idOrSlug_.booklet": { access: "signed-in", mutations: "signed-in" },
  "routes/online-courses+/$id_.student-booklets.$bookletId": { access: "signed-in" },
  "routes/online-course-activities+/questions": { access: { roles: QUESTION_BANK_ROLES } },
  // Public site: info, landing, plan, people, blog, MCAT and search pages (issue 4); all public
  // and guest-cacheable. Forms: the job application and contact-us post to their own page.
  "routes/homepage": { access: "public" },
  "routes/homepage-alt": { access: "public" },
  "routes/about": { access: "public" },
  "routes/our-story": { access: "public" },
  "routes/careers": { access: "public" },
  "routes/job-positions+/$id": { access: "public" },
  "routes/job-application": { access: "public" },
  "routes/class-rep-positions": { access: "public" },
  // The class-rep programme: apply (guests are sent to sign in and back), the rep's wizard and
  // reports (only that rep and admins get past the 404), staff review.
  "routes/courses+/$idOrSlug_.class-rep-apply": { access: "signed-in" },
  "routes/class-rep-wizard.$crcId": { access: "signed-in" },
  "routes/class-rep-courses.$crcId.reports": { access: { roles: CLASS_REP_REPORT_ROLES } },
  "routes/admin+/class-reps": { access: { roles: CLASS_REP_STAFF_ROLES } },
  "routes/drm-video-testing": { access: "public" },
  // The contest: anyone reads it and its announced winners; entering takes an account. An entry's
  // file opens to its entrant and contest staff only (404 for everyone else); staff judge.
  "routes/contest": { access: "public", mutations: "signed-in" },
  "routes/contest_.entries.$id.file": { access: "signed-in" },
  "routes/admin+/contests._index": { access: { roles: CONTEST_STAFF_ROLES } },
  "routes/admin+/contests.$id": { access: { roles: CONTEST_STAFF_ROLES } },
  "routes/for-educators": { access: "public" },
  "routes/for-parents": { access: "public" },
  "routes/high-school": { access: "public" },
  "routes/university": { access: "public" },
  "routes/on-demand": { access: "public" },
  "routes/pricing": { access: "public" },
  "routes/faq": { access: "public" },
  "routes/$productPlus": { access: "public" },
  "routes/pre-med-plus": { access: "public" },
  "routes/partnerships": { access: "public" },
  "routes/partners+/$idOrSlug": { access: "public" },
  "routes/scholarships+/_index": { access: "public" },
  "routes/scholarships+/$slug": { access: "public", mutations: "signed-in" },
  "routes/scholarships+/applications._index": { access: "signed-in" },
  "routes/scholarships+/applications.$id": { access: "signed-in" },
  "routes/scholarships+/applications.$id_.transcript": { access: "signed-in" },
  "routes/admin+/scholarships._index": { access: { roles: SCHOLARSHIP_STAFF_ROLES } },
  "routes/admin+/scholarships.$id": { access: { roles: SCHOLARSHIP_STAFF_ROLES } },
  "routes/schools+/$id": { access: "public" },
  "routes/lp+/_index": { access: "public" },
  "routes/lp+/$slug": { access: "public" },
  "routes/live-prep+/_index": { access: "public" },
  "routes/live-prep+/schools.$slug": { access: "public" },
  "routes/mcat+/_index": { access: "public" },
  "routes/mcat+/free-resources": { access: "public" },
  "routes/mcat-flash-cards": { access: "public" },
  "routes/cars-passages+/$weekSlug": { access: "public", mutations: "signed-in" },
  "routes/lsat-practice-tests+/$testId": { access: "public", mutations: "signed-in" },
  "routes/practice-questions+/$id": { access: "public", mutations: "signed-in" },
  "routes/practice-questions+/$id_.attempts.$attemptId": { access: "signed-in" },
  "routes/mcat+/events.($type)": { access: "public" },
  // Live study sessions: the page is public and takes a guest's sign-up with the free
  // registration; who may join, download or see a calendar is the enrolment, checked inside.
  "routes/study-sessions+/_index": { access: "signed-in" },
  "routes/study-sessions+/$id": { access: "public" },
  "routes/study-sessions+/$id.join": { access: "signed-in" },
  "routes/study-sessions+/$id.attachments.$attachmentId": { access: "public" },
  "routes/study-sessions+/$id.calendar[.ics]": { access: "signed-in" },
  "routes/calendar-feeds+/$token": { access: "public" },
  "routes/study-sessions+/new": { access: { roles: STUDY_SESSION_STAFF_ROLES } },
  "routes/study-sessions+/$id_.edit": { access: { roles: STUDY_SESSION_STAFF_ROLES } },
  "routes/study-sessions+/$id_.roster": { access: { roles: STUDY_SESSION_STAFF_ROLES } },
  "routes/meetings+/$meetingId": { access: "signed-in" },
  "routes/api+/v1+/study_sessions+/$id.users.free_register": { api: true, ...onlyMutations("signed-in") },
  "routes/api+/v1+/study_sessions+/$id.users.confirm_purchase": { api: true, ...onlyMutations("signed-in") },
  "routes/api+/v1+/study_sessions+/$id.users._index": { access: "signed-in", api: true },
  "routes/api+/v1+/study_sessions+/$id.users.add_user": { api: true, ...onlyMutations("signed-in") },
  "routes/api+/v1+/study_sessions+/$id.zoom_sync": { api: true, ...onlyMutations("signed-in") },
  "routes/api+/v1+/study_session_users+/_index": { access: "signed-in", api: true },
  "routes/api+/v1+/study_session_users+/$id": { access: "signed-in", api: true },
  "routes/api+/v1+/study_session_users+/$id.refund": { api: true, ...onlyMutations("signed-in") },
  "routes/api+/v1+/study_session_users+/$id.resend_email": { api: true, ...onlyMutations("signed-in") },
  "routes/mcat+/exam-dates": { access: "public" },
  "routes/med-school-calculator": { access: "public" },
  "routes/lsat": { access: "public" },
  "routes/instructors+/_index": { access: "public" },
  "routes/instructors+/$id": { access: "public" },
  "routes/tutors+/_index": { access: "public" },
  "routes/tutors+/$id": { access: "public", mutations: "signed-in" },
  // Tutoring (SPEC §1, §2): anyone reads how it works; signed-in students request it; both sides
  // follow requests and contracts on /my-tutoring (rules.ts decides who may act on which).
  "routes/tutoring": { access: "public", mutations: "signed-in" },
  "routes/my-tutoring+/_index": { access: "signed-in" },
  "routes/my-tutoring+/contracts.$id": { access: "signed-in" },
  "routes/my-tutoring+/availability": { access: { roles: TUTOR_ROLES } },
  // Study rooms (SPEC §2, §4, §7): signed-in users make rooms and invite; the members of a room
  // enter it (`enter_study_room`); anyone tries the demo room; the video token is for members.
  "routes/study-rooms+/_index": { access: "signed-in" },
  "routes/study-rooms+/demo": { access: "public" },
  "routes/study-rooms+/$slug": { access: "signed-in" },
  "routes/study-rooms+/invites.$id": { access: "signed-in" },
  "routes/study-rooms+/$slug_.boards.$boardId": { access: "signed-in", api: true },
  "routes/rtc.token": { access: "signed-in", api: true },
  "routes/study-rooms+/$slug_.billing": { access: "signed-in" },
  "routes/study-rooms+/$slug_.signal": { access: "signed-in", api: true },
  "routes/study-rooms+/$slug_.errors": { access: "signed-in", api: true },
  "routes/study-rooms+/$slug_.attachments.$attachmentId": { access: "signed-in" },
  // Flash cards (SPEC §1, §2): a student's own decks; one shared is studied by anyone signed in
  // with its link (`study_flash_card_deck`), changed only by its owner (`edit_flash_card_deck`).
  "routes/flash-cards+/_index": { access: "signed-in" },
  "routes/flash-cards+/$id": { access: "signed-in" },
  "routes/flash-cards+/$id_.edit": { access: "signed-in" },
  "routes/flash-cards+/$id_.export": { access: "signed-in" },
  "routes/flash-cards+/$id_.pictures.$file": { access: "signed-in" },
  // SPEC §7: the tutors suggested to a student (self or admin: app/accounts/policy/permissions.ts
  // "view"), and an educator's public profile document.
  "routes/api+/v1+/users+/recommended_tutors_for_student.$id": { access: "signed-in", api: true },
  "routes/api+/v1+/users+/$id.study_stats": { access: "signed-in", api: true },
  "routes/api+/v1+/users+/$id.instructor_dashboard": { access: "signed-in", api: true },
  "routes/users+/$id.instructor_profile": { access: "public" },
  // Reviews of educators: a student writes one per educator; staff hide or show it.
  "routes/instructors+/$id_.write-a-review": { access: "signed-in" },
  "routes/reviews+/$id.visibility": onlyMutations({ roles: REVIEW_MODERATOR_ROLES }),
  // Work shifts (SPEC §1, §4): eligible users sign up and withdraw; staff publish them.
  "routes/work-shifts+/_index": { access: { roles: WORK_SHIFT_ROLES } },
  "routes/work-shifts+/new": { access: { roles: WORK_SHIFT_STAFF_ROLES } },
  "routes/blog+/_index": { access: "public" },
  // Also serves /blog/@{slug}, the author's page.
  "routes/blog+/$slug": { access: "public" },
  // The view beacon of a post's page (a 1×1 picture, outside the cached HTML) and cover pictures.
  "routes/blog+/$slug_.view[.gif]": { access: "public" },
  "routes/uploads+/blog-covers.$file": { access: "public" },
  // Polls and surveys on blog posts and course pages: anyone sees the questions, signed-in people
  // answer once; staff make them (`manage_polls` decides per blog post or course).
  "routes/polls.$id": { access: "public", mutations: "signed-in" },
  "routes/polls.new": { access: "signed-in" },
  "routes/textbooks+/_index": { access: "public" },
  "routes/textbooks+/$level": { access: "public" },
  "routes/textbooks+/$level_.$slug": { access: "public" },
  "routes/search": { access: "public" },
  "routes/sitemap[.xml]": { access: "public" },
  "routes/contact-us": { access: "public" },
  // Announcements (SPEC §2, §4): class and marketing reps read and answer them; staff write them.
  "routes/announcements": { access: { roles: ANNOUNCEMENT_ROLES } },
  // Invite a Friend (SPEC §2 Resources menu, non-guests; §7 GET /users/invite_data): each member's own.
  "routes/invites": { access: "signed-in" },
  "routes/users+/invite_data": { access: "signed-in" },
  // The rep dashboard, one screen at three paths (SPEC §2), and its data for other clients (§7).
  "routes/brand-ambassador-dashboard": { access: { roles: REP_DASHBOARD_ROLES } },
  "routes/marketing-rep-dashboard": { access: { roles: REP_DASHBOARD_ROLES } },
  "routes/mcat-rep-dashboard": { access: { roles: REP_DASHBOARD_ROLES } },
  "routes/api+/v1+/users+/marketing_rep_dashboard": { access: { roles: REP_DASHBOARD_ROLES }, api: true },
  // Token packs are shown to everyone; the balance only to its owner.
  "routes/tokens": { access: "public" },
  "routes/upload-notes": { access: "signed-in" },
  "routes/upload-notes_.$id.file": { access: "signed-in" },
  // Shared links (SPEC §2 /shares/{token}): anyone with a link reads the one resource it shares
  // (and its file), never changes it; making, listing and turning off links is the member's own.
  "routes/shares+/_index": { access: "signed-in" },
  "routes/shares+/$token": { access: "public" },
  "routes/shares+/$token_.file": { access: "public" },
  // The writing tool: its landing page is public; essays are their owner's, shared with the
  // instructors and tutors they choose (app/writing/essay-access.ts decides per essay, 404 for
  // everyone else); templates are written by content staff.
  "routes/wize-writer": { access: "public" },
  "routes/wize-writer-dashboard+/_index": { access: "signed-in" },
  "routes/wize-writer-dashboard+/essays.$id": { access: "signed-in" },
  "routes/wize-writer-dashboard+/essays.$id_.versions.$version": { access: "signed-in" },
  "routes/wize-writer-dashboard+/essays.$id_.export[.pdf]": { access: "signed-in" },
  "routes/wize-writer-dashboard+/essays.$id_.export[.docx]": { access: "signed-in" },
  "routes/wize-writer-dashboard+/templates.$id": { access: "signed-in" },
  "routes/admin+/writing-templates": { access: { roles: WRITING_TEMPLATE_STAFF_ROLES } },
  // Partner invitations (SPEC §2 Shell): answered from the account menu by a signed-in user;
  // `can(viewer, "respond_to_partner_invite", membership)` then allows only the invited user.
  "routes/partner-memberships.$id": onlyMutations("signed-in"),
  // Site tours (SPEC §2, §7): the steps as a page for everyone (the tour button without
  // JavaScript); marking tours seen is the signed-in user's own.
  "routes/site-tour": { access: "public" },
  "routes/site_tours+/viewed_tour": onlyMutations("signed-in"),
  "routes/site_tours+/viewed_tours": onlyMutations("signed-in"),
  // A signed-in user's browser reports its platform (SPEC §3 platform, §7 the extension's version).
  "routes/platform": onlyMutations("signed-in"),
} as const satisfies Record<string, RouteRule>;

export type RouteId = keyof typeof ROUTE_RULES;

export function isKnownRoute(routeId: string): routeId is RouteId {
  return Object.hasOwn(ROUTE_RULES, routeId);
}

/** Whether the viewer may open the route's page: for a link shown only to those it lets in. */
export function mayOpen(viewer: Viewer, route: RouteId): boolean {
  return decideAccess(viewer, routeRule(route).access) === "allow";
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
