import { Link } from "@remix-run/react";
import type { Currency } from "~/db/schema";
import { formatPrice } from "~/formatting/price";
import { displayDateTime } from "~/formatting/display";

interface SessionItem {
  id: number;
  title: string;
  price_cents: number;
  currency: Currency;
  next_start: Date | string;
}

/**
 * Upcoming live sessions: title (a link to the session's page), next start (UTC until the
 * visitor's time zone is known) and price. Rows are plain tiles (app/styles/app.css), as every
 * repeated list is.
 */
export function UpcomingSessionList({ sessions, manage = false }: { sessions: SessionItem[]; /** The instructor's own list: links to edit each session and run its roster. */ manage?: boolean }) {
  return (
    <ul className="stack-list">
      {sessions.map((session) => {
        const start = new Date(session.next_start);
        return (
          <li key={session.id} className="tile">
            <p className="tile-title">
              <Link to={`/study-sessions/${session.id}`}>{session.title}</Link>
            </p>
            <p className="tile-meta">
              <time dateTime={start.toISOString()}>{displayDateTime(start)}</time> · {formatPrice(session.price_cents, session.currency)}
            </p>
            {manage ? (
              <p className="tile-meta">
                <Link to={`/study-sessions/${session.id}/edit`} aria-label={`Edit ${session.title}`}>
                  Edit
                </Link>{" "}
                ·{" "}
                <Link to={`/study-sessions/${session.id}/roster`} aria-label={`Roster of ${session.title}`}>
                  Roster
                </Link>
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
