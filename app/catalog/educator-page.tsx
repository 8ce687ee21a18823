import { Badge, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { Form, Link, useSearchParams } from "@remix-run/react";
import { onlineCoursePath } from "~/catalog/course-tiles";
import { CsrfInput } from "~/components/csrf-input";
import type { Currency } from "~/db/schema";
import { formatPrice } from "~/formatting/price";
import { ReviewSection, type ReviewSectionData } from "~/reviews/review-section";
import { UpcomingSessionList } from "~/study-sessions/upcoming-session-list";
import { OpenTimes, shownTimeZone } from "~/tutoring/open-times";

interface EducatorPageData {
  educator: { id: number; first_name: string; last_name: string; bio: string | null };
  tutorProfile: { headline: string; hourly_rate_cents: number; currency: Currency; accepting_students: boolean; sessions_taught: number; time_zone: string } | null;
  /** A tutor's next open times (instants), for the viewer to read in their own time zone. */
  openSlots: { start: string; end: string }[];
  tutoredCourses: { id: number; code: string; name: string; slug: string }[];
  onlineCourses: { id: number; name: string; course_code: string; price_cents: number; currency: Currency }[];
  sessions: React.ComponentProps<typeof UpcomingSessionList>["sessions"];
  /** Null for an educator students do not review (a teacher named on a course). */
  reviews: ReviewSectionData | null;
  viewerActions: { signedIn: boolean; self: boolean; contractId: number | null };
}

/** /instructors/{id} and /tutors/{id}: the educator's public profile. */
/**
 * `messageForm`: the route's action opens a chat with the educator (`intent=message`), so the
 * page offers "Message"; guests are offered to sign in first.
 */
export function EducatorPage({ data, back, messageForm = false }: { data: EducatorPageData; back: { href: string; label: string }; messageForm?: boolean }) {
  const { educator, tutorProfile, tutoredCourses, onlineCourses, sessions, reviews, openSlots, viewerActions } = data;
  const [searchParams] = useSearchParams();
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        <Link to={back.href}>{back.label}</Link>
      </Text>
      <Heading as="h1" size="8" mb="2">
        {educator.first_name} {educator.last_name}
      </Heading>
      {tutorProfile ? (
        <Flex gap="3" align="center" mb="3" wrap="wrap">
          <Text weight="medium">{tutorProfile.headline}</Text>
          <Badge>{formatPrice(tutorProfile.hourly_rate_cents, tutorProfile.currency)} / hour</Badge>
          <Badge color={tutorProfile.accepting_students ? "green" : "gray"}>{tutorProfile.accepting_students ? "Accepting students" : "Not accepting students"}</Badge>
          <Text size="2" color="gray">
            {tutorProfile.sessions_taught} sessions taught
          </Text>
        </Flex>
      ) : null}
      {educator.bio ? (
        <Text as="p" mb="5">
          {educator.bio}
        </Text>
      ) : null}
      {onlineCourses.length > 0 ? (
        <>
          <Heading as="h2" size="5" mb="3">
            Online courses
          </Heading>
          <Flex direction="column" gap="3" mb="5">
            {onlineCourses.map((course) => (
              <Card key={course.id}>
                <Text as="p" weight="bold">
                  <Link to={onlineCoursePath(course.id)}>{course.name}</Link>
                </Text>
                <Text as="p" size="2" color="gray">
                  {course.course_code} · {formatPrice(course.price_cents, course.currency)}
                </Text>
              </Card>
            ))}
          </Flex>
        </>
      ) : null}
      {tutoredCourses.length > 0 ? (
        <>
          <Heading as="h2" size="5" mb="3">
            Tutors these courses
          </Heading>
          <ul>
            {tutoredCourses.map((course) => (
              <li key={course.id}>
                <Link to={`/courses/${course.slug}`}>
                  {course.code}: {course.name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {tutorProfile ? (
        <section aria-labelledby="open-times-heading">
          <h2 className="section-heading" id="open-times-heading" style={{ marginTop: "var(--space-5)" }}>
            Next open times
          </h2>
          <OpenTimes slots={openSlots} tutorTimeZone={tutorProfile.time_zone} {...shownTimeZone(searchParams, tutorProfile.time_zone)} />
          {viewerActions.self ? null : (
            <div className="educator-actions">
              {viewerActions.contractId !== null ? (
                <Link to={`/my-tutoring/contracts/${viewerActions.contractId}`} className="button">
                  Book a session
                </Link>
              ) : null}
              {tutorProfile.accepting_students && tutoredCourses.length > 0 ? (
                <Link to={`/tutoring?tutor=${educator.id}#request-heading`} className={viewerActions.contractId !== null ? "button button--soft" : "button"}>
                  Ask {educator.first_name} for tutoring
                </Link>
              ) : null}
              {messageForm ? (
                viewerActions.signedIn ? (
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="message" />
                    <button type="submit" className="button button--outline">
                      Message {educator.first_name}
                    </button>
                  </Form>
                ) : (
                  <Link to={`/users/sign_in?redirect_to=${encodeURIComponent(`/tutors/${educator.id}`)}`} className="button button--outline">
                    Sign in to message {educator.first_name}
                  </Link>
                )
              ) : null}
            </div>
          )}
        </section>
      ) : null}
      <Heading as="h2" size="5" mb="3" mt="5">
        Upcoming live sessions
      </Heading>
      {sessions.length === 0 ? <Text as="p">No live session scheduled right now.</Text> : <UpcomingSessionList sessions={sessions} />}
      {reviews ? <ReviewSection educatorId={educator.id} data={reviews} /> : null}
    </Container>
  );
}
