/**
 * How soon after an account is created the session that came with it starts: signing up (the
 * form, checkout, a first sign-in with Google or Facebook) creates the account and signs it in in
 * one request, the confirmation mail sent in between.
 */
const SIGN_UP_SESSION_WINDOW_MS = 5 * 60_000;

/**
 * The dashboard's greeting: "Welcome back" only to someone who has been here before, so never in
 * the session their sign-up opened. Read from the session the page has already looked up (when it
 * was signed in, and the account's creation): no query of its own.
 */
export function dashboardGreeting(accountCreatedAt: Date, signedInAt: Date): "Welcome" | "Welcome back" {
  return signedInAt.getTime() - accountCreatedAt.getTime() < SIGN_UP_SESSION_WINDOW_MS ? "Welcome" : "Welcome back";
}
