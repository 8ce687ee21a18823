import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AccessLevel,
  CONTENT_MANAGEMENT_ROLES,
  guestViewer,
  hasRole,
  homePath,
  INSTRUCTOR_ROLES,
  isContentManager,
  isGuest,
  isInstructor,
  isRole,
  isStudent,
  ROLES,
  type Role,
  type Viewer,
} from "~/accounts/roles";

const user = (...roles: string[]): Viewer => ({ id: 7, roles, userType: "student" });

/** SPEC §2, written out role by role (not derived from the code under test). */
const HOME_BY_ROLE: Record<Role, string> = {
  admin: "/admin",
  manager: "/admin",
  instructor: "/instructor-dashboard",
  ss_instructor: "/instructor-dashboard",
  mcat_instructor: "/instructor-dashboard",
  lsat_instructor: "/instructor-dashboard",
  tutor: "/instructor-dashboard",
  teacher: "/teacher-dashboard",
  content_creator: "/content-creator-dashboard",
  study_buddy_admin: "/dashboard",
  job_applicant: "/dashboard",
  class_rep: "/dashboard",
  school_manager: "/dashboard",
  marketing_rep: "/dashboard",
  forum_moderator: "/dashboard",
  partner_member: "/dashboard",
  content_qa_specialist: "/dashboard",
  brand_ambassador: "/dashboard",
  marketing_manager: "/dashboard",
  jobs_manager: "/dashboard",
  blog_manager: "/dashboard",
  mcat_rep: "/dashboard",
  mcat_sales_rep: "/dashboard",
};

/** SPEC §2 priority: guest, admin, any instructor kind, tutor, teacher, content creator, manager, student. */
function rank(role: Role) {
  if (role === "admin") return 1;
  if ((INSTRUCTOR_ROLES as readonly string[]).includes(role)) return 2;
  if (role === "tutor") return 3;
  if (role === "teacher") return 4;
  if (role === "content_creator") return 5;
  if (role === "manager") return 6;
  return 7;
}

describe("roles", () => {
  it("lists the 23 roles of SPEC §6 once each", () => {
    expect(ROLES).toHaveLength(23);
    expect(new Set(ROLES).size).toBe(23);
    expect(Object.keys(HOME_BY_ROLE).sort()).toEqual([...ROLES].sort());
  });

  it.each([
    ["admin", true],
    ["lsat_instructor", true],
    ["student", false],
    ["Admin", false],
    ["", false],
    ["guest", false],
  ])("isRole(%j) is %s", (value, expected) => {
    expect(isRole(value)).toBe(expected);
  });
});

describe("homePath", () => {
  it("sends a guest to /", () => {
    expect(homePath(guestViewer)).toBe("/");
  });

  it("sends a student (no roles) to /dashboard", () => {
    expect(homePath(user())).toBe("/dashboard");
  });

  it.each(ROLES.map((role) => [role, HOME_BY_ROLE[role]]))("sends a user with only %s to %s", (role, path) => {
    expect(homePath(user(role))).toBe(path);
  });

  it("picks the higher-priority role for every pair of roles, in either order", () => {
    for (const a of ROLES) {
      for (const b of ROLES) {
        const expected = rank(a) <= rank(b) ? HOME_BY_ROLE[a] : HOME_BY_ROLE[b];
        expect(homePath(user(a, b)), `${a} + ${b}`).toBe(expected);
        expect(homePath(user(b, a)), `${b} + ${a}`).toBe(expected);
      }
    }
  });

  it.each([
    [["manager", "teacher"], "/teacher-dashboard"],
    [["manager", "content_creator"], "/content-creator-dashboard"],
    [["tutor", "teacher", "content_creator", "manager"], "/instructor-dashboard"],
    [["teacher", "admin"], "/admin"],
    [["class_rep", "marketing_rep", "blog_manager"], "/dashboard"],
    [["unknown_role"], "/dashboard"],
  ])("sends %j to %s", (roles, path) => {
    expect(homePath(user(...roles))).toBe(path);
  });

  it("follows the priority for any set of roles", () => {
    fc.assert(
      fc.property(fc.subarray([...ROLES]), fc.boolean(), (roles, reversed) => {
        const ordered = reversed ? [...roles].reverse() : roles;
        const best = [...roles].sort((a, b) => rank(a) - rank(b))[0];
        expect(homePath(user(...ordered))).toBe(best ? HOME_BY_ROLE[best] : "/dashboard");
      }),
    );
  });

  it("sends a guest to / even if a role were attached", () => {
    expect(homePath({ id: null, roles: ["admin"], userType: "guest" })).toBe("/");
  });
});

describe("access level ladder (SPEC §4)", () => {
  it("has the seven levels with their values", () => {
    expect(AccessLevel).toEqual({ NONE: 0, OVERVIEW: 10, LIMITED_VIEW: 20, FULL_VIEW: 30, STATS: 40, EDIT: 50, ADMIN: 60 });
  });

  it("climbs strictly in the order NONE, OVERVIEW, LIMITED_VIEW, FULL_VIEW, STATS, EDIT, ADMIN", () => {
    const order = ["NONE", "OVERVIEW", "LIMITED_VIEW", "FULL_VIEW", "STATS", "EDIT", "ADMIN"] as const;
    const values = order.map((name) => AccessLevel[name]);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(order.length);
    expect(Object.keys(AccessLevel)).toEqual([...order]);
  });
});

describe("groups", () => {
  it("treats a guest as nobody in particular", () => {
    expect(isGuest(guestViewer)).toBe(true);
    expect(isStudent(guestViewer)).toBe(false);
    expect(isInstructor(guestViewer)).toBe(false);
    expect(isContentManager(guestViewer)).toBe(false);
    expect(hasRole(guestViewer, ...ROLES)).toBe(false);
    expect(guestViewer.userType).toBe("guest");
    expect(Object.isFrozen(guestViewer)).toBe(true);
  });

  it("counts a signed-in user without roles as a student", () => {
    expect(isStudent(user())).toBe(true);
    expect(isGuest(user())).toBe(false);
  });

  it("counts a user with stray unknown role strings as a student", () => {
    expect(isStudent(user("student"))).toBe(true);
  });

  it.each(ROLES)("does not count a user with %s as a student", (role) => {
    expect(isStudent(user(role))).toBe(false);
  });

  it("has blog, jobs and marketing managers as the content-management group", () => {
    expect([...CONTENT_MANAGEMENT_ROLES].sort()).toEqual(["blog_manager", "jobs_manager", "marketing_manager"]);
  });

  it.each(ROLES)("puts %s in the content-management and instructor groups as SPEC §6 says", (role) => {
    expect(isContentManager(user(role))).toBe(["blog_manager", "jobs_manager", "marketing_manager"].includes(role));
    expect(isInstructor(user(role))).toBe(["instructor", "ss_instructor", "mcat_instructor", "lsat_instructor"].includes(role));
  });

  it("does not count manager or tutor as an instructor kind", () => {
    expect(isInstructor(user("manager"))).toBe(false);
    expect(isInstructor(user("tutor"))).toBe(false);
  });
});
