/**
 * Recent sign-in for sensitive changes (issue 3 item 8). Pure, shared by server and page:
 * changing the email or password, and deactivating one's own account, need a session whose
 * password was checked within the window; a stolen or forgotten-open session cannot take
 * over the account for good.
 */
export const REAUTHENTICATION_WINDOW_MS = 15 * 60 * 1000;

export const REAUTHENTICATION_REQUIRED_CODE = "reauthentication_required";
export const REAUTHENTICATION_MESSAGE = "For your security, enter your password again to make this change.";

export type SensitiveChange = "email" | "password" | "deactivate";

/** Whether a session authenticated at `authenticatedAt` may make a sensitive change at `now`. */
export function isRecentlyAuthenticated(authenticatedAt: Date, now: Date = new Date()): boolean {
  const age = now.getTime() - authenticatedAt.getTime();
  // A time in the future (clock skew between machines) counts as recent, but not by more than the window.
  return Number.isFinite(age) && age <= REAUTHENTICATION_WINDOW_MS && age >= -REAUTHENTICATION_WINDOW_MS;
}

/** Which of the proposed changes are sensitive; an unchanged email (any case) is not a change. */
export function sensitiveChanges(current: { email: string }, proposed: { email?: string | null; password?: string | null }): SensitiveChange[] {
  const changes: SensitiveChange[] = [];
  if (proposed.email != null && proposed.email.trim().toLowerCase() !== current.email.trim().toLowerCase()) changes.push("email");
  if (proposed.password != null && proposed.password !== "") changes.push("password");
  return changes;
}

/** Whether a change must wait for the user to re-enter their password. */
export function needsReauthentication(changes: readonly SensitiveChange[], authenticatedAt: Date, now: Date = new Date()): boolean {
  return changes.length > 0 && !isRecentlyAuthenticated(authenticatedAt, now);
}
