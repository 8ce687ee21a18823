import { describe, expect, it } from "vitest";
import { adminSectionsFor } from "~/accounts/policy/admin-sections";
import { checkRoleChange } from "~/accounts/role-changes";
import { guestViewer, ROLES, type Viewer } from "~/accounts/roles";

const viewer = (roles: string[], id = 7): Viewer => ({ id, roles, userType: roles.length ? "staff" : "student" });
const paths = (who: Viewer) => adminSectionsFor(who).map((section) => section.path);

describe("the sections of /admin, as the policy allows each role", () => {
  it("an admin sees every section", () => {
    expect(paths(viewer(["admin"]))).toEqual(["/admin/reports", "/admin/online-courses", "/admin/study-sessions", "/admin/schools", "/admin/courses", "/admin/class-reps", "/admin/scholarships", "/admin/contests", "/admin/notes", "/admin/site-tours", "/admin/writing-templates", "/admin/faqs", "/admin/discount-codes", "/admin/subscriptions", "/admin/invoices", "/admin/stripe-products", "/admin/hiring", "/admin/audit-log"]);
  });
  it("a manager sees reports, online courses and FAQs only", () => {
    expect(paths(viewer(["manager"]))).toEqual(["/admin/reports", "/admin/online-courses", "/admin/faqs"]);
  });
  it("a jobs manager's only section is hiring (reached from /careers: /admin is not their home)", () => {
    expect(paths(viewer(["jobs_manager"]))).toEqual(["/admin/hiring"]);
  });
  it("a marketing manager's sections are class reps, scholarships and the contest (linked from the class-rep, scholarship and contest pages: /admin is not their home)", () => {
    expect(paths(viewer(["marketing_manager"]))).toEqual(["/admin/class-reps", "/admin/scholarships", "/admin/contests"]);
  });
  it("a content QA specialist's only section is uploaded notes (linked from /upload-notes: /admin is not their home)", () => {
    expect(paths(viewer(["content_qa_specialist"]))).toEqual(["/admin/notes"]);
  });
  it("a content creator's only section is writing templates (linked from the writing tool: /admin is not their home)", () => {
    expect(paths(viewer(["content_creator"]))).toEqual(["/admin/writing-templates"]);
  });
  it.each(ROLES.filter((role) => !["admin", "manager", "jobs_manager", "marketing_manager", "content_qa_specialist", "content_creator"].includes(role)))("a %s sees none", (role) => {
    expect(paths(viewer([role]))).toEqual([]);
  });
  it("a student and a guest see none", () => {
    expect(paths(viewer([]))).toEqual([]);
    expect(paths(guestViewer)).toEqual([]);
  });
});

describe("a role change on the user page", () => {
  const admin = viewer(["admin"], 1);
  it.each([
    ["grant a role they lack", { id: 2, roles: [] }, { role: "tutor", grant: true }, { ok: true }],
    ["revoke a role they hold", { id: 2, roles: ["tutor"] }, { role: "tutor", grant: false }, { ok: true }],
    ["grant one they hold", { id: 2, roles: ["tutor"] }, { role: "tutor", grant: true }, { ok: false, status: 409 }],
    ["revoke one they lack", { id: 2, roles: [] }, { role: "tutor", grant: false }, { ok: false, status: 409 }],
    ["an unknown role", { id: 2, roles: [] }, { role: "superuser", grant: true }, { ok: false, status: 400 }],
    ["remove one's own admin role", { id: 1, roles: ["admin"] }, { role: "admin", grant: false }, { ok: false, status: 409 }],
    ["remove another's admin role (the policy decides whether they may)", { id: 2, roles: ["admin"] }, { role: "admin", grant: false }, { ok: true }],
    ["grant oneself another role", { id: 1, roles: ["admin"] }, { role: "tutor", grant: true }, { ok: true }],
  ] as const)("%s", (_, user, change, expected) => {
    expect(checkRoleChange(admin, user, change)).toMatchObject(expected);
  });
});
