/**
 * Pure rules for Google's one-tap prompt, shared by the browser component and its tests.
 * SPEC §5: Google sign-in proceeds only when a credential is returned. Google calls back with
 * `{credential, select_by, …}` on success; a dismissed, skipped or failed prompt (or a broken
 * script) must never turn into a sign-in request.
 */
export function shouldProceedWithGoogleCredential(response: unknown): response is { credential: string } {
  if (typeof response !== "object" || response === null) return false;
  const credential = (response as { credential?: unknown }).credential;
  // A JWT has three dot-separated parts; anything else is not worth a round trip.
  return typeof credential === "string" && credential.trim().split(".").length === 3 && credential.length <= 8192;
}

/** Google's client library, loaded only when JavaScript runs and Google sign-in is configured. */
export const GOOGLE_CLIENT_SCRIPT = "https://accounts.google.com/gsi/client";
/** Origins the one-tap prompt needs in the Content-Security-Policy (script, its iframe, its styles). */
export const GOOGLE_SIGN_IN_ORIGIN = "https://accounts.google.com/gsi/";
