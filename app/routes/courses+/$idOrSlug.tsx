import { requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { Badge, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { findCourseDetail } from "~/catalog/courses.server";
import { classRepAnnouncements } from "~/programs/class-reps/class-reps.server";
import { pagePolls } from "~/community/page-polls.server";
import { PollsSection } from "~/community/polls-section";
import { formatPrice } from "~/formatting/price";
import { ApprovedNotesSection } from "~/notes/approved-notes-section";
import { approvedNotesOfCourse } from "~/notes/notes-packages.server";
import { UpcomingSessionList } from "~/study-sessions/upcoming-session-list";
import { metaFor } from "~/seo/page-meta";
import { hasCourseBooklets } from "~/online-courses/student-booklets.server";
import { requestNow } from "~/utils/clock.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/courses+/$idOrSlug");
  const detail = await findCourseDetail(params.idOrSlug ?? "");
  if (!detail) throw new Response("Course not found", { status: 404 });
  const [polls, repAnnouncements, notes, booklets] = await Promise.all([
    pagePolls(session, { courseId: detail.course.id }, `/courses/${detail.course.slug}`),
    classRepAnnouncements(detail.course.id),
    approvedNotesOfCourse(detail.course.id, viewerFor(session)),
    session ? hasCourseBooklets({ ...viewerFor(session), id: session.user.id }, detail.course.id, requestNow(request)) : false,
  ]);
  return { ...detail, polls, repAnnouncements, notes, booklets, signedIn: session !== null };
}

export default function CoursePage() {
  const { course, onlineCourses, studySessions, polls, repAnnouncements, notes, booklets, signedIn } = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        {course.code} · {course.school_name}, {course.school_city}
      </Text>
      <Heading as="h1" size="8" mb="3">
        {course.name}
      </Heading>
      <Flex gap="2" mb="4">
        <Badge>{course.subject}</Badge>
        {course.grade_level ? <Badge color="gray">{course.grade_level}</Badge> : null}
      </Flex>
      <Text as="p" mb="3">
        {course.description}
      </Text>
      <Text as="p" mb="6">
        <Link to={`/courses/${course.slug}/forum`}>{course.code} forum</Link>: questions and answers from students and educators.
      </Text>
      {booklets ? (
        <Text as="p" mb="6">
          <Link to={`/courses/${course.slug}/booklet`}>Your {course.code} booklets</Link>: print-ready booklets of your online courses and live sessions.
        </Text>
      ) : null}

      {repAnnouncements.length > 0 ? (
        <section aria-labelledby="rep-announcements" className="stack" style={{ marginBottom: "var(--space-6)" }}>
          <Heading as="h2" size="5" id="rep-announcements">
            From your class rep
          </Heading>
          {repAnnouncements.map((announcement) => (
            <Card key={announcement.id}>
              <Text as="p" weight="bold">
                {announcement.title}
              </Text>
              <Text as="p" style={{ whiteSpace: "pre-line" }}>
                {announcement.body}
              </Text>
              <Text as="p" size="2" color="gray">
                {announcement.first_name}, class rep
              </Text>
            </Card>
          ))}
        </section>
      ) : null}

      <Heading as="h2" size="5" mb="3">
        Online courses
      </Heading>
      {onlineCourses.length === 0 ? (
        <Text as="p" color="gray" mb="6">No online course for this course yet.</Text>
      ) : (
        <Flex direction="column" gap="3" mb="6">
          {onlineCourses.map((oc) => (
            <Card key={oc.id}>
              <Text as="p" weight="bold">
                <Link to={`/online-courses/${oc.slug}`}>{oc.name}</Link>
              </Text>
              <Text as="p" size="2" color="gray">
                {oc.status === "preparing" ? "Pre-registration open · " : ""}
                {formatPrice(oc.price_cents, oc.currency)}
              </Text>
            </Card>
          ))}
        </Flex>
      )}

      <Heading as="h2" size="5" mb="3">
        Upcoming live sessions
      </Heading>
      {studySessions.length === 0 ? (
        <Text as="p" color="gray">No live session scheduled yet.</Text>
      ) : (
        <UpcomingSessionList sessions={studySessions} />
      )}
      <ApprovedNotesSection {...notes} courseCode={course.code} signedIn={signedIn} />
      <PollsSection {...polls} />
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? metaFor(matches, {
        title: `${data.course.code} ${data.course.name}`,
        // Where it fits: the school tells apart courses of the same code elsewhere.
        fullTitle: `${data.course.code} ${data.course.name} at ${data.course.school_name}`,
        description: data.course.description.slice(0, 160),
        // One address per course, whether it was reached by id or by slug.
        path: `/courses/${data.course.slug}`,
      })
    : [{ title: "Course not found — Marketplace" }];
