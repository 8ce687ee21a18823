import { Theme } from "@radix-ui/themes";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  type ShouldRevalidateFunction,
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
import { isOfflineAnswer } from "~/shell/offline-submission";
import { useRootData } from "~/shell/root-data";
import { rootData } from "~/shell/root-data.server";
import { currentSessionWith } from "~/accounts/session.server";
import { shellRead, shellReadOf } from "~/shell/shell-read.server";
import { TOUR_PROMPTS_COOKIE } from "~/site-tours/tours";
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
  const cookies = readCookies(request);
  // The session and everything the shell shows a signed-in user come back in one query.
  const [signedIn, { toast, clearCookie }] = await Promise.all([
    currentSessionWith(request, shellRead({ tours: cookies[TOUR_PROMPTS_COOKIE] !== "off" })),
    toastFrom(request),
  ]);
  // Built in app/shell/root-data.server.ts; components read it with useRootData() (app/shell/root-data.ts).
  const body = rootData({
    session: signedIn?.session ?? null,
    shellRead: signedIn ? shellReadOf(signedIn.extra) : null,
    cookies,
    toast,
    csrfToken: context.csrfToken,
    siteOrigin: siteOrigin(request),
    privacyPolicyAsked: new URL(request.url).searchParams.has("privacyPolicy"),
    now: new Date(),
  });
  return data(body, clearCookie ? { headers: { "Set-Cookie": clearCookie } } : undefined);
}

/**
 * The shell is read again after a submission, after a redirect that set a cookie (a sign-in, a
 * toast) and when asked (`useRevalidator`), since those can change what it shows. A link or
 * GET form that only changes the query of the page being viewed (search, filters, tabs, pages)
 * cannot, except the privacy dialog's `?privacyPolicy`; other navigations already keep the shell
 * (the badges stay current over the realtime connection).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formData, currentUrl, nextUrl, actionResult, defaultShouldRevalidate }) => {
  if (!defaultShouldRevalidate) return false;
  // A submission that never reached the server changed nothing, and reading would fail the same way.
  if (isOfflineAnswer(actionResult)) return false;
  // A fetcher that applies its own answer (a room's heartbeat, a shift signup) changes nothing the shell shows.
  if (formData?.get("respond") === "data") return false;
  if (formMethod && formMethod !== "GET") return true;
  const queryOnly = currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  return !queryOnly || currentUrl.searchParams.has("privacyPolicy") !== nextUrl.searchParams.has("privacyPolicy");
};

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
          {/* A third-party script: only once the visitor allows it (app/tracking/consent.ts). */}
          {data?.googleClientId && !data.currentUser && data.consent?.analytics ? <GoogleOneTap clientId={data.googleClientId} /> : null}
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
