import { serialize } from "cookie";
import { config } from "~/config/env.server";
import { CONSENT_COOKIE, CONSENT_COOKIE_DAYS, consentValue, type Consent } from "~/tracking/consent";

/**
 * Remembers the choice for a year. Not httpOnly: it holds no secret, and the browser's tracking
 * code could read it; the server still decides from it alone (the page and /tracking_events).
 */
export function consentCookie(consent: Consent): string {
  return serialize(CONSENT_COOKIE, consentValue(consent), {
    path: "/",
    sameSite: "lax",
    maxAge: 60 * 60 * 24 * CONSENT_COOKIE_DAYS,
    secure: config().servedOverHttps,
  });
}
