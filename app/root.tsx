import { Theme } from "@radix-ui/themes";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { summarizeUser } from "~/accounts/current-user";
import { currentSession } from "~/accounts/session.server";
import { ErrorPage, ForbiddenPage, isChunkLoadError, NotFoundPage } from "~/components/error-page";
import { GoogleOneTap } from "~/components/google-one-tap";
import { ImpersonationBanner } from "~/components/impersonation-banner";
import { useNonce } from "~/components/nonce";
import { config } from "~/config/env.server";
import { RealtimeProvider } from "~/realtime/realtime-provider";
import { realtimeSummary } from "~/realtime/summary.server";
import { errorMessage } from "~/errors/messages";
import { AppShell } from "~/shell/app-shell";
import { loadShell } from "~/shell/shell.server";
import stylesheet from "~/styles/app.css?url";
import { parseAppearance, THEME_COOKIE } from "~/theme/theme";
import { readCookies } from "~/utils/cookies.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Marketplace — courses, live study sessions and tutors" },
  { name: "description", content: "Self-paced online courses, live study sessions and tutoring for K-8, high school, university, MCAT and LSAT students." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await currentSession(request);
  // The app bar's menus, site banner, one-time toast and server-opened dialog (app/shell/).
  const { shell, setCookie } = await loadShell(request, session);
  return data({
    csrfToken: context.csrfToken,
    appearance: parseAppearance(readCookies(request)[THEME_COOKIE]),
    currentUser: session ? summarizeUser(session.user, session.impersonatorId) : null,
    // Public by design (Google shows it to every visitor); the one-tap prompt is off without it.
    googleClientId: config().GOOGLE_CLIENT_ID ?? null,
    // For canonical and Open Graph URLs (app/seo/page-meta.ts).
    siteOrigin: config().APP_ORIGIN ? new URL(config().APP_ORIGIN as string).origin : new URL(request.url).origin,
    // The app bar's chat and notification counts and the browser's realtime connection.
    realtime: session ? await realtimeSummary(session.user.id) : null,
    shell,
  }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const appearance = data?.appearance ?? "light";
  return (
    <html lang="en" className={appearance} style={{ colorScheme: appearance }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {data?.csrfToken ? <meta name="csrf-token" content={data.csrfToken} /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        <Theme appearance={appearance} accentColor="indigo" grayColor="slate" radius="large">
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <RealtimeProvider settings={data?.realtime ?? null}>
            <ImpersonationBanner currentUser={data?.currentUser ?? null} />
            <AppShell>{children}</AppShell>
          </RealtimeProvider>
          {data?.googleClientId && !data.currentUser ? <GoogleOneTap clientId={data.googleClientId} /> : null}
        </Theme>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const body = isRouteErrorResponse(error) ? error.data : undefined;
  return <ErrorPage message={errorMessage({ status, body })} chunkLoadError={isChunkLoadError(error)} />;
}
