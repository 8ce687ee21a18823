import { Box, Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { lockExplanation, practiceAccess } from "~/online-courses/access";
import { chapterHeading, inCourseBase, listedInPracticeMode } from "~/online-courses/curriculum";
import { loadCourseForViewer } from "~/online-courses/in-course.server";
import { ActivityLink, LockedNotice } from "~/online-courses/in-course-views";

const ROUTE = "routes/online-courses+/$id.practice-mode";

/** /online-courses/{id}/practice-mode: every practice item of the course, chapter by chapter. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const loaded = await loadCourseForViewer(viewerFor(session), params.id ?? "");
  if (!loaded) throw new Response("Course not found", { status: 404 });
  const { course, tree, access } = loaded;
  const decision = practiceAccess(access);
  return {
    course: { id: course.id, name: course.name, course_code: course.course_code },
    base: inCourseBase(course.slug),
    lock: decision.allowed ? null : lockExplanation(decision.reason, course.id),
    chapters: tree.chapters
      .map((chapter) => ({
        id: chapter.id,
        title: chapterHeading(chapter),
        activities: chapter.sections.flatMap((section) => section.activities.filter((activity) => listedInPracticeMode(activity.type, section.part))),
      }))
      .filter((chapter) => chapter.activities.length > 0),
  };
}

export default function PracticeMode() {
  const { course, base, lock, chapters } = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        <Link to={`/online-courses/${course.id}`}>{course.course_code}</Link>
      </Text>
      <Heading as="h1" size="7" mb="2">
        Practice mode: {course.name}
      </Heading>
      <Text as="p" color="gray" mb="4">
        Quizzes, flash cards and practice sets from every chapter, to drill before an exam.
      </Text>
      {lock ? (
        <Box mb="4">
          <LockedNotice lock={lock} />
        </Box>
      ) : null}
      {chapters.map((chapter) => (
        <Box asChild key={chapter.id} mb="4">
          <section aria-label={chapter.title}>
            <Heading as="h2" size="4" mb="1">
              {chapter.title}
            </Heading>
            <ul style={{ paddingLeft: "1rem", margin: 0 }}>
              {chapter.activities.map((activity) => (
                <li key={activity.id}>
                  <ActivityLink activity={activity} base={base} />
                </li>
              ))}
            </ul>
          </section>
        </Box>
      ))}
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: `Practice mode: ${data.course.name} — Marketplace` }, { name: "robots", content: "noindex" }] : [{ title: "Course not found — Marketplace" }];
