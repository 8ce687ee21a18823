import { Form, Link, useLocation } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import type { SiteBanner as SiteBannerData } from "~/shell/site-banner";

/**
 * The site-wide banner above the app bar; Dismiss is a form, remembered for this browser. A named
 * <section> is its region landmark (not an <aside>: a complementary landmark may not sit inside
 * the header's banner landmark).
 */
export function SiteBanner({ banner }: { banner: SiteBannerData }) {
  const location = useLocation();
  return (
    <section className="site-banner" data-shell="site-banner" aria-label="Announcement">
      <div className="site-banner__inner wrapper wrapper--wide">
        <p className="site-banner__message">
          {banner.message}{" "}
          <Link to={banner.link.href} prefetch="none">
            {banner.link.label}
          </Link>
        </p>
        <Form method="post" action="/site-banner" className="shell-inline-form" preventScrollReset>
          <CsrfInput />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <button type="submit" className="site-banner__dismiss" aria-label="Dismiss announcement">
            <span aria-hidden="true">×</span>
          </button>
        </Form>
      </div>
    </section>
  );
}
