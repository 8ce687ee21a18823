import { Form, useLocation } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { useRootData } from "~/shell/root-data";

export const CONSENT_PATH = "/cookie-consent";

/**
 * The cookie choice, shown under the app bar until the visitor makes one. A plain form (works
 * without JavaScript) and part of the page's flow, not an overlay, so it never covers the page.
 * Nothing is tracked and no third-party script loads while it shows.
 */
export function ConsentBar() {
  const data = useRootData();
  const location = useLocation();
  if (!data || data.consent || location.pathname === CONSENT_PATH) return null;
  const back = `${location.pathname}${location.search}`;
  return (
    <section className="consent-bar" data-shell="consent-bar" aria-labelledby="consent-bar-heading">
      <div className="consent-bar__inner wrapper wrapper--wide">
        <div>
          {/* Not a heading: it comes before the page's own h1, which starts every page's outline. */}
          <p id="consent-bar-heading" className="consent-bar__heading">
            Cookies on this site
          </p>
          <p className="consent-bar__message">
            Necessary cookies keep you signed in and your settings. With your permission we also count page views, searches and failed payments to improve
            the site, and load Google&apos;s sign-in prompt.{" "}
            <a href={`${CONSENT_PATH}?redirectTo=${encodeURIComponent(back)}`}>Choose cookies</a>
          </p>
        </div>
        <Form method="post" action={CONSENT_PATH} className="consent-bar__actions" preventScrollReset>
          <CsrfInput />
          <input type="hidden" name="redirectTo" value={back} />
          {/* The app's button classes, not Radix's Button: the bar is on every page until a choice is made. */}
          <button type="submit" name="choice" value="accept" className="button">
            Allow analytics
          </button>
          <button type="submit" name="choice" value="reject" className="button button--soft">
            Only necessary
          </button>
        </Form>
      </div>
    </section>
  );
}
