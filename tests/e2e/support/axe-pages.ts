import { existsSync } from "node:fs";
import path from "node:path";
import { ROUTE_RULES, type RouteId, type RouteRule } from "../../../app/accounts/policy/route-rules";
import { ROUTE_SAMPLES } from "../../support/route-samples";

/**
 * Which pages tests/e2e/axe-pages.spec.ts scans, and as whom. Pure, so the choice is readable
 * (and printable) on its own.
 *
 * Pages: every route of tests/support/route-samples.ts whose module renders a page (a `.tsx`
 * route file; resource routes are `.ts`) and is not an API route, at its sample URL, when that
 * sample answers a page from the demo data alone: a 2xx page, a page guests see before signing
 * in, the not-found page, or a route's own error page (an invalid reset link: 422, an invalid
 * confirmation link: 400, checkout without a product: 400). Samples that name a record on
 * purpose missing (999999999: a 404 for everyone) and routes that only take mutations are left
 * out; the screens behind them that the demo data has are in EXTRA_PAGES.
 *
 * Who: the role that lives there, from app/accounts/policy/route-rules.ts —
 * - `public` → a guest;
 * - `signed-in` → student@demo.test (the default role);
 * - a role list → the role the address names (/teacher-dashboard → teacher,
 *   /marketing-rep-dashboard → marketing_rep), else instructor when instructors may open it
 *   (dashboards, the course editor, the question bank), else the first role that is not staff
 *   (announcements → class_rep), else admin (/admin: admin and manager).
 */

export type AxeRole = "guest" | "student" | "instructor" | "tutor" | "admin" | "teacher" | "content_creator" | "class_rep" | "brand_ambassador" | "marketing_rep" | "mcat_rep" | "forum_moderator" | "jobs_manager";

/** A link found by its path and its text, where the path alone does not tell pages of the demo data apart. */
export interface AxeLink {
  href: RegExp;
  text: string;
}

export interface AxePage {
  /** The test's name: the route id, and how the page was reached when it is not the sample. */
  name: string;
  role: AxeRole;
  /** The address, or how to find it: from `from`, the first link whose path matches each of `links` in turn (and, given `text`, whose text contains it). */
  url: string | { from: string; links: (RegExp | AxeLink)[] };
  /** The status the page answers (2xx unless the route's sample says otherwise). */
  status?: number;
}

const STAFF = new Set(["admin", "manager"]);
const KNOWN_ROLES = new Set<string>(["student", "instructor", "tutor", "admin", "teacher", "content_creator", "class_rep", "brand_ambassador", "marketing_rep", "mcat_rep", "forum_moderator", "jobs_manager"]);

export function roleFor(rule: RouteRule, url: string): AxeRole {
  if (rule.access === "public") return "guest";
  if (rule.access === "signed-in") return "student";
  const roles: readonly string[] = rule.access.roles;
  const pathname = new URL(url, "http://x").pathname;
  const named = roles.find((role) => pathname.includes(role.replace(/_/g, "-")));
  const chosen = named ?? (roles.includes("instructor") ? "instructor" : roles.find((role) => !STAFF.has(role)) ?? "admin");
  if (!KNOWN_ROLES.has(chosen)) throw new Error(`No demo account signs in as "${chosen}" for ${url}: add it to AxeRole`);
  return chosen as AxeRole;
}

/** Whether the route's module renders a page (app/routes/<id>.tsx or <id>/route.tsx). */
export function rendersPage(routeId: string, appDir = path.resolve("app")) {
  const file = path.join(appDir, routeId);
  return existsSync(`${file}.tsx`) || existsSync(path.join(file, "route.tsx"));
}

/** Error pages a route renders itself, worth scanning; other non-2xx samples are a missing record. */
const OWN_ERROR_PAGES = new Set([400, 422]);

export function samplePages(): AxePage[] {
  const pages: AxePage[] = [];
  for (const [routeId, sample] of Object.entries(ROUTE_SAMPLES) as [RouteId, (typeof ROUTE_SAMPLES)[RouteId]][]) {
    const rule: RouteRule = ROUTE_RULES[routeId];
    if (rule.api || !rendersPage(routeId)) continue;
    const answer = sample.get;
    let status: number | undefined;
    if (answer && "status" in answer) {
      const notFoundPage = routeId === "routes/$";
      if (!notFoundPage && !OWN_ERROR_PAGES.has(answer.status)) continue;
      status = answer.status;
    } else if (answer && "redirect" in answer) continue;
    pages.push({ name: routeId, role: roleFor(rule, sample.url), url: sample.url, ...(status ? { status } : {}) });
  }
  return pages;
}

/**
 * Screens the samples do not show: those whose samples name no record (so the route-access test
 * gets the same 404 for everyone) but that the demo data has, found by following links from a page
 * of the role (no demo id is written here), and a second view of a page whose other roles see a
 * different screen. The chat conversation needs a chat created first; tests/e2e/realtime.spec.ts
 * scans it.
 */
const MANAGER = /^\/online-courses\/\d+\/manager$/;

export const EXTRA_PAGES: AxePage[] = [
  { name: "routes/online-courses+/$id_.manager._index (the instructor's course)", role: "instructor", url: { from: "/instructor-dashboard", links: [MANAGER] } },
  {
    name: "routes/online-courses+/$id_.manager.editor (the instructor's course)",
    role: "instructor",
    url: { from: "/instructor-dashboard", links: [MANAGER, /^\/online-courses\/\d+\/manager\/editor$/] },
  },
  { name: "routes/online-courses+/$id_.print (the instructor's course)", role: "instructor", url: { from: "/instructor-dashboard", links: [MANAGER, /^\/online-courses\/\d+\/print$/] } },
  { name: "routes/study-sessions+/$id_.edit (the instructor's session)", role: "instructor", url: { from: "/instructor-dashboard", links: [/^\/study-sessions\/\d+\/edit$/] } },
  { name: "routes/study-sessions+/$id_.roster (the instructor's session)", role: "instructor", url: { from: "/instructor-dashboard", links: [/^\/study-sessions\/\d+\/roster$/] } },
  { name: "routes/checkout+/_index (a plan)", role: "guest", url: { from: "/pricing", links: [/^\/checkout\?plan=/] } },
  { name: "routes/checkout+/_index (a course, signed in)", role: "student", url: { from: "/online-courses/waterloo-math-137-exam-prep", links: [/^\/checkout\?online_course_id=/] } },
  { name: "routes/in-course-experience+/$idOrSlug.$ (enrolled)", role: "student", url: "/in-course-experience/waterloo-math-137-exam-prep" },
  { name: "routes/courses+/$idOrSlug_.booklet (a booklet to generate, a live session's booklets)", role: "student", url: "/courses/waterloo-cs-135/booklet" },
  { name: "routes/dashboard (study sheets)", role: "student", url: "/dashboard?view_sheets=true" },
  { name: "routes/dashboard (the class-rep tab)", role: "class_rep", url: "/dashboard?tab=class-rep" },
  { name: "routes/class-rep-wizard.$crcId (the rep's course)", role: "class_rep", url: { from: "/dashboard?tab=class-rep", links: [/^\/class-rep-wizard\/\d+$/] } },
  { name: "routes/class-rep-courses.$crcId.reports (the rep's course)", role: "class_rep", url: { from: "/dashboard?tab=class-rep", links: [/^\/class-rep-courses\/\d+\/reports$/] } },
  // The review form itself (the sample's educator may be one the student cannot review): the
  // instructor of the student's course, from the course page through the profile's link.
  {
    name: "routes/instructors+/$id_.write-a-review (the form)",
    role: "student",
    url: { from: "/online-courses/waterloo-math-137-exam-prep", links: [/^\/instructors\/\d+$/, /^\/instructors\/\d+\/write-a-review$/] },
  },
  // A signed-in student's scholarship form, their application (the demo one) and staff's review of it.
  { name: "routes/scholarships+/$slug (the application form)", role: "student", url: "/scholarships/peer-tutor-award" },
  { name: "routes/scholarships+/applications.$id (the student's application)", role: "student", url: { from: "/scholarships/applications", links: [/^\/scholarships\/applications\/\d+$/] } },
  { name: "routes/admin+/scholarships.$id (an application)", role: "admin", url: { from: "/admin/scholarships", links: [/^\/admin\/scholarships\/\d+$/] } },
  // The writing tool: the demo student's essay (editor, comments, history), one saved version, a template, and the tutor's view.
  { name: "routes/wize-writer-dashboard+/essays.$id (the student's essay)", role: "student", url: { from: "/wize-writer-dashboard", links: [/^\/wize-writer-dashboard\/essays\/\d+$/] } },
  {
    name: "routes/wize-writer-dashboard+/essays.$id_.versions.$version (a saved version)",
    role: "student",
    url: { from: "/wize-writer-dashboard", links: [/^\/wize-writer-dashboard\/essays\/\d+$/, /^\/wize-writer-dashboard\/essays\/\d+\/versions\/1$/] },
  },
  { name: "routes/wize-writer-dashboard+/templates.$id (a template)", role: "student", url: { from: "/wize-writer-dashboard", links: [/^\/wize-writer-dashboard\/templates\/\d+$/] } },
  { name: "routes/wize-writer-dashboard+/essays.$id (shared with the tutor)", role: "tutor", url: { from: "/wize-writer-dashboard", links: [/^\/wize-writer-dashboard\/essays\/\d+$/] } },
  // The staff's side of announcements (writing and targeting them), which reps never see.
  { name: "routes/announcements (staff)", role: "admin", url: "/announcements" },
  // A signed-in student sees the request form; their contract's page has the booking times.
  { name: "routes/tutoring (the request form)", role: "student", url: "/tutoring" },
  { name: "routes/my-tutoring+/contracts.$id (the demo contract)", role: "student", url: { from: "/my-tutoring", links: [/^\/my-tutoring\/contracts\/\d+$/] } },
  // A tutor's side of /my-tutoring: the requests they can take and their students.
  { name: "routes/my-tutoring+/_index (the tutor's side)", role: "tutor", url: "/my-tutoring" },
  // A study room as its host sees it: the people, the drawn board, the invite form.
  { name: "routes/study-rooms+/$slug (the demo study group)", role: "student", url: "/study-rooms/demo-math-137-group" },
  // The back office: a user's page from the directory, a school's and a course's edit form, and the home as a manager sees it.
  { name: "routes/admin+/users.$id._index (from the directory)", role: "admin", url: { from: "/admin?query=student%40demo.test", links: [/^\/admin\/users\/\d+$/] } },
  { name: "routes/admin+/schools (editing a school)", role: "admin", url: { from: "/admin/schools", links: [/^\/admin\/schools\?edit=\d+$/] } },
  { name: "routes/admin+/courses (editing a course)", role: "admin", url: { from: "/admin/courses", links: [/^\/admin\/courses\?edit=\d+$/] } },
  // Staff also see the link to publish a shift.
  { name: "routes/work-shifts+/_index (staff)", role: "admin", url: "/work-shifts" },
  // The demo student's deck: a card to study (the answer and grades inside), and its edit page.
  { name: "routes/flash-cards+/$id (the demo deck)", role: "student", url: { from: "/flash-cards", links: [/^\/flash-cards\/\d+$/] } },
  { name: "routes/flash-cards+/$id_.edit (the demo deck)", role: "student", url: { from: "/flash-cards", links: [/^\/flash-cards\/\d+\/edit$/] } },
  // A student's weeks of CARS passages, last week's with a score.
  { name: "routes/cars-passages+/$weekSlug (the demo student's weeks)", role: "student", url: "/cars-passages/this-week" },
  // The demo student's practice set, bought with tokens and practised, and that attempt's review.
  { name: "routes/practice-questions+/$id (the demo student's set)", role: "student", url: { from: "/tokens", links: [/^\/practice-questions\/\d+$/] } },
  {
    name: "routes/practice-questions+/$id_.attempts.$attemptId (a finished attempt)",
    role: "student",
    url: { from: "/tokens", links: [/^\/practice-questions\/\d+$/, /^\/practice-questions\/\d+\/attempts\/\d+$/] },
  },
  // A thread of a course's forum, its answer marked, as a student who may vote and reply.
  { name: "routes/courses+/$idOrSlug_.forum_.$postId (a demo thread)", role: "student", url: { from: "/courses/waterloo-math-137/forum", links: [/^\/courses\/waterloo-math-137\/forum\/\d+$/] } },
  // The student's questions page and the instructor's inbox with a question opened to answer.
  { name: "routes/dashboard (?page=ask-a-question)", role: "student", url: "/dashboard?page=ask-a-question" },
  {
    name: "routes/instructor-dashboard (?page=oc_questions, a question open)",
    role: "instructor",
    url: { from: "/instructor-dashboard?page=oc_questions&status=all", links: [/^\/instructor-dashboard\?page=oc_questions&status=all&ocq_id=\d+$/] },
  },
  // A blog post's comments and reactions with their forms, as a student who may comment, vote and react.
  { name: "routes/blog+/$slug (a post's comments, signed in)", role: "student", url: "/blog/active-recall-and-spaced-repetition" },
  // A demo blog post in the editor, as its writer (with its poll's results, shown to staff).
  { name: "routes/content-creator-dashboard_.posts.$id (a demo post)", role: "content_creator", url: { from: "/content-creator-dashboard", links: [/^\/content-creator-dashboard\/posts\/\d+$/] } },
  // A course's deck studied on its in-course page.
  { name: "routes/in-course-experience+/$idOrSlug.$ (a course's flash cards)", role: "student", url: { from: "/flash-cards", links: [/^\/in-course-experience\/[\w-]+\/flash-cards\/\d+$/] } },
  // The back office's money screens with demo data: a discount code's form, and the demo student's refunded invoice.
  { name: "routes/admin+/discount-codes.$id (a demo code)", role: "admin", url: { from: "/admin/discount-codes", links: [/^\/admin\/discount-codes\/\d+$/] } },
  { name: "routes/admin+/invoices.$id (the refunded demo invoice)", role: "admin", url: { from: "/admin/invoices?status=refunded", links: [/^\/admin\/invoices\/\d+$/] } },
  // Hiring with demo data: an application with its notes and forms (the index and a position's list are samples).
  { name: "routes/admin+/hiring.applications.$id (a demo applicant)", role: "jobs_manager", url: { from: "/admin/hiring/positions/general", links: [/^\/admin\/hiring\/applications\/\d+$/] } },
  // The contest: the entry form as a signed-in student sees it (guests see a sign-in link), and a demo entry as staff judge it.
  { name: "routes/contest (the entry form)", role: "student", url: "/contest" },
  { name: "routes/admin+/contests.$id (a demo entry)", role: "admin", url: { from: "/admin/contests", links: [/^\/admin\/contests\/\d+$/] } },
  // The demo teacher's class: its students, grade book, planner, and an assignment with every submission to grade.
  { name: "routes/teacher-dashboard_.courses.$id.students (the demo class)", role: "teacher", url: { from: "/teacher-dashboard", links: [/^\/teacher-dashboard\/courses\/\d+\/students$/] } },
  { name: "routes/teacher-dashboard_.courses.$id.grade-book (the demo class)", role: "teacher", url: { from: "/teacher-dashboard", links: [/^\/teacher-dashboard\/courses\/\d+\/grade-book$/] } },
  { name: "routes/teacher-dashboard_.courses.$id.planner (the demo class)", role: "teacher", url: { from: "/teacher-dashboard", links: [/^\/teacher-dashboard\/courses\/\d+\/planner$/] } },
  {
    name: "routes/course-assignments.$id (the teacher's side)",
    role: "teacher",
    url: { from: "/teacher-dashboard", links: [/^\/teacher-dashboard\/courses\/\d+\/students$/, /^\/course-assignments\/\d+$/] },
  },
  // The demo student's classes, and the quiz due next week as they take it.
  { name: "routes/course-assignments.$id (the demo student's quiz)", role: "student", url: { from: "/join-class", links: [/^\/course-assignments\/\d+$/] } },
  // The demo class's upload assignment: the student's hand-in form, and the teacher's list with the class rep's file.
  { name: "routes/course-assignments.$id (the demo student's upload)", role: "student", url: { from: "/join-class", links: [{ href: /^\/course-assignments\/\d+$/, text: "Problem set 3: limits" }] } },
  {
    name: "routes/course-assignments.$id (the teacher's side of an upload)",
    role: "teacher",
    url: { from: "/teacher-dashboard", links: [/^\/teacher-dashboard\/courses\/\d+\/students$/, { href: /^\/course-assignments\/\d+$/, text: "Problem set 3: limits" }] },
  },
  // The demo student's shared deck, as a guest opens it (/shares, the list, is a sample page).
  { name: "routes/shares+/$token (the demo student's shared deck)", role: "guest", url: "/shares/demo-amino-acids-deck-shared-link" },
];

export const AXE_PAGES: AxePage[] = [...samplePages(), ...EXTRA_PAGES];
