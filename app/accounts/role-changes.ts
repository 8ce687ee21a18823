import { isRole, type Role, type Viewer } from "~/accounts/roles";

/**
 * Granting and revoking roles on the admin's user page. Pure. Whether the viewer may change the
 * user's roles at all is the policy's `change_account_access`; this says whether this one change
 * makes sense.
 */

export type RoleChange = { role: Role; grant: boolean };
export type RoleChangeCheck = { ok: true } | { ok: false; status: 400 | 409; reason: string };

export function checkRoleChange(viewer: Viewer, user: { id: number; roles: readonly string[] }, change: { role: string; grant: boolean }): RoleChangeCheck {
  if (!isRole(change.role)) return { ok: false, status: 400, reason: "There is no such role." };
  const holds = user.roles.includes(change.role);
  // An admin who drops their own admin role could leave the product with nobody able to give it back.
  if (!change.grant && change.role === "admin" && viewer.id === user.id) return { ok: false, status: 409, reason: "You cannot remove your own admin role: ask another admin." };
  if (change.grant && holds) return { ok: false, status: 409, reason: `They already have the ${label(change.role)} role.` };
  if (!change.grant && !holds) return { ok: false, status: 409, reason: `They do not have the ${label(change.role)} role.` };
  return { ok: true };
}

export function label(role: string) {
  return role.replace(/_/g, " ");
}
