import type { RouteId } from "~/accounts/policy/route-rules";

/**
 * For each route of app/accounts/policy/route-rules.ts, what the role × route test
 * (tests/routes/accounts/route-access.test.ts) asks of it: a URL that reaches it, the answer
 * to someone the policy lets in when that is not a 2xx page, and the mutation it takes. Keyed by
 * route id, so a route without a sample does not type check.
 */

export type MutationMethod = "POST" | "PUT" | "PATCH" | "DELETE";

/** What a GET of the sample URL answers to someone the policy lets in, when it is not a 2xx page. */
export type GetAnswer =
  /** A fixed status for everyone let in, e.g. 405 on a route that only takes mutations, or 404. */
  | { status: number }
  /** Guests see the page; signed-in users are redirected to their home path (SPEC §2). */
  | { signedIn: "home-path" }
  /** Everyone let in is redirected to this path (e.g. GET of a form endpoint going back to its page). */
  | { redirect: string };

export interface RouteSample {
  /** A URL that reaches the route; the test GETs it as every identity. */
  url: string;
  /** The answer to someone let in when it is not a 2xx page (the route's documented behaviour). */
  get?: GetAnswer;
  /** The mutation the route takes, sent by the test as every identity the policy refuses. */
  mutation?: MutationMethod;
}

/** A route that only takes mutations: its GET answers 405 to everyone. */
const mutationOnly = (url: string, mutation: MutationMethod): RouteSample => ({ url, get: { status: 405 }, mutation });

export const ROUTE_SAMPLES: Record<RouteId, RouteSample> = {
  "routes/_index": { url: "/", get: { signedIn: "home-path" } },
  "routes/$": { url: "/no-such-page/at-all", get: { status: 404 } },
  "routes/robots[.txt]": { url: "/robots.txt" },
  "routes/courses+/_index": { url: "/courses" },
  "routes/courses+/$idOrSlug": { url: "/courses/waterloo-math-137" },
  "routes/tracking_events": mutationOnly("/tracking_events", "PUT"),
  "routes/tracking_events2": mutationOnly("/tracking_events2", "PUT"),
  "routes/api+/v1+/$": { url: "/api/v1/no-such-endpoint", get: { status: 404 } },
  "routes/api+/v1+/schools+/_index": { url: "/api/v1/schools" },
  "routes/api+/v1+/schools+/$id": { url: "/api/v1/schools/1" },
  "routes/users+/sign_in": { url: "/users/sign_in", get: { signedIn: "home-path" } },
  "routes/sign-up": { url: "/sign-up", get: { signedIn: "home-path" } },
  "routes/users+/_index": { url: "/users", mutation: "POST" },
  "routes/users+/sign_out": mutationOnly("/users/sign_out", "DELETE"),
  "routes/json+/users+/sign_in": mutationOnly("/json/users/sign_in", "POST"),
  "routes/json+/users+/password": mutationOnly("/json/users/password", "PUT"),
  "routes/omniauth": mutationOnly("/omniauth", "POST"),
  "routes/dashboard": { url: "/dashboard" },
  "routes/instructor-dashboard": { url: "/instructor-dashboard" },
  "routes/teacher-dashboard": { url: "/teacher-dashboard" },
  "routes/content-creator-dashboard": { url: "/content-creator-dashboard" },
  "routes/users+/password": { url: "/users/password", mutation: "POST" },
  "routes/users+/password.new": { url: "/users/password/new" },
  // A made-up token: the page explains the link is invalid, with 422 (reset) or 400 (confirmation).
  "routes/users+/password.edit": { url: "/users/password/edit?reset_password_token=not-a-real-token", get: { status: 422 } },
  "routes/users+/confirmation": { url: "/users/confirmation?confirmation_token=not-a-real-token", get: { status: 400 } },
  // Without an email the call is refused (400): the test must not send mail or spend the
  // per-address rate limit of a real request.
  "routes/users+/confirmations.resend_instructions": { url: "/users/confirmations/resend_instructions", get: { status: 400 } },
  // Open where the development mailbox is enabled, as in the tests.
  "routes/dev+/mailbox": { url: "/dev/mailbox" },
  "routes/dev+/mailbox.$id": { url: "/dev/mailbox/999999999", get: { status: 404 } },
  "routes/dev+/mailbox.$id.attachments.$index": { url: "/dev/mailbox/999999999/attachments/0", get: { status: 404 } },
  "routes/api+/v1+/users+/_index": { url: "/api/v1/users" },
  "routes/api+/v1+/users+/$id.confirm": mutationOnly("/api/v1/users/1/confirm", "PATCH"),
  "routes/api+/v1+/users+/$id.resend_password_reset": mutationOnly("/api/v1/users/1/resend_password_reset", "POST"),
  "routes/api+/v1+/users+/$id.resend_confirmation": mutationOnly("/api/v1/users/1/resend_confirmation", "POST"),
  "routes/profile": { url: "/profile", mutation: "POST" },
  "routes/users+/reauthenticate": { url: "/users/reauthenticate", mutation: "POST" },
  "routes/uploads+/avatars.$file": { url: "/uploads/avatars/no-such-file.webp", get: { status: 404 } },
  // Not a user id, so everyone let in gets 404 alike.
  "routes/api+/v1+/users+/$id": { url: "/api/v1/users/not-an-id", get: { status: 404 }, mutation: "PUT" },
  "routes/api+/v1+/users+/$id.deactivate": mutationOnly("/api/v1/users/1/deactivate", "DELETE"),
  "routes/api+/v1+/users+/accept_contract": mutationOnly("/api/v1/users/accept_contract", "PUT"),
  "routes/api+/v1+/users+/educators": { url: "/api/v1/users/educators" },
  "routes/api+/v1+/users+/$id.educator_profile": { url: "/api/v1/users/not-an-id/educator_profile", get: { status: 404 } },
  "routes/admin+/_index": { url: "/admin" },
  "routes/admin+/users.$id.sign_in_as": mutationOnly("/admin/users/1/sign_in_as", "POST"),
  "routes/admin+/impersonation.stop": mutationOnly("/admin/impersonation/stop", "POST"),
  "routes/api+/v1+/realtime+/events": { url: "/api/v1/realtime/events" },
  // 404 where the site does not use Ably (as in the tests); with ABLY_API_KEY the signed token request.
  "routes/api+/v1+/realtime+/token": { url: "/api/v1/realtime/token", get: { status: 404 } },
  "routes/api+/v1+/notifications+/_index": { url: "/api/v1/notifications" },
  "routes/api+/v1+/notifications+/mark_as_read": mutationOnly("/api/v1/notifications/mark_as_read", "PUT"),
  "routes/api+/v1+/notifications+/mark_all_as_read": mutationOnly("/api/v1/notifications/mark_all_as_read", "PUT"),
  "routes/api+/v1+/notifications+/delete_group": mutationOnly("/api/v1/notifications/delete_group", "DELETE"),
  "routes/api+/v1+/chats+/_index": { url: "/api/v1/chats" },
  "routes/api+/v1+/chats+/$id": { url: "/api/v1/chats/999999999", get: { status: 404 } },
  "routes/api+/v1+/chats+/$id.viewed": mutationOnly("/api/v1/chats/999999999/viewed", "PUT"),
  "routes/api+/v1+/chats+/$id.messages": { url: "/api/v1/chats/999999999/messages", get: { status: 404 }, mutation: "POST" },
  "routes/api+/v1+/chats+/create_with_user.$id": mutationOnly("/api/v1/chats/create_with_user/999999999", "POST"),
  "routes/notifications": { url: "/notifications", mutation: "POST" },
  "routes/chats+/_index": { url: "/chats", mutation: "POST" },
  // No such chat: 404 for everyone let in.
  "routes/chats+/$id": { url: "/chats/999999999", get: { status: 404 }, mutation: "POST" },
  "routes/online-courses+/$id._index": { url: "/online-courses/waterloo-math-137-exam-prep", mutation: "POST" },
  "routes/online-courses+/$id.practice-mode": { url: "/online-courses/waterloo-math-137-exam-prep/practice-mode" },
  "routes/in-course-experience+/$idOrSlug.$": { url: "/in-course-experience/waterloo-math-137-exam-prep", mutation: "POST" },
  // Without a product checkout answers 400.
  "routes/checkout+/_index": { url: "/checkout", get: { status: 400 }, mutation: "POST" },
  "routes/checkout+/success": { url: "/checkout/success?purchase_id=999999999", get: { status: 404 } },
  "routes/checkout+/cancel": { url: "/checkout/cancel" },
  "routes/webhooks+/stripe": mutationOnly("/webhooks/stripe", "POST"),
  "routes/my-subscription": { url: "/my-subscription", mutation: "POST" },
  "routes/api+/v1+/subscriptions+/_index": { url: "/api/v1/subscriptions", mutation: "POST" },
  "routes/api+/v1+/subscriptions+/complete_purchase": mutationOnly("/api/v1/subscriptions/complete_purchase", "POST"),
  "routes/api+/v1+/subscriptions+/$id": { url: "/api/v1/subscriptions/not-an-id", get: { status: 404 } },
  "routes/api+/v1+/subscriptions+/$id.$call": { url: "/api/v1/subscriptions/not-an-id/premed_upgrade_preview", get: { status: 404 }, mutation: "PATCH" },
  "routes/api+/v1+/subscriptions+/$id.admin_cancel": mutationOnly("/api/v1/subscriptions/1/admin_cancel", "PUT"),
  "routes/api+/v1+/invoices": { url: "/api/v1/invoices" },
  "routes/privacy-policy": { url: "/privacy-policy" },
  "routes/terms-and-conditions": { url: "/terms-and-conditions" },
  "routes/theme": mutationOnly("/theme", "POST"),
  "routes/site-banner": mutationOnly("/site-banner", "POST"),
  "routes/api+/v1+/online_courses+/_index": { url: "/api/v1/online_courses", mutation: "POST" },
  "routes/api+/v1+/online_courses+/$id": { url: "/api/v1/online_courses/waterloo-math-137-exam-prep", mutation: "PATCH" },
  "routes/api+/v1+/activities+/$id": { url: "/api/v1/activities/not-an-id", get: { status: 404 } },
  "routes/api+/v1+/online_course_users+/_index": { url: "/api/v1/online_course_users" },
  // Lists without their parent filter answer 400; ids that name nothing 404.
  "routes/api+/v1+/online_course_chapters+/_index": { url: "/api/v1/online_course_chapters", get: { status: 400 }, mutation: "POST" },
  "routes/api+/v1+/online_course_chapters+/$id": { url: "/api/v1/online_course_chapters/999999999", get: { status: 404 }, mutation: "PATCH" },
  "routes/api+/v1+/online_course_sections+/_index": { url: "/api/v1/online_course_sections", get: { status: 400 }, mutation: "POST" },
  "routes/api+/v1+/online_course_sections+/$id": { url: "/api/v1/online_course_sections/999999999", get: { status: 404 }, mutation: "PATCH" },
  "routes/api+/v1+/online_course_activities+/_index": { url: "/api/v1/online_course_activities", get: { status: 400 }, mutation: "POST" },
  "routes/api+/v1+/online_course_activities+/$id": { url: "/api/v1/online_course_activities/999999999", get: { status: 404 }, mutation: "PATCH" },
  // Without online_course_id the call is refused (400) for everyone let in.
  "routes/api+/v1+/progress": { url: "/api/v1/progress", get: { status: 400 }, mutation: "POST" },
  "routes/online-courses+/new": { url: "/online-courses/new", mutation: "POST" },
  // The samples name no course, so everyone let in gets 404 alike. The layout's own URL is its
  // index page's too (the manager's forms post there): a different id keeps the samples apart.
  "routes/online-courses+/$id_.manager": { url: "/online-courses/999999998/manager", get: { status: 404 }, mutation: "POST" },
  "routes/online-courses+/$id_.manager._index": { url: "/online-courses/999999999/manager", get: { status: 404 } },
  "routes/online-courses+/$id_.manager.editor": { url: "/online-courses/999999999/manager/editor", get: { status: 404 }, mutation: "POST" },
  "routes/online-courses+/$id_.print": { url: "/online-courses/999999999/print", get: { status: 404 } },
  "routes/online-courses+/$id_.booklets.$bookletId": { url: "/online-courses/999999999/booklets/1", get: { status: 404 } },
  "routes/online-course-activities+/questions": { url: "/online-course-activities/questions" },
  // No such lesson: 404 for everyone (tests/routes/online-courses/lesson-media.test.ts serves real files).
  "routes/online-course-activities+/$activityId.media.$file": { url: "/online-course-activities/999999999/media/no-such-file.mp4", get: { status: 404 } },
  "routes/homepage": { url: "/homepage" },
  "routes/homepage-alt": { url: "/homepage-alt" },
  "routes/about": { url: "/about" },
  "routes/our-story": { url: "/our-story" },
  "routes/careers": { url: "/careers" },
  "routes/job-positions+/$id": { url: "/job-positions/1" },
  "routes/job-application": { url: "/job-application", mutation: "POST" },
  "routes/class-rep-positions": { url: "/class-rep-positions" },
  "routes/contest": { url: "/contest" },
  "routes/for-educators": { url: "/for-educators" },
  "routes/for-parents": { url: "/for-parents" },
  "routes/high-school": { url: "/high-school" },
  "routes/university": { url: "/university" },
  "routes/on-demand": { url: "/on-demand" },
  "routes/pricing": { url: "/pricing" },
  // /{product}-plus: one segment ending in -plus; any other single segment answers 404.
  "routes/$productPlus": { url: "/mcat-plus" },
  "routes/pre-med-plus": { url: "/pre-med-plus" },
  "routes/partnerships": { url: "/partnerships" },
  "routes/partners+/$idOrSlug": { url: "/partners/waterloo-math-society" },
  "routes/scholarships+/_index": { url: "/scholarships" },
  "routes/scholarships+/$slug": { url: "/scholarships/peer-tutor-award" },
  "routes/schools+/$id": { url: "/schools/1" },
  "routes/lp+/_index": { url: "/lp" },
  "routes/lp+/$slug": { url: "/lp/first-year-calculus" },
  "routes/live-prep+/_index": { url: "/live-prep" },
  "routes/live-prep+/schools.$slug": { url: "/live-prep/schools/waterloo" },
  "routes/mcat+/_index": { url: "/mcat" },
  "routes/mcat+/free-resources": { url: "/mcat/free-resources" },
  "routes/mcat-flash-cards": { url: "/mcat-flash-cards" },
  "routes/mcat+/events.($type)": { url: "/mcat/events/workshop" },
  "routes/study-sessions+/_index": { url: "/study-sessions", mutation: "POST" },
  "routes/study-sessions+/$id": { url: "/study-sessions/1", mutation: "POST" },
  "routes/study-sessions+/$id.join": { url: "/study-sessions/999999999/join", get: { status: 404 } },
  "routes/study-sessions+/$id.attachments.$attachmentId": { url: "/study-sessions/999999999/attachments/1", get: { status: 404 } },
  "routes/study-sessions+/$id.calendar[.ics]": { url: "/study-sessions/999999999/calendar.ics", get: { status: 404 } },
  "routes/calendar-feeds+/$token": { url: "/calendar-feeds/not-a-token", get: { status: 404 } },
  "routes/study-sessions+/new": { url: "/study-sessions/new", mutation: "POST" },
  "routes/study-sessions+/$id_.edit": { url: "/study-sessions/999999999/edit", get: { status: 404 }, mutation: "POST" },
  "routes/study-sessions+/$id_.roster": { url: "/study-sessions/999999999/roster", get: { status: 404 }, mutation: "POST" },
  "routes/meetings+/$meetingId": { url: "/meetings/no-such-meeting", get: { status: 404 } },
  "routes/api+/v1+/study_sessions+/$id.users.free_register": mutationOnly("/api/v1/study_sessions/999999999/users/free_register", "POST"),
  "routes/api+/v1+/study_sessions+/$id.users.confirm_purchase": mutationOnly("/api/v1/study_sessions/999999999/users/confirm_purchase", "POST"),
  "routes/api+/v1+/study_sessions+/$id.users._index": { url: "/api/v1/study_sessions/999999999/users", get: { status: 404 } },
  "routes/api+/v1+/study_sessions+/$id.users.add_user": mutationOnly("/api/v1/study_sessions/999999999/users/add_user", "POST"),
  "routes/api+/v1+/study_sessions+/$id.zoom_sync": mutationOnly("/api/v1/study_sessions/999999999/zoom_sync", "PUT"),
  "routes/api+/v1+/study_session_users+/_index": { url: "/api/v1/study_session_users" },
  "routes/api+/v1+/study_session_users+/$id": { url: "/api/v1/study_session_users/999999999", get: { status: 404 }, mutation: "PATCH" },
  "routes/api+/v1+/study_session_users+/$id.refund": mutationOnly("/api/v1/study_session_users/999999999/refund", "PUT"),
  "routes/api+/v1+/study_session_users+/$id.resend_email": mutationOnly("/api/v1/study_session_users/999999999/resend_email", "POST"),
  "routes/mcat+/exam-dates": { url: "/mcat/exam-dates" },
  "routes/med-school-calculator": { url: "/med-school-calculator?gpa=3.8&mcat=512" },
  "routes/lsat": { url: "/lsat" },
  "routes/instructors+/_index": { url: "/instructors" },
  "routes/instructors+/$id": { url: "/instructors/4" },
  "routes/tutors+/_index": { url: "/tutors" },
  "routes/tutors+/$id": { url: "/tutors/6", mutation: "POST" },
  "routes/tutoring": { url: "/tutoring", mutation: "POST" },
  "routes/my-tutoring+/_index": { url: "/my-tutoring", mutation: "POST" },
  "routes/api+/v1+/users+/recommended_tutors_for_student.$id": { url: "/api/v1/users/recommended_tutors_for_student/999999999", get: { status: 404 } },
  "routes/users+/$id.instructor_profile": { url: "/users/not-an-id/instructor_profile", get: { status: 404 } },
  "routes/my-tutoring+/availability": { url: "/my-tutoring/availability", mutation: "POST" },
  "routes/my-tutoring+/contracts.$id": { url: "/my-tutoring/contracts/999999999", get: { status: 404 }, mutation: "POST" },
  "routes/study-rooms+/_index": { url: "/study-rooms", mutation: "POST" },
  "routes/study-rooms+/demo": { url: "/study-rooms/demo" },
  "routes/study-rooms+/$slug": { url: "/study-rooms/no-such-room", get: { status: 404 }, mutation: "POST" },
  "routes/study-rooms+/invites.$id": { url: "/study-rooms/invites/999999999", get: { status: 404 }, mutation: "POST" },
  "routes/rtc.token": { url: "/rtc/token", get: { status: 400 } },
  "routes/study-rooms+/$slug_.boards.$boardId": { url: "/study-rooms/no-such-room/boards/1", get: { status: 404 }, mutation: "POST" },
  "routes/study-rooms+/$slug_.billing": { url: "/study-rooms/no-such-room/billing", get: { redirect: "/study-rooms/no-such-room" }, mutation: "POST" },
  "routes/study-rooms+/$slug_.signal": mutationOnly("/study-rooms/no-such-room/signal", "POST"),
  "routes/study-rooms+/$slug_.errors": mutationOnly("/study-rooms/no-such-room/errors", "POST"),
  "routes/study-rooms+/$slug_.attachments.$attachmentId": { url: "/study-rooms/no-such-room/attachments/1", get: { status: 404 } },
  "routes/flash-cards+/_index": { url: "/flash-cards", mutation: "POST" },
  "routes/flash-cards+/$id": { url: "/flash-cards/999999999", get: { status: 404 }, mutation: "POST" },
  "routes/flash-cards+/$id_.edit": { url: "/flash-cards/999999999/edit", get: { status: 404 }, mutation: "POST" },
  "routes/flash-cards+/$id_.export": { url: "/flash-cards/999999999/export", get: { status: 404 } },
  "routes/instructors+/$id_.write-a-review": { url: "/instructors/4/write-a-review", mutation: "POST" },
  "routes/reviews+/$id.visibility": mutationOnly("/reviews/999999999/visibility", "POST"),
  "routes/work-shifts+/_index": { url: "/work-shifts", mutation: "POST" },
  "routes/work-shifts+/new": { url: "/work-shifts/new", mutation: "POST" },
  "routes/blog+/_index": { url: "/blog?category=free_resources" },
  "routes/blog+/$slug": { url: "/blog/active-recall-and-spaced-repetition" },
  "routes/textbooks+/_index": { url: "/textbooks" },
  "routes/textbooks+/$level": { url: "/textbooks/ap" },
  "routes/textbooks+/$level_.$slug": { url: "/textbooks/undergrad/calculus-one" },
  "routes/search": { url: "/search?type=course&query=calculus" },
  "routes/sitemap[.xml]": { url: "/sitemap.xml" },
  "routes/contact-us": { url: "/contact-us", mutation: "POST" },
  "routes/announcements": { url: "/announcements", mutation: "POST" },
  "routes/invites": { url: "/invites", mutation: "POST" },
  "routes/users+/invite_data": { url: "/users/invite_data" },
  "routes/brand-ambassador-dashboard": { url: "/brand-ambassador-dashboard" },
  "routes/marketing-rep-dashboard": { url: "/marketing-rep-dashboard" },
  "routes/mcat-rep-dashboard": { url: "/mcat-rep-dashboard" },
  "routes/api+/v1+/users+/marketing_rep_dashboard": { url: "/api/v1/users/marketing_rep_dashboard" },
  "routes/tokens": { url: "/tokens" },
  "routes/partner-memberships.$id": mutationOnly("/partner-memberships/999999999", "POST"),
  "routes/site-tour": { url: "/site-tour?tour=site_help" },
  "routes/site_tours+/viewed_tour": mutationOnly("/site_tours/viewed_tour", "PUT"),
  "routes/site_tours+/viewed_tours": mutationOnly("/site_tours/viewed_tours", "PUT"),
};
