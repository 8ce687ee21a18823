import { guestViewer, homePath, type Viewer } from "~/accounts/roles";

/** What every page knows about the signed-in user (from the root loader); null for guests. */
export interface CurrentUserSummary {
  id: number;
  displayName: string;
  email: string;
  roles: string[];
  userType: Viewer["userType"];
  homePath: string;
  /** Set while an admin is signed in as this user. */
  impersonatorId: number | null;
}

export function summarizeUser(
  user: { id: number; email: string; first_name: string; last_name: string; display_name: string | null; roles: string[]; user_type: Viewer["userType"] },
  impersonatorId: number | null,
): CurrentUserSummary {
  const name = user.display_name?.trim() || `${user.first_name} ${user.last_name}`.trim() || user.email;
  return {
    id: user.id,
    displayName: name,
    email: user.email,
    roles: user.roles,
    userType: user.user_type,
    homePath: homePath({ id: user.id, roles: user.roles, userType: user.user_type }),
    impersonatorId,
  };
}

/** The signed-in user as the policy sees them, in the browser (menus); the guest pseudo-user for guests. */
export function summaryViewer(user: Pick<CurrentUserSummary, "id" | "roles" | "userType"> | null): Viewer {
  return user ? { id: user.id, roles: user.roles, userType: user.userType } : guestViewer;
}
