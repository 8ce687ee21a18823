import { ROLES } from "~/accounts/roles";

/** Pure pieces of the admin's user directory, shared by the page and the server (admin-users.server.ts). */

export const USERS_PER_PAGE = 25;

/** "student" is not a stored role: it filters users holding none (SPEC §6, student is the default). */
export const USER_ROLE_FILTERS = ["student", ...ROLES] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];
