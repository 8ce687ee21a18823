import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { summaryViewer, type CurrentUserSummary } from "~/accounts/current-user";
import { CsrfInput } from "~/components/csrf-input";
import { partnerMenuEntries, type BarMembership } from "~/partners/membership";
import { DialogLink } from "~/shell/dialog-host";
import { APP_BAR_SCROLL_THRESHOLD, type AppBarColor } from "~/shell/app-bar-rules";
import { DisclosureMenu, MenuLinks } from "~/shell/disclosure-menu";
import { accountMenu, coursesMenu, leftItems, mainLinks, resourcesMenu, roleMenuEntries, signUpHref, type CoursesMenuInput } from "~/shell/menus";
import { SignedInIcons } from "~/shell/signed-in-icons";
import { ThemeToggle } from "~/shell/theme-toggle";
import { SiteTourButton } from "~/site-tours/site-tour-host";
import type { Appearance } from "~/theme/theme";

/** Dense (48 px instead of 56) once the page scrolls past the threshold; JavaScript only. */
function useDense() {
  const [dense, setDense] = useState(false);
  useEffect(() => {
    const onScroll = () => setDense(window.scrollY > APP_BAR_SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return dense;
}

/** The top bar (SPEC §2 Shell): logo, role items, menus, dark mode, account or guest actions. */
export function AppBar({
  currentUser,
  color,
  appearance,
  courses,
  partners,
}: {
  currentUser: CurrentUserSummary | null;
  color: AppBarColor;
  appearance: Appearance;
  courses: CoursesMenuInput;
  partners: readonly BarMembership[];
}) {
  const viewer = summaryViewer(currentUser);
  const location = useLocation();
  const dense = useDense();
  const left = leftItems(viewer);
  const roleEntries = roleMenuEntries(viewer);
  return (
    <div className={`app-bar app-bar--${color}${dense ? " app-bar--dense" : ""}`} data-shell="app-bar" data-color={color}>
      <div className="app-bar__inner wrapper wrapper--wide">
        <Link to={currentUser ? currentUser.homePath : "/"} className="app-bar__logo" aria-label="Marketplace home" data-tour="logo">
          Marketplace
        </Link>
        <nav aria-label="Main" className="app-bar__nav" data-tour="main-nav">
          <ul className="app-bar__list">
            {left ? (
              <li>
                <NavLink to={left.main.href} end className="app-bar__link" data-shell="left-main">
                  {left.main.label}
                </NavLink>
              </li>
            ) : null}
            {left && left.collapsed.length > 0 ? (
              <li>
                <DisclosureMenu name="more-homes" label="More" summaryLabel="More homes">
                  <MenuLinks links={left.collapsed} />
                </DisclosureMenu>
              </li>
            ) : null}
            <li>
              <DisclosureMenu name="courses-menu" label="Courses">
                <MenuLinks links={[...coursesMenu(courses), { label: "All courses", href: "/courses" }]} />
              </DisclosureMenu>
            </li>
            {mainLinks(viewer).map((link) => (
              <li key={link.href} className="app-bar__secondary">
                <NavLink to={link.href} className="app-bar__link" prefetch="none">
                  {link.label}
                </NavLink>
              </li>
            ))}
            {roleEntries.length > 0 ? (
              <li>
                <DisclosureMenu name="role-menu" label="My programs">
                  <MenuLinks links={roleEntries} />
                </DisclosureMenu>
              </li>
            ) : null}
            <li>
              <DisclosureMenu name="resources-menu" label="Resources">
                <MenuLinks links={resourcesMenu(viewer)} />
              </DisclosureMenu>
            </li>
          </ul>
        </nav>
        <div className="app-bar__actions">
          <DialogLink to="/search" className="app-bar__link" data-shell="search" prefetch="none">
            Search
          </DialogLink>
          <ThemeToggle appearance={appearance} />
          <SiteTourButton />
          {currentUser ? (
            <>
              <SignedInIcons />
              <DisclosureMenu name="account-menu" label={currentUser.displayName} summaryLabel={`Account menu for ${currentUser.displayName}`} align="end" tour="account-menu">
                <MenuLinks links={accountMenu()} />
                <PartnerMenu partners={partners} redirectTo={`${location.pathname}${location.search}`} />
                <Form method="post" action="/users/sign_out" className="shell-menu__form">
                  <CsrfInput />
                  <input type="hidden" name="_method" value="delete" />
                  <button type="submit" className="shell-menu__button">
                    Sign out
                  </button>
                </Form>
              </DisclosureMenu>
            </>
          ) : (
            <>
              <DialogLink to="/users/sign_in" className="app-bar__link" data-shell="log-in">
                Log in
              </DialogLink>
              <DialogLink to={signUpHref(location.pathname)} className="app-bar__cta">
                Get Started for Free
              </DialogLink>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * The account menu's partners (SPEC §2): memberships and invitations with their status.
 * Invitations are answered with a plain form, so Accept and Decline work without JavaScript.
 */
function PartnerMenu({ partners, redirectTo }: { partners: readonly BarMembership[]; redirectTo: string }) {
  const entries = partnerMenuEntries(partners);
  if (entries.length === 0) return null;
  return (
    <section className="shell-menu__section" aria-labelledby="account-menu-partners" data-shell="partner-memberships">
      <p id="account-menu-partners" className="shell-menu__heading">
        Partners
      </p>
      <ul className="shell-menu__partners">
        {entries.map((entry) => (
          <li key={entry.membershipId} data-partner-status={entry.answerable ? "invited" : "accepted"}>
            <Link to={entry.href} prefetch="none" className="shell-menu__partner">
              {entry.label} <span className="shell-menu__status">{entry.statusLabel}</span>
            </Link>
            {entry.answerable ? (
              <Form method="post" action={`/partner-memberships/${entry.membershipId}`} className="shell-menu__invite">
                <CsrfInput />
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <button type="submit" name="response" value="accept" className="shell-menu__answer" aria-label={`Accept the invitation from ${entry.label}`}>
                  Accept
                </button>
                <button type="submit" name="response" value="decline" className="shell-menu__answer" aria-label={`Decline the invitation from ${entry.label}`}>
                  Decline
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
