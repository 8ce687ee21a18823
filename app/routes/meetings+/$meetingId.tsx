import { Callout, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { notFound } from "~/errors/not-found.server";
import { findMeeting } from "~/meetings/meetings.server";
import { hasAccess } from "~/study-sessions/access";
import { findEnrolment } from "~/study-sessions/enrolments.server";
import { LocalTimeRange } from "~/study-sessions/local-time";
import { findStudySession } from "~/study-sessions/sessions.server";
import { dateTiming } from "~/study-sessions/timing";

const ROUTE = "routes/meetings+/$meetingId";

/**
 * /meetings/{meetingId}: the built-in meeting emulator's room, where a date's join link leads
 * when no Zoom account is configured. It names the session and the date and lets in whoever is
 * enrolled with access (and the instructor); it holds no call, and says so.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const meeting = await findMeeting(params.meetingId ?? "");
  if (!meeting || !session) throw notFound("There is no such meeting.");
  const studySession = await findStudySession(meeting.sessionId);
  if (!studySession) throw notFound("There is no such meeting.");
  const enrolment = await findEnrolment(studySession.id, session.user.id);
  const now = new Date();
  const admitted = studySession.instructor?.id === session.user.id || hasAccess(enrolment ?? null, studySession, now);
  const answer = {
    sessionId: studySession.id,
    title: studySession.title,
    start: meeting.start_time.toISOString(),
    end: meeting.end_time.toISOString(),
    timing: dateTiming(meeting, meeting.disable_zoom, now),
    admitted,
    name: session.user.first_name,
  };
  return data(answer, { status: admitted ? 200 : 403, headers: { "Cache-Control": "private, no-store" } });
}

export default function MeetingPage() {
  const meeting = useLoaderData<typeof loader>();
  return (
    <Container size="2" px="4" py="6">
      <Flex direction="column" gap="4">
        <Text as="p" color="gray">
          Live session meeting
        </Text>
        <Heading as="h1" size="7">
          {meeting.title}
        </Heading>
        <Text as="p">
          <LocalTimeRange start={meeting.start} end={meeting.end} />
        </Text>
        {meeting.admitted ? (
          <Card size="3">
            <Heading as="h2" size="4" mb="2">
              Welcome, {meeting.name}
            </Heading>
            <Text as="p" mb="2">
              {meeting.timing === "live"
                ? "You're in the meeting room for this date. Students registered for the session and its instructor may enter."
                : meeting.timing === "upcoming"
                  ? "The meeting for this date has not opened yet: it opens an hour before the start."
                  : "The meeting for this date has ended."}
            </Text>
          </Card>
        ) : (
          <Callout.Root color="amber" role="alert">
            <Callout.Text>Only students registered for this session (while their access lasts) and its instructor may enter this meeting.</Callout.Text>
          </Callout.Root>
        )}
        <Callout.Root color="gray">
          <Callout.Text>
            This site has no meeting service configured, so this is the built-in stand-in for the meeting: it cannot show video or sound. With a Zoom account
            set up, the Join link opens the Zoom meeting for this date instead, with the instructor's video, screen sharing and chat.
          </Callout.Text>
        </Callout.Root>
        <Link to={`/study-sessions/${meeting.sessionId}`}>Back to the session</Link>
      </Flex>
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "Live session meeting" }, { name: "robots", content: "noindex" }];
