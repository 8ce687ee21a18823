import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { metaFor } from "~/seo/page-meta";
import { useRootData } from "~/shell/root-data";
import { ActiveBoard } from "~/study-rooms/active-board";
import { DEMO_BOARD_ELEMENTS } from "~/study-rooms/demo-board";

const DEMO_BOARD = {
  id: 0,
  name: "A sample board: the derivative of x squared times sine x, worked with the product rule",
  background: "#ffffff",
  zoom: 1,
  elements: [...DEMO_BOARD_ELEMENTS],
};
const NO_NAMES = {};

/** /study-rooms/demo (SPEC §2): what a study room looks like, open to anyone, nothing to set up. */
export default function DemoStudyRoomPage() {
  const signedIn = Boolean(useRootData()?.currentUser);
  return (
    <div className="study-room page">
      <header className="study-room__bar">
        <Link to={signedIn ? "/study-rooms" : "/"}>{signedIn ? "All study rooms" : "Home"}</Link>
        <h1 className="page-heading study-room__title">Demo study room</h1>
      </header>
      <p>
        In a study room you and the people you invite see and hear each other and work on shared whiteboards. Tutoring sessions take place in one. This demo shows a tutor&apos;s board: draw on it to
        try (what you draw here stays on your screen). In your own room everyone draws on it together.
      </p>
      <div className="study-room__layout">
        <section aria-labelledby="boards-heading" className="study-room__boards" data-tour="study-room-whiteboard">
          <h2 className="section-heading" id="boards-heading">
            Whiteboard
          </h2>
          <ActiveBoard slug={null} board={DEMO_BOARD} names={NO_NAMES} viewerId={null} caption="Board 1 (everyone in the room sees the same board)" />
        </section>
        <aside className="study-room__side">
          <section aria-labelledby="people-heading" data-tour="study-room-participants">
            <h2 className="section-heading" id="people-heading">
              People
            </h2>
            <ul className="tutoring-list">
              <li className="tutoring-row">
                <strong>You</strong>
                <span className="muted">In the room</span>
              </li>
              <li className="tutoring-row">
                <strong>Your tutor</strong>
                <span className="muted">In the room · tutor</span>
              </li>
            </ul>
          </section>
          <section aria-labelledby="start-heading" data-tour="study-room-invite" style={{ marginTop: "var(--space-5)" }}>
            <h2 className="section-heading" id="start-heading">
              Your own room
            </h2>
            {signedIn ? (
              <p>
                <Link className="button" to="/study-rooms">
                  Create a study room
                </Link>
              </p>
            ) : (
              <p>
                <Link className="button" to="/sign-up">
                  Sign up to create one
                </Link>{" "}
                or <Link to="/users/sign_in">log in</Link>.
              </p>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Demo study room",
    description: "Try a study room: video and shared whiteboards for studying with classmates and tutors.",
    path: "/study-rooms/demo",
  });
