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
 * Upcoming live sessions: title, next start (UTC until the visitor's time zone is known) and
 * price. Rows are plain tiles (app/styles/app.css), as every repeated list is.
 */
export function UpcomingSessionList({ sessions }: { sessions: SessionItem[] }) {
  return (
    <ul className="stack-list">
      {sessions.map((session) => {
        const start = new Date(session.next_start);
        return (
          <li key={session.id} className="tile">
            <p className="tile-title">{session.title}</p>
            <p className="tile-meta">
              <time dateTime={start.toISOString()}>{displayDateTime(start)}</time> · {formatPrice(session.price_cents, session.currency)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
