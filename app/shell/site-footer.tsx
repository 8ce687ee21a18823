import { useInAppLinks } from "~/components/in-app-links";
import { DialogLink } from "~/shell/dialog-host";
import { FOOTER_COLUMNS, FOOTER_LEGAL_LINKS } from "~/shell/menus";

/**
 * The footer (SPEC §2 Shell): company links, subject lists, MCAT links, and the legal dialogs.
 * Its links are plain anchors followed in the app by one handler (every page renders them).
 */
export function SiteFooter() {
  const followInApp = useInAppLinks();
  return (
    <footer className="site-footer" data-shell="footer" onClick={followInApp}>
      <div className="wrapper wrapper--wide">
        <nav aria-label="Footer" className="site-footer__columns">
          {FOOTER_COLUMNS.map((column) => (
            <div key={column.heading} className="site-footer__column">
              <h2 className="site-footer__heading">{column.heading}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.label}>
                    {link.external ? (
                      <a href={link.href} rel="noopener">
                        {link.label}
                      </a>
                    ) : (
                      <a href={link.href} data-discover="true">
                        {link.label}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="site-footer__bottom">
          <p>© {new Date().getUTCFullYear()} Marketplace. Learn at your pace, with people who know the course.</p>
          <ul className="site-footer__legal">
            {FOOTER_LEGAL_LINKS.map((link) => (
              <li key={link.href}>
                <DialogLink to={link.href} prefetch="none">
                  {link.label}
                </DialogLink>
              </li>
            ))}
            <li>
              <a href="/cookie-consent" data-discover="true">
                Cookie settings
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
