import { z } from "zod";

/**
 * Cookie consent (SPEC §7: tracking is sent only after it is enabled). The visitor accepts,
 * rejects, or chooses categories; necessary cookies (session, CSRF, theme, this choice) are always
 * on, analytics (page views, searches, failed purchases, and third-party scripts such as Google's
 * sign-in prompt) only when allowed. The choice is one cookie with a handful of known values, so the
 * guest page cache can key on it (server/guest-page-cache.ts). Pure.
 */
export const CONSENT_COOKIE = "cookie_consent";
export const CONSENT_COOKIE_DAYS = 365;

export type ConsentChoice = "accepted" | "rejected" | "custom";

export interface Consent {
  choice: ConsentChoice;
  analytics: boolean;
}

const VALUES: Record<string, Consent> = {
  accepted: { choice: "accepted", analytics: true },
  rejected: { choice: "rejected", analytics: false },
  "custom.analytics": { choice: "custom", analytics: true },
  "custom.necessary": { choice: "custom", analytics: false },
};

/** The visitor's choice from the cookie's value; null when they have not chosen (or the value is unknown). */
export function parseConsent(value: string | undefined | null): Consent | null {
  if (!value) return null;
  return Object.hasOwn(VALUES, value) ? VALUES[value]! : null;
}

/** The cookie's value for a choice. */
export function consentValue(consent: Consent): string {
  if (consent.choice === "custom") return consent.analytics ? "custom.analytics" : "custom.necessary";
  return consent.choice;
}

/** Tracking events may be sent and stored only with analytics allowed. */
export function allowsTracking(value: string | undefined | null): boolean {
  return parseConsent(value)?.analytics === true;
}

/**
 * How a guest page differs with this cookie: the banner shows until a choice is made, and the
 * page's script tracks only with analytics allowed. Three variants, never the raw value.
 */
export function consentVariant(value: string | undefined | null): "unset" | "analytics" | "necessary" {
  const consent = parseConsent(value);
  if (!consent) return "unset";
  return consent.analytics ? "analytics" : "necessary";
}

/** The consent form (banner and /cookie-consent): accept, reject, or save the chosen categories. */
export const consentFormSchema = z.object({
  choice: z.enum(["accept", "reject", "custom"], { message: "Choose accept, reject or your own settings." }),
  analytics: z.literal("on").optional(),
  redirectTo: z.string().optional(),
});

/** The consent a submitted form stands for. */
export function consentFromForm(form: z.infer<typeof consentFormSchema>): Consent {
  if (form.choice === "accept") return { choice: "accepted", analytics: true };
  if (form.choice === "reject") return { choice: "rejected", analytics: false };
  return { choice: "custom", analytics: form.analytics === "on" };
}
