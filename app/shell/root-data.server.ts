import { summarizeUser } from "~/accounts/current-user";
import type { CurrentSession } from "~/accounts/session.server";
import { config } from "~/config/env.server";
import { realtimeSummary } from "~/shell/realtime-summary.server";
import type { ShellRead } from "~/shell/shell-read.server";
import { shellData } from "~/shell/shell.server";
import { parseAppearance, THEME_COOKIE } from "~/theme/theme";
import { CONSENT_COOKIE, parseConsent } from "~/tracking/consent";
import type { Toast } from "~/toasts/toast";

/** What the root loader reads from the request (app/root.tsx). */
export interface RootDataInput {
  session: CurrentSession | null;
  /** What the shell shows the signed-in user, read with the session (app/shell/shell-read.server.ts). */
  shellRead: ShellRead | null;
  cookies: Record<string, string | undefined>;
  toast: Toast | null;
  csrfToken: string;
  siteOrigin: string;
  privacyPolicyAsked: boolean;
  now: Date;
}

/**
 * What every page knows from the root loader (app/root.tsx serves it; components read it with
 * `useRootData()` from app/shell/root-data.ts, never by importing the root route).
 */
export function rootData({ session, shellRead, cookies, toast, csrfToken, siteOrigin, privacyPolicyAsked, now }: RootDataInput) {
  const shell = shellData({ read: shellRead, cookies, toast, privacyPolicyAsked, now });
  const realtime = session && shellRead ? realtimeSummary(session.user.id, shellRead) : null;
  return {
    csrfToken,
    appearance: parseAppearance(cookies[THEME_COOKIE]),
    currentUser: session ? summarizeUser(session.user, session.impersonatorId) : null,
    // Public by design (Google shows it to every visitor); the one-tap prompt is off without it.
    googleClientId: config().GOOGLE_CLIENT_ID ?? null,
    // For canonical and Open Graph URLs (app/seo/page-meta.ts).
    siteOrigin,
    // The browser's realtime connection settings and the counts.
    realtime,
    shell,
    // Null until the visitor chooses (the consent bar shows); tracking runs only with analytics on.
    consent: consentOf(cookies[CONSENT_COOKIE]),
  };
}

function consentOf(value: string | undefined): { analytics: boolean } | null {
  const consent = parseConsent(value);
  return consent ? { analytics: consent.analytics } : null;
}

export type RootLoaderBody = ReturnType<typeof rootData>;
