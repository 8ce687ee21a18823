import { Link } from "@remix-run/react";

/**
 * The chat and notification entries of the app bar for signed-in users (SPEC §2 Shell). Plain
 * links to the chats and notifications pages; the notifications area may replace the bell with
 * its own dropdown here.
 */
export function SignedInIcons() {
  return (
    <>
      <Link to="/chats" className="shell-icon-button" aria-label="Chats" data-shell="chats-link" prefetch="none">
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
        </svg>
      </Link>
      <Link to="/notifications" className="shell-icon-button" aria-label="Notifications" data-shell="notifications-link" prefetch="none">
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
      </Link>
    </>
  );
}
