import { summarizeUser } from "~/accounts/current-user";
import { currentSession } from "~/accounts/session.server";
import { config } from "~/config/env.server";
import { realtimeSummary } from "~/realtime/summary.server";
import { loadShell } from "~/shell/shell.server";
import { parseAppearance, THEME_COOKIE } from "~/theme/theme";
import { readCookies } from "~/utils/cookies.server";

/**
 * What every page knows from the root loader (app/root.tsx serves it; components read it with
 * `useRootData()` from app/shell/root-data.ts, never by importing the root route).
 */
export async function rootData(request: Request, csrfToken: string) {
  const session = await currentSession(request);
  // The app bar's menus, site banner, one-time toast and server-opened dialog (app/shell/).
  const { shell, setCookie } = await loadShell(request, session);
  const body = {
    csrfToken,
    appearance: parseAppearance(readCookies(request)[THEME_COOKIE]),
    currentUser: session ? summarizeUser(session.user, session.impersonatorId) : null,
    // Public by design (Google shows it to every visitor); the one-tap prompt is off without it.
    googleClientId: config().GOOGLE_CLIENT_ID ?? null,
    // For canonical and Open Graph URLs (app/seo/page-meta.ts).
    siteOrigin: config().APP_ORIGIN ? new URL(config().APP_ORIGIN as string).origin : new URL(request.url).origin,
    // The app bar's chat and notification counts and the browser's realtime connection.
    realtime: session ? await realtimeSummary(session.user.id) : null,
    shell,
  };
  return { body, setCookie };
}

export type RootLoaderBody = Awaited<ReturnType<typeof rootData>>["body"];
