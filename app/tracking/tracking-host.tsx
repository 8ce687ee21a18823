import { useFetchers, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CONSENT_PATH } from "~/tracking/consent-bar";
import { useRootData } from "~/shell/root-data";
import { landingPageFor, pageViewDelay, SEARCH_TRACKING_DEBOUNCE_MS, TRACKING_EVENT_TYPES } from "~/tracking/landing-pages";
import { sendTrackingEvent, setTrackingEnabled } from "~/tracking/tracking.client";

let pageViewsSent = 0;

function isConsentSubmission(formAction: string | undefined): boolean {
  if (!formAction) return false;
  return new URL(formAction, "http://localhost").pathname === CONSENT_PATH;
}

/**
 * Page views and landing-page views (SPEC §1, §9), once the visitor allows analytics: sent 400 ms
 * after a page shows (1 s for the first page), and not at all if they moved on before that.
 * While a new cookie choice is on its way nothing is sent: the server may already hold "only
 * necessary" before this page has heard so, and would refuse the event.
 */
export function TrackingHost() {
  const allowed = useRootData()?.consent?.analytics === true;
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const choosing = isConsentSubmission(navigation.formAction) || fetchers.some((fetcher) => isConsentSubmission(fetcher.formAction));
  const analytics = allowed && !choosing;
  // The page a view was last sent for: a choice that keeps analytics on does not count it twice.
  const lastSent = useRef<string | null>(null);
  useEffect(() => {
    setTrackingEnabled(analytics);
  }, [analytics]);
  useEffect(() => {
    lastSent.current = null;
  }, [pathname, search]);
  useEffect(() => {
    if (!analytics || lastSent.current === pathname + search) return;
    const timer = window.setTimeout(() => {
      lastSent.current = pathname + search;
      pageViewsSent += 1;
      const landingPage = landingPageFor(pathname);
      sendTrackingEvent({ type: TRACKING_EVENT_TYPES.pageView, target_type: "Page", target_id: pathname.slice(0, 100), parameters: { path: pathname, query: search.slice(0, 500) } });
      if (landingPage) {
        sendTrackingEvent({ type: TRACKING_EVENT_TYPES.landingPageView, target_type: "LandingPage", target_id: landingPage, parameters: { path: pathname, referrer: document.referrer.slice(0, 500) } });
      }
    }, pageViewDelay(pageViewsSent === 0));
    return () => window.clearTimeout(timer);
  }, [analytics, pathname, search]);
  return null;
}

let searchTimer: number | undefined;

/** A search as it is typed, sent once typing has paused for 2 s (SPEC §9), so a word is one event. */
export function trackSearchTyping(query: string, parameters: Record<string, unknown> = {}) {
  if (searchTimer !== undefined) window.clearTimeout(searchTimer);
  const text = query.trim();
  if (!text) return;
  searchTimer = window.setTimeout(() => {
    searchTimer = undefined;
    sendTrackingEvent({ type: TRACKING_EVENT_TYPES.search, parameters: { ...parameters, query: text.slice(0, 100) } });
  }, SEARCH_TRACKING_DEBOUNCE_MS);
}

export interface FailedPurchase {
  id: number;
  type: string;
  code: string | null;
  message: string;
  decline_code: string | null;
}

/** A failed payment the buyer is shown (SPEC §8), sent once per failure for this browser. */
export function useTrackFailedPurchase(failure: FailedPurchase | null) {
  const analytics = useRootData()?.consent?.analytics === true;
  useEffect(() => {
    if (!analytics || !failure) return;
    const key = `tracked_failed_purchase_${failure.id}`;
    try {
      if (localStorage.getItem(key)) return;
      localStorage.setItem(key, "1");
    } catch {
      // Without storage it may be sent again on a later visit; the id tells them apart.
    }
    sendTrackingEvent({
      type: TRACKING_EVENT_TYPES.failedPurchase,
      target_type: "FailedPurchase",
      target_id: failure.id,
      parameters: { type: failure.type, code: failure.code, message: failure.message.slice(0, 500), decline_code: failure.decline_code },
    });
  }, [analytics, failure]);
}
