/**
 * Who a user is (SPEC §2 home paths, §4 access levels, §6 roles). Pure, shared by server and client.
 */
export const ROLES = [
  "admin",
  "manager",
  "instructor",
  "ss_instructor",
  "tutor",
  "study_buddy_admin",
  "content_creator",
  "job_applicant",
  "class_rep",
  "school_manager",
  "marketing_rep",
  "forum_moderator",
  "partner_member",
  "content_qa_specialist",
  "teacher",
  "brand_ambassador",
  "marketing_manager",
  "jobs_manager",
  "blog_manager",
  "mcat_rep",
  "mcat_instructor",
  "mcat_sales_rep",
  "lsat_instructor",
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Every kind of instructor; each has the instructor dashboard as home. */
export const INSTRUCTOR_ROLES = ["instructor", "ss_instructor", "mcat_instructor", "lsat_instructor"] as const satisfies readonly Role[];

/** Blog, jobs and marketing managers count as one content-management group (SPEC §6). */
export const CONTENT_MANAGEMENT_ROLES = ["blog_manager", "jobs_manager", "marketing_manager"] as const satisfies readonly Role[];

/** The access-level ladder (SPEC §4). */
export const AccessLevel = {
  NONE: 0,
  OVERVIEW: 10,
  LIMITED_VIEW: 20,
  FULL_VIEW: 30,
  STATS: 40,
  EDIT: 50,
  ADMIN: 60,
} as const;
export type AccessLevel = (typeof AccessLevel)[keyof typeof AccessLevel];

/** What every rule needs to know about the person asking. A guest has no id and no roles. */
export interface Viewer {
  id: number | null;
  roles: readonly string[];
  userType: "guest" | "student" | "educator" | "staff" | "partner";
}

export const guestViewer: Viewer = Object.freeze({ id: null, roles: Object.freeze([]) as readonly string[], userType: "guest" });

export function isGuest(viewer: Viewer) {
  return viewer.id === null;
}

export function hasRole(viewer: Viewer, ...roles: readonly Role[]) {
  return roles.some((role) => viewer.roles.includes(role));
}

export function isInstructor(viewer: Viewer) {
  return hasRole(viewer, ...INSTRUCTOR_ROLES);
}

export function isContentManager(viewer: Viewer) {
  return hasRole(viewer, ...CONTENT_MANAGEMENT_ROLES);
}

/** A student is a signed-in user with none of the roles (student is the default). */
export function isStudent(viewer: Viewer) {
  return !isGuest(viewer) && !viewer.roles.some(isRole);
}

/**
 * Where a user lands when they open / (SPEC §2), by priority: guest, admin, any instructor
 * kind, tutor, teacher, content creator, manager, student.
 */
export function homePath(viewer: Viewer): string {
  if (isGuest(viewer)) return "/";
  if (hasRole(viewer, "admin")) return "/admin";
  if (isInstructor(viewer)) return "/instructor-dashboard";
  if (hasRole(viewer, "tutor")) return "/instructor-dashboard";
  if (hasRole(viewer, "teacher")) return "/teacher-dashboard";
  if (hasRole(viewer, "content_creator")) return "/content-creator-dashboard";
  if (hasRole(viewer, "manager")) return "/admin";
  return "/dashboard";
}
