import { Container, Heading, Text } from "@radix-ui/themes";
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { notFound } from "~/errors/not-found.server";
import { ensureMeeting } from "~/meetings/meetings.server";
import { hasAccess } from "~/study-sessions/access";
import { findEnrolment } from "~/study-sessions/enrolments.server";
import { LocalTime } from "~/study-sessions/local-time";
import { findStudySession } from "~/study-sessions/sessions.server";
import { dateTiming, liveWindow } from "~/study-sessions/timing";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/study-sessions+/$id.join";

/**
 * /study-sessions/{id}/join: the enrolled student's way into the live meeting. Inside a date's
 * live window (timing.ts) it sends them to that date's meeting, made now if the date has none;
 * otherwise 403 with when it opens (or that it has ended, or is held elsewhere). A session the
 * viewer has no access to is 404, as if it had no join link at all.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const id = parseRecordId(params.id);
  const studySession = id === null ? undefined : await findStudySession(id);
  if (!studySession || !session) throw notFound("There is no such live session.");
  const enrolment = await findEnrolment(studySession.id, session.user.id);
  const now = new Date();
  if (!hasAccess(enrolment ?? null, studySession, now)) throw notFound("There is no such live session.");
  const closed = (reason: "held-elsewhere" | "not-yet" | "ended", opens: string | null = null) =>
    data({ sessionId: studySession.id, title: studySession.title, reason, opens }, { status: 403, headers: { "Cache-Control": "private, no-store" } });
  if (studySession.disable_zoom) return closed("held-elsewhere");
  const live = studySession.dates.find((date) => dateTiming(date, false, now) === "live");
  if (!live) {
    const next = studySession.dates.find((date) => dateTiming(date, false, now) === "upcoming");
    return next ? closed("not-yet", liveWindow(next, false).opens.toISOString()) : closed("ended");
  }
  const meeting = await ensureMeeting(live, studySession);
  throw redirect(meeting.joinUrl, { headers: { "Cache-Control": "private, no-store" } });
}

export default function JoinClosedPage() {
  const { sessionId, title, reason, opens } = useLoaderData<typeof loader>();
  return (
    <Container size="2" px="4" py="6">
      <Heading as="h1" size="7" mb="3">
        {title}
      </Heading>
      {reason === "not-yet" && opens ? (
        <Text as="p">
          The meeting is not open yet. The Join link opens an hour before the start, at <LocalTime value={opens} />.
        </Text>
      ) : reason === "held-elsewhere" ? (
        <Text as="p">This session has no online meeting: it takes place in person or elsewhere, as its page describes.</Text>
      ) : (
        <Text as="p">This session has ended; its meeting is closed. The recording, when there is one, is on the session's page.</Text>
      )}
      <Text as="p" mt="3">
        <Link to={`/study-sessions/${sessionId}`}>Back to the session</Link>
      </Text>
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "Join a live session" }, { name: "robots", content: "noindex" }];
