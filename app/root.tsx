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
} from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorPage, ForbiddenPage, isChunkLoadError, NotFoundPage } from "~/components/error-page";
import { GoogleOneTap } from "~/components/google-one-tap";
import { ImpersonationBanner } from "~/components/impersonation-banner";
import { useNonce } from "~/components/nonce";
import { RealtimeProvider } from "~/realtime/realtime-provider";
import { errorMessage } from "~/errors/messages";
import { AppShell } from "~/shell/app-shell";
import { useRootData } from "~/shell/root-data";
import { rootData } from "~/shell/root-data.server";
import { currentSession } from "~/accounts/session.server";
import { toastFrom } from "~/toasts/toast.server";
import { readCookies } from "~/utils/cookies.server";
import { siteOrigin } from "~/utils/site-origin.server";
import stylesheet from "~/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Marketplace — courses, live study sessions and tutors" },
  { name: "description", content: "Self-paced online courses, live study sessions and tutoring for K-8, high school, university, MCAT and LSAT students." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [session, { toast, clearCookie }] = await Promise.all([currentSession(request), toastFrom(request)]);
  // Built in app/shell/root-data.server.ts; components read it with useRootData() (app/shell/root-data.ts).
  const body = await rootData({
    session,
    cookies: readCookies(request),
    toast,
    csrfToken: context.csrfToken,
    siteOrigin: siteOrigin(request),
    privacyPolicyAsked: new URL(request.url).searchParams.has("privacyPolicy"),
    now: new Date(),
  });
  return data(body, clearCookie ? { headers: { "Set-Cookie": clearCookie } } : undefined);
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
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
