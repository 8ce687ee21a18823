import { describe, expect, it } from "vitest";
import { can, type AccountAccessChange, type UserSubject } from "~/accounts/policy/permissions";
import { guestViewer, ROLES, type Viewer } from "~/accounts/roles";

/**
 * `change_account_access`: who may change an account's sign-in details, roles and status. Every
 * kind of viewer × every kind of account × every change, written out by hand (not derived from
 * the rule), so a slip in the rule shows up as a cell of this table.
 */

const signedIn = (id: number, ...roles: string[]): Viewer => ({ id, roles, userType: roles.length ? "staff" : "student" });

const CHANGES = ["email", "password", "roles", "deactivate", "reactivate"] as const satisfies readonly AccountAccessChange[];

type Target = "themself" | "a student" | "a teacher" | "a deactivated student" | "another admin" | "an admin who is also a teacher" | "a deactivated admin";

function target(kind: Target, viewer: Viewer): UserSubject {
  switch (kind) {
    case "themself":
      return { id: viewer.id!, roles: viewer.roles };
    case "a student":
      return { id: 900, roles: [] };
    case "a teacher":
      return { id: 901, roles: ["teacher"] };
    case "a deactivated student":
      return { id: 902, roles: [], deactivated_at: new Date("2024-01-01") };
    case "another admin":
      return { id: 903, roles: ["admin"] };
    case "an admin who is also a teacher":
      return { id: 904, roles: ["teacher", "admin"] };
    case "a deactivated admin":
      return { id: 905, roles: ["admin"], deactivated_at: new Date("2024-01-01") };
  }
}

/** y = allowed, - = refused, one column per change: email, password, roles, deactivate, reactivate. */
const TABLE: Record<"guest" | "non-admin" | "admin", Partial<Record<Target, string>>> = {
  guest: {
    "a student": "-----",
    "a teacher": "-----",
    "a deactivated student": "-----",
    "another admin": "-----",
    "an admin who is also a teacher": "-----",
    "a deactivated admin": "-----",
  },
  // A student or any role but admin: their own sign-in details and status, never their roles.
  "non-admin": {
    themself: "yy-yy",
    "a student": "-----",
    "a teacher": "-----",
    "a deactivated student": "-----",
    "another admin": "-----",
    "an admin who is also a teacher": "-----",
    "a deactivated admin": "-----",
  },
  // An admin: everything of their own and of non-admins, nothing of another admin's.
  admin: {
    themself: "yyyyy",
    "a student": "yyyyy",
    "a teacher": "yyyyy",
    "a deactivated student": "yyyyy",
    "another admin": "-----",
    "an admin who is also a teacher": "-----",
    "a deactivated admin": "-----",
  },
};

const viewers: { name: string; kind: keyof typeof TABLE; viewer: Viewer }[] = [
  { name: "a guest", kind: "guest", viewer: guestViewer },
  { name: "a student", kind: "non-admin", viewer: signedIn(1) },
  ...ROLES.filter((role) => role !== "admin").map((role, index) => ({ name: `a ${role}`, kind: "non-admin" as const, viewer: signedIn(100 + index, role) })),
  { name: "an admin", kind: "admin", viewer: signedIn(2, "admin") },
  { name: "an admin who is also a teacher", kind: "admin", viewer: signedIn(3, "teacher", "admin") },
];

const cases = viewers.flatMap(({ name, kind, viewer }) =>
  Object.entries(TABLE[kind]).flatMap(([targetKind, row]) =>
    CHANGES.map((change, column) => ({ name, targetKind: targetKind as Target, change, viewer, expected: row![column] === "y" })),
  ),
);

describe("change_account_access", () => {
  it.each(cases)("$name changing $change of $targetKind: $expected", ({ viewer, targetKind, change, expected }) => {
    expect(can(viewer, "change_account_access", { user: target(targetKind, viewer), changes: [change] })).toBe(expected);
  });

  it("refuses a set of changes when any one of them is refused", () => {
    const admin = signedIn(2, "admin");
    expect(can(admin, "change_account_access", { user: { id: 900, roles: [] }, changes: ["email", "password", "roles"] })).toBe(true);
    expect(can(signedIn(1), "change_account_access", { user: { id: 1, roles: [] }, changes: ["email", "roles"] })).toBe(false);
  });

  it("lets an admin change another admin's profile alone (no access change), but never a guest or a stranger", () => {
    expect(can(signedIn(2, "admin"), "change_account_access", { user: { id: 903, roles: ["admin"] }, changes: [] })).toBe(true);
    expect(can(guestViewer, "change_account_access", { user: { id: 900, roles: [] }, changes: [] })).toBe(false);
    expect(can(signedIn(1), "change_account_access", { user: { id: 900, roles: [] }, changes: [] })).toBe(false);
  });

  it("covers every change for every kind of viewer", () => {
    expect(new Set(cases.map(({ change }) => change))).toEqual(new Set(CHANGES));
    for (const row of Object.values(TABLE).flatMap((rows) => Object.values(rows))) expect(row).toMatch(/^[y-]{5}$/);
  });
});
