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
        <span aria-hidden="true">✉</span>
      </Link>
      <Link to="/notifications" className="shell-icon-button" aria-label="Notifications" data-shell="notifications-link" prefetch="none">
        <span aria-hidden="true">🔔</span>
      </Link>
    </>
  );
}
