import { useLocation, useMatches } from "@remix-run/react";
import type { ReactNode } from "react";
import { AppBar } from "~/shell/app-bar";
import { RouteAnnouncer } from "~/shell/route-announcer";
import { appBarColor, appBarHeight, isAppBarColor, isAppBarHidden, type AppBarColor } from "~/shell/app-bar-rules";
import { DialogHost } from "~/shell/dialog-host";
import { useOfflineSubmitGuard } from "~/shell/offline-submission";
import { useRootData } from "~/shell/root-data";
import { SiteBanner } from "~/shell/site-banner-view";
import { SiteFooter } from "~/shell/site-footer";
import { ToastViewport } from "~/shell/toasts";
import { ExtensionCheck } from "~/platform/extension-check";
import { SiteTourHost } from "~/site-tours/site-tour-host";
import { StudyRoomInvitePopup } from "~/study-rooms/invite-popup";
import { ConsentBar } from "~/tracking/consent-bar";
import { TrackingHost } from "~/tracking/tracking-host";

/**
 * A route may override the app bar's colour with `export const handle = { appBar: { color: "dark" } }`;
 * the deepest route that says so wins.
 */
export interface AppBarHandle {
  appBar?: { color?: AppBarColor };
}

function useAppBarOverride(): AppBarColor | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const color = (matches[index]!.handle as AppBarHandle | undefined)?.appBar?.color;
    if (isAppBarColor(color)) return color;
  }
  return null;
}

const NO_PARTNERS: [] = [];
const NO_TOURS: [] = [];

/** Everything around a page: banner and app bar, the page, the footer, toasts and dialogs. */
export function AppShell({ children }: { children: ReactNode }) {
  const data = useRootData();
  const location = useLocation();
  const override = useAppBarOverride();
  const shell = data?.shell ?? null;
  const hidden = isAppBarHidden(location.pathname);
  useOfflineSubmitGuard();
  const banner = shell?.banner ?? null;
  return (
    <DialogHost initial={shell?.privacyDialog ?? null}>
      {hidden ? null : (
        <header className="shell-header" style={{ minHeight: appBarHeight({ bannerOpen: banner !== null }) }}>
          {banner ? <SiteBanner banner={banner} /> : null}
          <AppBar
            currentUser={data?.currentUser ?? null}
            color={appBarColor(location.pathname, override)}
            appearance={data?.appearance ?? "light"}
            courses={shell?.courses ?? { schoolType: null, mcatCourseId: null, lsatCourseId: null }}
            partners={shell?.partnerMemberships ?? NO_PARTNERS}
          />
        </header>
      )}
      <ConsentBar />
      <main id="main">{children}</main>
      <RouteAnnouncer mainId="main" />
      <SiteFooter />
      <ToastViewport toast={shell?.toast ?? null} />
      {data?.currentUser ? <StudyRoomInvitePopup /> : null}
      {data?.currentUser ? <ExtensionCheck /> : null}
      <SiteTourHost unseen={shell?.unseenTours ?? NO_TOURS} />
      <TrackingHost />
    </DialogHost>
  );
}
