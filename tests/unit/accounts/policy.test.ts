import { describe, expect, it } from "vitest";
import { can, type UserSubject } from "~/accounts/policy/permissions";
import {
  ADMIN_AREA_ROLES,
  decideAccess,
  isKnownRoute,
  requirementFor,
  ROUTE_RULES,
  routeRule,
  type RouteId,
  type RouteRequirement,
  type RouteRule,
} from "~/accounts/policy/route-rules";
import { guestViewer, isRole, ROLES, type Role, type Viewer } from "~/accounts/roles";
import { ROUTE_SAMPLES } from "../../support/route-samples";

const signedIn = (id: number, ...roles: string[]): Viewer => ({ id, roles, userType: roles.length ? "staff" : "student" });

/** Every identity of the role × route test: a guest, a student and one user per role. */
const identities: { name: string; viewer: Viewer }[] = [
  { name: "guest", viewer: guestViewer },
  { name: "student", viewer: signedIn(1) },
  ...ROLES.map((role, index) => ({ name: role, viewer: signedIn(100 + index, role) })),
];

const rules = Object.entries(ROUTE_RULES) as [RouteId, RouteRule][];
/** SPEC §7's JSON endpoints outside /api. */
const JSON_OUTSIDE_API = ["/rtc/token", "/study-rooms/no-such-room/boards/1", "/study-rooms/no-such-room/signal", "/study-rooms/no-such-room/errors"];

describe("the route table", () => {
  it.each(rules)("%s has a well-formed rule", (routeId, rule) => {
    for (const requirement of [rule.access, rule.mutations ?? "public"]) {
      if (typeof requirement === "object") {
        expect(requirement.roles.length).toBeGreaterThan(0);
        expect(requirement.roles.every(isRole)).toBe(true);
      } else {
        expect(["public", "signed-in"]).toContain(requirement);
      }
    }
    const sample = ROUTE_SAMPLES[routeId];
    expect(sample, `add ${routeId} to tests/support/route-samples.ts`).toBeDefined();
    // API routes are exactly those under /api, and the JSON endpoints SPEC §7 names elsewhere:
    // that is where clients expect JSON errors.
    const pathname = new URL(sample.url, "http://x").pathname;
    expect(Boolean(rule.api), routeId).toBe(pathname.startsWith("/api/") || JSON_OUTSIDE_API.includes(pathname));
  });

  it.each(Object.entries(ROUTE_SAMPLES))("%s has a well-formed sample", (routeId, sample) => {
    expect(isKnownRoute(routeId), `${routeId} has no rule`).toBe(true);
    expect(sample.url.startsWith("/")).toBe(true);
    expect(() => new URL(sample.url, "http://x")).not.toThrow();
    if (sample.get && "status" in sample.get && sample.get.status === 405) expect(sample.mutation, routeId).toBeDefined();
  });

  it("gives every route its own sample URL", () => {
    const urls = Object.values(ROUTE_SAMPLES).map((sample) => sample.url);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it("knows its own route ids and nothing else", () => {
    expect(isKnownRoute("routes/admin+/_index")).toBe(true);
    expect(isKnownRoute("routes/nope")).toBe(false);
    expect(isKnownRoute("toString")).toBe(false);
    expect(routeRule("routes/admin+/_index").access).toEqual({ roles: ADMIN_AREA_ROLES });
  });

  type Who = "everyone" | "signed-in" | readonly Role[];
  const courseEditors: Who = ["instructor", "ss_instructor", "mcat_instructor", "lsat_instructor", "manager", "admin"];
  /**
   * Who may load and who may mutate each route, written out independently of the table (issue 3,
   * SPEC §2 and §6), so an accidental edit of the table fails here as well as in the role × route
   * test. `mutate` defaults to `load`.
   */
  const expected: Record<RouteId, { load: Who; mutate?: Who }> = {
    "routes/_index": { load: "everyone" },
    "routes/$": { load: "everyone" },
    "routes/robots[.txt]": { load: "everyone" },
    "routes/courses+/_index": { load: "everyone" },
    "routes/courses+/$idOrSlug": { load: "everyone" },
    "routes/courses+/$idOrSlug_.forum": { load: "everyone", mutate: "signed-in" },
    "routes/forum-reports": { load: ["forum_moderator", "admin"] },
    "routes/courses+/$idOrSlug_.forum_.$postId": { load: "everyone", mutate: "signed-in" },
    "routes/online-courses+/$onlineCourse_.forum": { load: "everyone", mutate: "signed-in" },
    "routes/online-courses+/$onlineCourse_.forum_.$postId": { load: "everyone", mutate: "signed-in" },
    "routes/community+/interactions": { load: "everyone", mutate: "signed-in" },
    "routes/tracking_events": { load: "everyone" },
    "routes/tracking_events2": { load: "everyone" },
    "routes/api+/v1+/$": { load: "everyone" },
    "routes/api+/v1+/schools+/_index": { load: "everyone" },
    "routes/api+/v1+/schools+/$id": { load: "everyone" },
    "routes/users+/sign_in": { load: "everyone" },
    "routes/sign-up": { load: "everyone" },
    "routes/users+/sign_out": { load: "everyone" },
    "routes/json+/users+/sign_in": { load: "everyone" },
    "routes/json+/users+/password": { load: "everyone" },
    "routes/omniauth": { load: "everyone" },
    "routes/users+/password": { load: "everyone" },
    "routes/users+/password.new": { load: "everyone" },
    "routes/users+/password.edit": { load: "everyone" },
    "routes/users+/confirmation": { load: "everyone" },
    "routes/users+/confirmations.resend_instructions": { load: "everyone" },
    "routes/dev+/mailbox": { load: "everyone" },
    "routes/dev+/mailbox.$id": { load: "everyone" },
    "routes/dev+/mailbox.$id.attachments.$index": { load: "everyone" },
    "routes/dashboard": { load: "signed-in" },
    "routes/users+/_index": { load: ["admin"], mutate: "everyone" },
    "routes/api+/v1+/users+/_index": { load: ["admin"] },
    "routes/admin+/_index": { load: ["admin", "manager"] },
    "routes/instructor-dashboard": { load: ["instructor", "ss_instructor", "mcat_instructor", "lsat_instructor", "tutor", "admin", "manager", "study_buddy_admin"] },
    "routes/admin+/faqs": { load: ["admin", "manager"] },
    "routes/admin+/notes": { load: ["admin", "content_qa_specialist"] },
    "routes/admin+/users.$id._index": { load: ["admin"] },
    "routes/admin+/online-courses": { load: ["admin", "manager"] },
    "routes/admin+/study-sessions": { load: ["admin"] },
    "routes/admin+/schools": { load: ["admin"] },
    "routes/admin+/courses": { load: ["admin"] },
    "routes/admin+/reports": { load: ["admin", "manager"] },
    "routes/admin+/reports_.$report.csv": { load: ["admin", "manager"] },
    // The money side of the back office and the staff audit log: admins only (SPEC §6).
    "routes/admin+/discount-codes._index": { load: ["admin"] },
    "routes/admin+/discount-codes.$id": { load: ["admin"] },
    "routes/admin+/subscriptions._index": { load: ["admin"] },
    "routes/admin+/subscriptions.$id": { load: ["admin"] },
    "routes/admin+/invoices._index": { load: ["admin"] },
    "routes/admin+/invoices.$id": { load: ["admin"] },
    "routes/admin+/stripe-products": { load: ["admin"] },
    "routes/admin+/audit-log": { load: ["admin"] },
    // Hiring: jobs managers and admins; applicants read their status on /job-application only.
    "routes/admin+/hiring._index": { load: ["admin", "jobs_manager"] },
    "routes/admin+/hiring.positions.$id": { load: ["admin", "jobs_manager"] },
    "routes/admin+/hiring.applications.$id": { load: ["admin", "jobs_manager"] },
    "routes/admin+/hiring.applications.$id_.resume": { load: ["admin", "jobs_manager"] },
    "routes/teacher-dashboard": { load: ["teacher", "admin"] },
    "routes/teacher-dashboard_.courses.$id.students": { load: ["teacher", "admin"] },
    "routes/teacher-dashboard_.courses.$id.grade-book": { load: ["teacher", "admin"] },
    "routes/teacher-dashboard_.courses.$id.planner": { load: ["teacher", "admin"] },
    "routes/teacher-dashboard_.courses.$id.grade-book[.csv]": { load: ["teacher", "admin"] },
    "routes/join-class": { load: "signed-in" },
    "routes/course-assignments.$id": { load: "signed-in" },
    "routes/course-assignments_.$id.files.$userId": { load: "signed-in" },
    "routes/content-creator-dashboard": { load: ["content_creator", "blog_manager", "admin"] },
    "routes/content-creator-dashboard_.posts.new": { load: ["content_creator", "blog_manager", "admin"] },
    "routes/content-creator-dashboard_.posts.$id": { load: ["content_creator", "blog_manager", "admin"] },
    "routes/blog+/$slug_.view[.gif]": { load: "everyone" },
    "routes/uploads+/blog-covers.$file": { load: "everyone" },
    "routes/polls.$id": { load: "everyone", mutate: "signed-in" },
    "routes/polls.new": { load: "signed-in" },
    // Mutation-only routes: GET answers 405 to everyone; the mutation is what is guarded.
    "routes/admin+/users.$id.sign_in_as": { load: "everyone", mutate: ["admin"] },
    "routes/admin+/site-tours._index": { load: ["admin"] },
    "routes/admin+/site-tours.$tourKey": { load: ["admin"] },
    "routes/admin+/users.$id.site-tours": { load: "everyone", mutate: ["admin"] },
    "routes/admin+/impersonation.stop": { load: "everyone", mutate: "signed-in" },
    "routes/api+/v1+/users+/$id.confirm": { load: "everyone", mutate: ["admin"] },
    "routes/api+/v1+/users+/$id.resend_password_reset": { load: "everyone", mutate: "signed-in" },
    "routes/api+/v1+/users+/$id.resend_confirmation": { load: "everyone", mutate: "signed-in" },
    // Profile and reauthentication (issue 3 items 6 and 8).
    "routes/profile": { load: "signed-in" },
    "routes/onboarding": { load: "signed-in" },
    "routes/users+/reauthenticate": { load: "signed-in" },
    "routes/uploads+/avatars.$file": { load: "everyone" },
    "routes/api+/v1+/users+/$id": { load: "signed-in" },
    "routes/api+/v1+/users+/$id.deactivate": { load: "everyone", mutate: "signed-in" },
    "routes/api+/v1+/users+/accept_contract": { load: "everyone", mutate: "signed-in" },
    "routes/api+/v1+/users+/educators": { load: "everyone" },
    "routes/api+/v1+/users+/$id.educator_profile": { load: "everyone" },

    // Realtime, notifications and chats.
    "routes/api+/v1+/realtime+/events": { load: "signed-in" },
    "routes/api+/v1+/realtime+/token": { load: "signed-in" },
    "routes/api+/v1+/notifications+/_index": { load: "signed-in" },
    "routes/api+/v1+/notifications+/mark_as_read": { load: "everyone", mutate: "signed-in" },
    "routes/api+/v1+/notifications+/mark_all_as_read": { load: "everyone", mutate: "signed-in" },
    "routes/api+/v1+/notifications+/delete_group": { load: "everyone", mutate: "signed-in" },
    "routes/api+/v1+/chats+/_index": { load: "signed-in" },
    "routes/api+/v1+/chats+/$id": { load: "signed-in" },
    "routes/api+/v1+/chats+/$id.viewed": { load: "everyone", mutate: "signed-in" },
    "routes/api+/v1+/chats+/$id.messages": { load: "signed-in" },
    "routes/api+/v1+/chats+/create_with_user.$id": { load: "everyone", mutate: "signed-in" },
    "routes/notifications": { load: "signed-in" },
    "routes/chats+/_index": { load: "signed-in" },
    "routes/chats+/$id": { load: "signed-in" },
    // Online courses for students (issue 5).
    "routes/online-courses+/$id._index": { load: "everyone", mutate: "signed-in" },
    "routes/online-courses+/$id.practice-mode": { load: "everyone" },
    "routes/in-course-experience+/$idOrSlug.$": { load: "everyone", mutate: "signed-in" },
    "routes/online-course-activities+/$activityId.media.$file": { load: "everyone" },
    // Payments and subscriptions (issue 6).
    "routes/checkout+/_index": { load: "everyone" },
    "routes/checkout+/success": { load: "signed-in" },
    "routes/checkout+/cancel": { load: "signed-in" },
    "routes/webhooks+/stripe": { load: "everyone" },
    "routes/my-subscription": { load: "signed-in" },
    "routes/api+/v1+/subscriptions+/_index": { load: "signed-in" },
    "routes/api+/v1+/subscriptions+/complete_purchase": { load: "everyone", mutate: "signed-in" },
    "routes/api+/v1+/subscriptions+/$id": { load: "signed-in" },
    "routes/api+/v1+/subscriptions+/$id.$call": { load: "signed-in" },
    "routes/api+/v1+/subscriptions+/$id.admin_cancel": { load: "everyone", mutate: ["admin"] },
    "routes/api+/v1+/invoices": { load: "signed-in" },
    // App shell: legal pages, dark-mode toggle, site banner dismissal.
    "routes/privacy-policy": { load: "everyone" },
    "routes/terms-and-conditions": { load: "everyone" },
    "routes/theme": { load: "everyone", mutate: "everyone" },
    "routes/site-banner": { load: "everyone", mutate: "everyone" },
    "routes/cookie-consent": { load: "everyone", mutate: "everyone" },
    "routes/referral": { load: "everyone" },
    // Online courses API (issue 5).
    "routes/api+/v1+/online_courses+/_index": { load: "everyone", mutate: courseEditors },
    "routes/api+/v1+/online_courses+/$id": { load: "everyone", mutate: courseEditors },
    "routes/api+/v1+/online_course_chapters+/_index": { load: "everyone", mutate: courseEditors },
    "routes/api+/v1+/online_course_chapters+/$id": { load: "everyone", mutate: courseEditors },
    "routes/api+/v1+/online_course_sections+/_index": { load: "everyone", mutate: courseEditors },
    "routes/api+/v1+/online_course_sections+/$id": { load: "everyone", mutate: courseEditors },
    "routes/api+/v1+/online_course_activities+/_index": { load: "everyone", mutate: courseEditors },
    "routes/api+/v1+/online_course_activities+/$id": { load: "everyone", mutate: courseEditors },
    "routes/api+/v1+/activities+/$id": { load: "everyone" },
    "routes/api+/v1+/online_course_users+/_index": { load: "signed-in" },
    "routes/api+/v1+/progress": { load: "signed-in" },
    // Online-course editor, print and booklets (issue 5 items 6 and 7).
    "routes/online-courses+/new": { load: courseEditors },
    "routes/online-courses+/$id_.manager": { load: courseEditors },
    "routes/online-courses+/$id_.manager._index": { load: courseEditors },
    "routes/online-courses+/$id_.manager.editor": { load: courseEditors },
    "routes/online-courses+/$id_.print": { load: "signed-in" },
    "routes/online-courses+/$id_.booklets.$bookletId": { load: courseEditors },
    "routes/courses+/$idOrSlug_.booklet": { load: "signed-in", mutate: "signed-in" },
    "routes/online-courses+/$id_.student-booklets.$bookletId": { load: "signed-in" },
    "routes/online-course-activities+/questions": { load: ["instructor", "ss_instructor", "mcat_instructor", "lsat_instructor", "content_creator", "admin"] },
    // Public site (issue 4).
    "routes/homepage": { load: "everyone" },
    "routes/homepage-alt": { load: "everyone" },
    "routes/about": { load: "everyone" },
    "routes/our-story": { load: "everyone" },
    "routes/careers": { load: "everyone" },
    "routes/job-positions+/$id": { load: "everyone" },
    "routes/job-application": { load: "everyone" },
    "routes/class-rep-positions": { load: "everyone" },
    "routes/courses+/$idOrSlug_.class-rep-apply": { load: "signed-in" },
    "routes/class-rep-wizard.$crcId": { load: "signed-in" },
    "routes/class-rep-courses.$crcId.reports": { load: ["class_rep", "admin"] },
    "routes/admin+/class-reps": { load: ["admin", "marketing_manager"] },
    "routes/drm-video-testing": { load: "everyone" },
    "routes/contest": { load: "everyone", mutate: "signed-in" },
    "routes/contest_.entries.$id.file": { load: "signed-in" },
    "routes/admin+/contests._index": { load: ["admin", "marketing_manager"] },
    "routes/admin+/contests.$id": { load: ["admin", "marketing_manager"] },
    "routes/for-educators": { load: "everyone" },
    "routes/for-parents": { load: "everyone" },
    "routes/high-school": { load: "everyone" },
    "routes/university": { load: "everyone" },
    "routes/on-demand": { load: "everyone" },
    "routes/pricing": { load: "everyone" },
    "routes/faq": { load: "everyone" },
    "routes/$productPlus": { load: "everyone" },
    "routes/pre-med-plus": { load: "everyone" },
    "routes/partnerships": { load: "everyone" },
    "routes/partners+/$idOrSlug": { load: "everyone" },
    "routes/scholarships+/_index": { load: "everyone" },
    "routes/scholarships+/$slug": { load: "everyone", mutate: "signed-in" },
    "routes/scholarships+/applications._index": { load: "signed-in" },
    "routes/scholarships+/applications.$id": { load: "signed-in" },
    "routes/scholarships+/applications.$id_.transcript": { load: "signed-in" },
    "routes/admin+/scholarships._index": { load: ["admin", "marketing_manager"] },
    "routes/admin+/scholarships.$id": { load: ["admin", "marketing_manager"] },
    "routes/schools+/$id": { load: "everyone" },
    "routes/lp+/_index": { load: "everyone" },
    "routes/lp+/$slug": { load: "everyone" },
    "routes/live-prep+/_index": { load: "everyone" },
    "routes/live-prep+/schools.$slug": { load: "everyone" },
    "routes/mcat+/_index": { load: "everyone" },
    "routes/mcat+/free-resources": { load: "everyone" },
    "routes/mcat-flash-cards": { load: "everyone" },
    "routes/cars-passages+/$weekSlug": { load: "everyone", mutate: "signed-in" },
    "routes/lsat-practice-tests+/$testId": { load: "everyone", mutate: "signed-in" },
    "routes/practice-questions+/$id": { load: "everyone", mutate: "signed-in" },
    "routes/practice-questions+/$id_.attempts.$attemptId": { load: "signed-in", mutate: "signed-in" },
    "routes/mcat+/events.($type)": { load: "everyone" },
    "routes/study-sessions+/_index": { load: "signed-in" },
    "routes/study-sessions+/$id": { load: "everyone" },
    "routes/study-sessions+/$id.join": { load: "signed-in" },
    "routes/study-sessions+/$id.attachments.$attachmentId": { load: "everyone" },
    "routes/study-sessions+/$id.calendar[.ics]": { load: "signed-in" },
    "routes/study-sessions+/new": { load: ["instructor", "ss_instructor", "mcat_instructor", "lsat_instructor", "admin"] },
    "routes/study-sessions+/$id_.edit": { load: ["instructor", "ss_instructor", "mcat_instructor", "lsat_instructor", "admin"] },
    "routes/study-sessions+/$id_.roster": { load: ["instructor", "ss_instructor", "mcat_instructor", "lsat_instructor", "admin"] },
    "routes/calendar-feeds+/$token": { load: "everyone" },
    "routes/meetings+/$meetingId": { load: "signed-in" },
    "routes/api+/v1+/study_sessions+/$id.users.free_register": { load: "everyone", mutate: "signed-in" },
    "routes/api+/v1+/study_sessions+/$id.users.confirm_purchase": { load: "everyone", mutate: "signed-in" },
    "routes/api+/v1+/study_sessions+/$id.users._index": { load: "signed-in" },
    "routes/api+/v1+/study_sessions+/$id.users.add_user": { load: "everyone", mutate: "signed-in" },
    "routes/api+/v1+/study_sessions+/$id.zoom_sync": { load: "everyone", mutate: "signed-in" },
    "routes/api+/v1+/study_session_users+/_index": { load: "signed-in" },
    "routes/api+/v1+/study_session_users+/$id": { load: "signed-in" },
    "routes/api+/v1+/study_session_users+/$id.refund": { load: "everyone", mutate: "signed-in" },
    "routes/api+/v1+/study_session_users+/$id.resend_email": { load: "everyone", mutate: "signed-in" },
    "routes/mcat+/exam-dates": { load: "everyone" },
    "routes/med-school-calculator": { load: "everyone" },
    "routes/lsat": { load: "everyone" },
    "routes/instructors+/_index": { load: "everyone" },
    "routes/instructors+/$id": { load: "everyone" },
    "routes/tutors+/_index": { load: "everyone" },
    "routes/tutors+/$id": { load: "everyone", mutate: "signed-in" },
    "routes/tutoring": { load: "everyone", mutate: "signed-in" },
    "routes/my-tutoring+/_index": { load: "signed-in" },
    "routes/my-tutoring+/contracts.$id": { load: "signed-in" },
    "routes/my-tutoring+/availability": { load: ["tutor"] },
    "routes/study-rooms+/_index": { load: "signed-in" },
    "routes/study-rooms+/demo": { load: "everyone" },
    "routes/study-rooms+/$slug": { load: "signed-in" },
    "routes/study-rooms+/invites.$id": { load: "signed-in" },
    "routes/rtc.token": { load: "signed-in" },
    "routes/study-rooms+/$slug_.boards.$boardId": { load: "signed-in" },
    "routes/study-rooms+/$slug_.billing": { load: "signed-in" },
    "routes/study-rooms+/$slug_.signal": { load: "signed-in" },
    "routes/study-rooms+/$slug_.errors": { load: "signed-in" },
    "routes/study-rooms+/$slug_.attachments.$attachmentId": { load: "signed-in" },
    "routes/flash-cards+/_index": { load: "signed-in" },
    "routes/flash-cards+/$id": { load: "signed-in" },
    "routes/flash-cards+/$id_.edit": { load: "signed-in" },
    "routes/flash-cards+/$id_.export": { load: "signed-in" },
    "routes/flash-cards+/$id_.pictures.$file": { load: "signed-in" },
    "routes/api+/v1+/users+/recommended_tutors_for_student.$id": { load: "signed-in" },
    "routes/api+/v1+/users+/$id.study_stats": { load: "signed-in" },
    "routes/api+/v1+/users+/$id.instructor_dashboard": { load: "signed-in" },
    "routes/users+/$id.instructor_profile": { load: "everyone" },
    "routes/instructors+/$id_.write-a-review": { load: "signed-in" },
    "routes/reviews+/$id.visibility": { load: "everyone", mutate: ["manager", "admin"] },
    "routes/work-shifts+/_index": { load: ["tutor", "instructor", "ss_instructor", "mcat_instructor", "lsat_instructor", "class_rep", "brand_ambassador", "manager", "admin"] },
    "routes/work-shifts+/new": { load: ["manager", "admin"] },
    "routes/blog+/_index": { load: "everyone" },
    "routes/blog+/$slug": { load: "everyone" },
    "routes/textbooks+/_index": { load: "everyone" },
    "routes/textbooks+/$level": { load: "everyone" },
    "routes/textbooks+/$level_.$slug": { load: "everyone" },
    "routes/search": { load: "everyone" },
    "routes/sitemap[.xml]": { load: "everyone" },
    "routes/contact-us": { load: "everyone" },
    "routes/announcements": { load: ["class_rep", "marketing_rep", "admin", "marketing_manager"] },
    "routes/tokens": { load: "everyone" },
    "routes/upload-notes": { load: "signed-in" },
    "routes/upload-notes_.$id.file": { load: "signed-in" },
    "routes/shares+/_index": { load: "signed-in" },
    "routes/shares+/$token": { load: "everyone" },
    "routes/shares+/$token_.file": { load: "everyone" },
    "routes/wize-writer": { load: "everyone" },
    "routes/wize-writer-dashboard+/_index": { load: "signed-in" },
    "routes/wize-writer-dashboard+/essays.$id": { load: "signed-in" },
    "routes/wize-writer-dashboard+/essays.$id_.versions.$version": { load: "signed-in" },
    "routes/wize-writer-dashboard+/essays.$id_.export[.pdf]": { load: "signed-in" },
    "routes/wize-writer-dashboard+/essays.$id_.export[.docx]": { load: "signed-in" },
    "routes/wize-writer-dashboard+/templates.$id": { load: "signed-in" },
    "routes/admin+/writing-templates": { load: ["content_creator", "admin"] },
    "routes/invites": { load: "signed-in" },
    "routes/users+/invite_data": { load: "signed-in" },
    "routes/brand-ambassador-dashboard": { load: ["brand_ambassador", "marketing_rep", "mcat_rep", "marketing_manager", "admin"] },
    "routes/marketing-rep-dashboard": { load: ["brand_ambassador", "marketing_rep", "mcat_rep", "marketing_manager", "admin"] },
    "routes/mcat-rep-dashboard": { load: ["brand_ambassador", "marketing_rep", "mcat_rep", "marketing_manager", "admin"] },
    "routes/api+/v1+/users+/marketing_rep_dashboard": { load: ["brand_ambassador", "marketing_rep", "mcat_rep", "marketing_manager", "admin"] },
    // Partner invitations and site tours (SPEC §2, §7).
    "routes/partner-memberships.$id": { load: "everyone", mutate: "signed-in" },
    "routes/site-tour": { load: "everyone" },
    "routes/site_tours+/viewed_tour": { load: "everyone", mutate: "signed-in" },
    "routes/site_tours+/viewed_tours": { load: "everyone", mutate: "signed-in" },
    "routes/platform": { load: "everyone", mutate: "signed-in" },
  };

  it("has an expectation for every rule", () => {
    expect(Object.keys(expected).sort()).toEqual(rules.map(([id]) => id).sort());
  });

  function decisionFor(who: Who, name: string) {
    if (who === "everyone") return "allow";
    if (name === "guest") return "sign-in";
    return who === "signed-in" || (who as readonly string[]).includes(name) ? "allow" : "forbidden";
  }

  describe.each(Object.entries(expected))("%s", (routeId, { load, mutate = load }) => {
    it.each(identities)("as $name", ({ name, viewer }) => {
      const rule = routeRule(routeId as RouteId);
      expect(decideAccess(viewer, requirementFor(rule, "GET")), "GET").toBe(decisionFor(load, name));
      expect(decideAccess(viewer, requirementFor(rule, "POST")), "POST").toBe(decisionFor(mutate, name));
    });
  });

  it("lets anyone sign up with POST /users while only admins list users with GET /users", () => {
    const rule = routeRule("routes/users+/_index");
    expect(decideAccess(guestViewer, requirementFor(rule, "POST"))).toBe("allow");
    expect(decideAccess(guestViewer, requirementFor(rule, "GET"))).toBe("sign-in");
    expect(decideAccess(signedIn(1), requirementFor(rule, "GET"))).toBe("forbidden");
    expect(decideAccess(signedIn(2, "admin"), requirementFor(rule, "GET"))).toBe("allow");
  });
});

describe("requirementFor", () => {
  const rule: RouteRule = { access: { roles: ["admin"] }, mutations: "public" };
  it.each(["GET", "HEAD", "OPTIONS", "get"])("uses access for %s", (method) => {
    expect(requirementFor(rule, method)).toEqual({ roles: ["admin"] });
  });
  it.each(["POST", "PUT", "PATCH", "DELETE", "post"])("uses mutations for %s", (method) => {
    expect(requirementFor(rule, method)).toBe("public");
  });
  it("falls back to access for mutations when the rule has no separate one", () => {
    expect(requirementFor({ access: "signed-in" }, "DELETE")).toBe("signed-in");
  });
});

describe("decideAccess", () => {
  const cases: [string, Viewer, RouteRequirement, string][] = [
    ["guest, public", guestViewer, "public", "allow"],
    ["guest, signed-in", guestViewer, "signed-in", "sign-in"],
    ["guest, roles", guestViewer, { roles: ["admin"] }, "sign-in"],
    ["student, public", signedIn(1), "public", "allow"],
    ["student, signed-in", signedIn(1), "signed-in", "allow"],
    ["student, admin", signedIn(1), { roles: ["admin"] }, "forbidden"],
    ["manager, admin or manager", signedIn(2, "manager"), { roles: ["admin", "manager"] }, "allow"],
    ["tutor + teacher, teacher", signedIn(3, "tutor", "teacher"), { roles: ["teacher"] }, "allow"],
    // A guest never passes a role check, whatever roles a malformed viewer carries.
    ["guest carrying a role", { id: null, roles: ["admin"], userType: "guest" }, { roles: ["admin"] }, "sign-in"],
  ];
  it.each(cases)("%s → %s", (_name, viewer, requirement, expected) => {
    expect(decideAccess(viewer, requirement)).toBe(expected);
  });
});

describe("can", () => {
  const admin = signedIn(1, "admin");
  const otherAdmin: UserSubject = { id: 2, roles: ["admin"] };
  const student: UserSubject = { id: 3, roles: [] };
  const manager: UserSubject = { id: 4, roles: ["manager"] };
  const teacher: UserSubject = { id: 5, roles: ["teacher"] };
  const adminAndTeacher: UserSubject = { id: 6, roles: ["teacher", "admin"] };
  const deactivated: UserSubject = { id: 7, roles: [], deactivated_at: new Date("2024-01-01") };
  const self: UserSubject = { id: 1, roles: ["admin"] };

  describe("impersonate", () => {
    it.each([
      ["a student", student, true],
      ["a manager", manager, true],
      ["a teacher", teacher, true],
      ["another admin", otherAdmin, false],
      ["an admin who is also a teacher", adminAndTeacher, false],
      ["themself", self, false],
      ["a deactivated user", deactivated, false],
    ] as const)("an admin signing in as %s: %s", (_name, target, expected) => {
      expect(can(admin, "impersonate", target)).toBe(expected);
    });

    it.each(identities.filter(({ name }) => name !== "admin"))("$name may not sign in as a student", ({ viewer }) => {
      expect(can(viewer, "impersonate", { id: 999, roles: [] })).toBe(false);
    });
  });

  describe("list users", () => {
    it.each(identities)("$name", ({ name, viewer }) => {
      expect(can(viewer, "list", "users")).toBe(name === "admin");
    });
  });

  describe("edit, view, deactivate, resend_password_reset, resend_confirmation: the user themself or an admin", () => {
    const target: UserSubject = { id: 50, roles: [] };
    it.each(["edit", "view", "deactivate", "resend_password_reset", "resend_confirmation"] as const)("%s", (action) => {
      expect(can(signedIn(50), action, target)).toBe(true);
      expect(can(signedIn(51), action, target)).toBe(false);
      expect(can(admin, action, target)).toBe(true);
      expect(can(admin, action, otherAdmin)).toBe(true);
      expect(can(guestViewer, action, target)).toBe(false);
      for (const { name, viewer } of identities) {
        expect(can(viewer, action, target), `${name} ${action}`).toBe(name === "admin");
      }
    });
  });

  describe("confirm", () => {
    it.each(identities)("$name confirming someone else's email", ({ name, viewer }) => {
      expect(can(viewer, "confirm", student)).toBe(name === "admin");
    });
    it("is not something a student does for themself", () => {
      expect(can(signedIn(3), "confirm", student)).toBe(false);
    });
  });

  it("refuses an action it does not know", () => {
    expect(can(admin, "launch_rockets" as never, student as never)).toBe(false);
    expect(can(admin, "toString" as never, student as never)).toBe(false);
    expect(can(admin, "constructor" as never, student as never)).toBe(false);
  });
});

describe("manage_online_course: the course's instructor, managers and admins", () => {
  const course = { instructor_id: 70 };
  it.each([
    ["the course's instructor", signedIn(70, "instructor"), true],
    ["the course's MCAT instructor", signedIn(70, "mcat_instructor"), true],
    ["another instructor", signedIn(71, "instructor"), false],
    ["the named instructor who no longer holds an instructor role", signedIn(70), false],
    ["a manager", signedIn(72, "manager"), true],
    ["an admin", signedIn(73, "admin"), true],
    ["a content creator", signedIn(74, "content_creator"), false],
    ["a student", signedIn(75), false],
    ["a guest", guestViewer, false],
  ] as const)("%s → %s", (_name, viewer, allowed) => {
    expect(can(viewer, "manage_online_course", course)).toBe(allowed);
  });
  it("gives a course without an instructor to managers and admins only", () => {
    expect(can(signedIn(70, "instructor"), "manage_online_course", { instructor_id: null })).toBe(false);
    expect(can(signedIn(73, "admin"), "manage_online_course", { instructor_id: null })).toBe(true);
  });
});

describe("manage_study_session: the session's instructor and admins", () => {
  const session = { instructor_id: 70 };
  it.each([
    ["the session's instructor", signedIn(70, "instructor"), true],
    ["the session's study-session instructor", signedIn(70, "ss_instructor"), true],
    ["the session's LSAT instructor", signedIn(70, "lsat_instructor"), true],
    ["another instructor", signedIn(71, "instructor"), false],
    ["the named instructor who no longer holds an instructor role", signedIn(70), false],
    ["a manager", signedIn(72, "manager"), false],
    ["an admin", signedIn(73, "admin"), true],
    ["a student", signedIn(75), false],
    ["a guest", guestViewer, false],
  ] as const)("%s → %s", (_name, viewer, allowed) => {
    expect(can(viewer, "manage_study_session", session)).toBe(allowed);
  });
  it("gives a session without an instructor to admins only", () => {
    expect(can(signedIn(70, "instructor"), "manage_study_session", { instructor_id: null })).toBe(false);
    expect(can(signedIn(73, "admin"), "manage_study_session", { instructor_id: null })).toBe(true);
  });
});

describe("respond_to_partner_invite: the invited user only", () => {
  const invite = { user_id: 80 };
  it.each([
    ["the invited user", signedIn(80), true],
    ["another student", signedIn(81), false],
    ["an admin", signedIn(82, "admin"), false],
    ["a partner member of another partner", signedIn(83, "partner_member"), false],
    ["a guest", guestViewer, false],
  ] as const)("%s → %s", (_name, viewer, allowed) => {
    expect(can(viewer, "respond_to_partner_invite", invite)).toBe(allowed);
  });
});

describe("teach_class and attend_class: a class's teachers, its students, admins", () => {
  const klass = {
    members: [
      { user_id: 80, role: "teacher" },
      { user_id: 81, role: "student" },
    ],
  } as const;
  it.each([
    ["the class's teacher", signedIn(80, "teacher"), true, true],
    ["its teacher who no longer holds the teacher role", signedIn(80), false, true],
    ["another teacher", signedIn(82, "teacher"), false, false],
    ["a student of the class", signedIn(81), false, true],
    ["a student of the class who is also a teacher elsewhere", signedIn(81, "teacher"), false, true],
    ["another student", signedIn(83), false, false],
    ["an admin", signedIn(84, "admin"), true, true],
    ["a manager", signedIn(85, "manager"), false, false],
    ["a guest", guestViewer, false, false],
  ] as const)("%s → teaches %s, attends %s", (_name, viewer, teaches, attends) => {
    expect(can(viewer, "teach_class", klass)).toBe(teaches);
    expect(can(viewer, "attend_class", klass)).toBe(attends);
  });
});

describe("work_class_rep_course: that course's rep and admins", () => {
  it.each([
    ["the rep", signedIn(90, "class_rep"), true],
    ["the rep after losing the class_rep role", signedIn(90), true],
    ["another class rep", signedIn(91, "class_rep"), false],
    ["a marketing manager", signedIn(92, "marketing_manager"), false],
    ["an admin", signedIn(93, "admin"), true],
    ["a guest", guestViewer, false],
  ] as const)("%s → %s", (_name, viewer, allowed) => {
    expect(can(viewer, "work_class_rep_course", { user_id: 90 })).toBe(allowed);
  });
});
