import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ComponentType, type MouseEvent } from "react";
import { showClientToast } from "~/shell/client-toasts";
import { tellOffline } from "~/shell/offline-submission";
import { siteTourHref, tourForPath, tourToOffer, TOUR_PROMPT_DEBOUNCE_MS, type SiteTourKey } from "~/site-tours/tours";
import { markTourViewed } from "~/site-tours/viewed";
import type { SiteTourOverlayProps } from "~/site-tours/site-tour-overlay";

/**
 * The site tour's entry points (SPEC §2, §4). The overlay itself is loaded on first use, so the
 * code every page carries is only this: the button, the start event and the prompt.
 */

const START_EVENT = "site-tour:start";

export function startSiteTour(key: SiteTourKey) {
  window.dispatchEvent(new CustomEvent<SiteTourKey>(START_EVENT, { detail: key }));
}

/** The app bar's tour button: a link to the tour's page, which starts the overlay when scripts run. */
export function SiteTourButton() {
  const location = useLocation();
  const key = tourForPath(location.pathname);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    // The tour's steps are read from the server when it starts.
    if (!navigator.onLine) tellOffline();
    else startSiteTour(key);
  };
  return (
    <a href={siteTourHref(key, `${location.pathname}${location.search}`)} className="shell-icon-button" data-tour="tour-button" data-shell="tour-button" aria-label="Take a tour of this page" onClick={onClick}>
      <span aria-hidden="true">?</span>
    </a>
  );
}

/**
 * Runs the overlay when a tour is started, and for signed-in users offers the page's tour once
 * per unseen tour: a "Want a tour?" toast after the visitor has stayed TOUR_PROMPT_DEBOUNCE_MS
 * on a page. Offering it counts as seeing it, so it is not offered again on the next visit.
 */
export function SiteTourHost({ unseen }: { unseen: readonly { id: number; key: SiteTourKey }[] }) {
  const location = useLocation();
  const [running, setRunning] = useState<{ key: SiteTourKey; started: number; Overlay: ComponentType<SiteTourOverlayProps> } | null>(null);
  const offered = useRef(new Set<SiteTourKey>());

  useEffect(() => {
    const onStart = (event: Event) => {
      const key = (event as CustomEvent<SiteTourKey>).detail;
      import("~/site-tours/site-tour-overlay")
        .then((module) => setRunning({ key, started: Date.now(), Overlay: module.SiteTourOverlay }))
        // The overlay's code could not be fetched (a deploy replaced it): the tour's page has the same steps.
        .catch(() => window.location.assign(siteTourHref(key, `${window.location.pathname}${window.location.search}`)));
    };
    window.addEventListener(START_EVENT, onStart);
    return () => window.removeEventListener(START_EVENT, onStart);
  }, []);

  const here = `${location.pathname}${location.search}`;
  useEffect(() => {
    const key = tourToOffer(location.pathname, unseen.map((tour) => tour.key), offered.current);
    const tour = unseen.find((candidate) => candidate.key === key);
    if (!key || !tour) return;
    const timer = window.setTimeout(() => {
      offered.current.add(key);
      void markTourViewed(tour.id);
      showClientToast({
        type: "info",
        message: "Want a tour?",
        durationMs: 8000,
        action: { label: "Start Tour", href: siteTourHref(key, here) },
        onAction: () => startSiteTour(key),
      });
    }, TOUR_PROMPT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [location.pathname, here, unseen]);

  if (!running) return null;
  const { Overlay } = running;
  // Starting a tour again (or another one) begins at its first step.
  return <Overlay key={`${running.key}-${running.started}`} tourKey={running.key} onClose={() => setRunning(null)} />;
}
