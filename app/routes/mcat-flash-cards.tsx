import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { listCourseDecks, type CourseDeckSummary } from "~/flash-cards/decks.server";
import { metaFor } from "~/seo/page-meta";
import { requestNow } from "~/utils/clock.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

/** /mcat-flash-cards: the flash-card decks of our MCAT courses, by subject, with what is due for a signed-in student. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/mcat-flash-cards");
  const decks = await listCourseDecks({ userId: session?.user.id ?? null, now: requestNow(request), courseCode: "MCAT" });
  const subjects = new Map<string, CourseDeckSummary[]>();
  for (const deck of decks) {
    const subject = deck.subject ?? "More MCAT decks";
    subjects.set(subject, [...(subjects.get(subject) ?? []), deck]);
  }
  return {
    signedIn: session !== null,
    subjects: [...subjects].map(([subject, list]) => ({ subject, decks: list })).sort((a, b) => a.subject.localeCompare(b.subject)),
  };
}

export default function McatFlashCardsPage() {
  const { signedIn, subjects } = useLoaderData<typeof loader>();
  return (
    <div className="wrapper wrapper--medium page">
      <p>
        <Link to="/mcat">MCAT</Link>
      </p>
      <h1 className="page-heading">MCAT flash cards</h1>
      <p className="muted">
        The decks of our MCAT courses, by subject. Each card comes back just before you would forget it.{" "}
        {signedIn ? (
          <>
            Your own decks are on <Link to="/flash-cards">Flash cards</Link>.
          </>
        ) : (
          <>
            <Link to="/users/sign_in?redirect_to=%2Fmcat-flash-cards">Sign in</Link> to see what is due for you.
          </>
        )}
      </p>
      {subjects.length === 0 ? <p>No MCAT decks yet.</p> : null}
      {subjects.map(({ subject, decks }) => (
        <section key={subject} aria-label={subject} style={{ marginTop: "var(--space-5)" }}>
          <h2 className="section-heading">{subject}</h2>
          <ul className="tile-list">
            {decks.map((deck) => (
              <li key={deck.id}>
                <Link to={deck.href} className="tile">
                  <span className="tile-title">{deck.title}</span>
                  <span className="tile-meta">
                    {deck.courseName} · {deck.cards} {deck.cards === 1 ? "card" : "cards"}
                    {signedIn ? ` · ${deck.due} due · ${deck.fresh} new` : ""}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "MCAT flash cards", description: "Flash-card decks for every MCAT subject, studied with spaced repetition.", path: "/mcat-flash-cards" });
