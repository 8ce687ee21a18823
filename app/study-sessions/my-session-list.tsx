import { Link } from "@remix-run/react";
import type { MySessionView } from "~/study-sessions/my-sessions";

/**
 * A student's live sessions as plain tiles (app/styles/app.css): the title links to the session's
 * page, then when it meets (or until when its material stays open), and "Add to calendar" for an
 * active enrolment, a plain link the server answers as a download (Content-Disposition), so it
 * works without JavaScript.
 */
export function MySessionList({ sessions, showGroup = false }: { sessions: readonly MySessionView[]; showGroup?: boolean }) {
  return (
    <ul className="stack-list">
      {sessions.map((session) => (
        <li key={session.sessionId} className="tile">
          <Link to={session.href} className="tile-title">
            {session.title}
          </Link>
          <p className="tile-meta">
            {showGroup ? `${GROUP_LABELS[session.group]} · ` : ""}
            <SessionWhen session={session} />
          </p>
          {session.calendarHref ? (
            <p className="tile-meta">
              <a href={session.calendarHref}>
                Add to calendar<span className="visually-hidden">: {session.title}</span>
              </a>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const GROUP_LABELS: Record<MySessionView["group"], string> = { live: "Live now", upcoming: "Upcoming", past: "Past", refunded: "Refunded" };

function SessionWhen({ session }: { session: MySessionView }) {
  const dates = session.dateCount > 1 ? ` (${session.dateCount} dates)` : "";
  switch (session.group) {
    case "live":
      return <>Live now: {session.when ? <time dateTime={session.whenIso ?? undefined}>{session.when}</time> : null}</>;
    case "upcoming":
      return session.when ? (
        <>
          Next: <time dateTime={session.whenIso ?? undefined}>{session.when}</time>
          {dates}
        </>
      ) : (
        <>Dates to be announced</>
      );
    case "past":
      return session.accessUntil ? <>Material and recording open until {session.accessUntil}</> : <>Ended; access has closed</>;
    case "refunded":
      return <>Refunded: no access</>;
  }
}
