import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { CsrfInput } from "~/components/csrf-input";
import { db } from "~/db/db.server";
import { orNotFound } from "~/errors/not-found.server";
import {
  BOOKLET_FAILED_TEXT,
  BOOKLET_GENERATING_TEXT,
  BOOKLET_GENERATING_TITLE,
  BOOKLET_OUTDATED_TEXT,
  BOOKLET_POLL_MS,
  BOOKLET_READY_TITLE,
  BOOKLET_SLOW_TEXT,
  GENERATE_REFUSED_MESSAGE,
  generateBookletSchema,
  type StudentBookletState,
} from "~/online-courses/student-booklets";
import { courseBookletsFor, requestStudentBooklet } from "~/online-courses/student-booklets.server";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/courses+/$idOrSlug_.booklet";

/**
 * /courses/{idOrSlug}/booklet: the viewer's booklets for one course: each online course of it they
 * may study in full (its students' booklet, made on request; SPEC §2's banner while it is made)
 * and the booklets of its live sessions they are enrolled in. Unknown course: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const viewer = { ...viewerFor(session), id: session.user.id };
  return orNotFound(courseBookletsFor(viewer, params.idOrSlug ?? "", requestNow(request)), "There is no such course.");
}

/** POST "Generate booklet": makes (or joins the making of) the students' booklet of one of the page's online courses. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = (await requireMutationAccess(request, ROUTE))!;
  const viewer = { ...viewerFor(session), id: session.user.id };
  const now = requestNow(request);
  const page = await orNotFound(courseBookletsFor(viewer, params.idOrSlug ?? "", now), "There is no such course.");
  const submission = parseWithZod(await request.formData(), { schema: generateBookletSchema });
  if (submission.status !== "success") return data({ message: GENERATE_REFUSED_MESSAGE }, { status: 400 });
  // Only a course listed for this viewer: one they may not have looks like one that is not there.
  const listed = page.onlineCourses.find((course) => course.id === submission.value.online_course_id);
  if (!listed) return data({ message: GENERATE_REFUSED_MESSAGE }, { status: 404 });
  const outcome = await requestStudentBooklet(db(), listed.id, viewer.id, now);
  const message = outcome.kind === "ready" ? `The booklet of ${listed.name} is ready.` : `The booklet of ${listed.name} is being generated.`;
  throw await redirectWithToast(`/courses/${page.course.slug}/booklet`, { type: "success", message }, { status: 303 });
}

export default function CourseBookletPage() {
  const { course, onlineCourses, sessions, offers } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const generating = onlineCourses.some((item) => item.state.kind === "generating");
  const revalidator = useRevalidator();
  // With JavaScript the page follows the booklets being made; without it, "Check again" reloads it.
  useEffect(() => {
    if (!generating) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, BOOKLET_POLL_MS);
    return () => clearInterval(timer);
  }, [generating, revalidator]);
  const empty = onlineCourses.length === 0 && sessions.length === 0;
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        <Link to={`/courses/${course.slug}`}>
          {course.code} {course.name}
        </Link>
      </Text>
      <Heading as="h1" size="8" mb="2">
        Booklets for {course.code}
      </Heading>
      <Text as="p" mb="5">
        Print-ready booklets of the online courses and live sessions of {course.code} you have.
      </Text>
      {answer?.message ? (
        <Callout.Root color="red" role="alert" mb="4">
          <Callout.Text>{answer.message}</Callout.Text>
        </Callout.Root>
      ) : null}

      {empty ? (
        <section aria-labelledby="no-booklets" className="stack">
          <Heading as="h2" size="5" id="no-booklets">
            No booklets for you yet
          </Heading>
          <Text as="p">Booklets come with the full content of an online course, or with a seat in a live session of {course.code}.</Text>
          {offers.onlineCourses.length > 0 ? (
            <>
              <Text as="p">Online courses for {course.code}:</Text>
              <ul>
                {offers.onlineCourses.map((offer) => (
                  <li key={offer.slug}>
                    <Link to={`/online-courses/${offer.slug}#packages`}>See the packages of {offer.name}</Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {offers.sessions.length > 0 ? (
            <>
              <Text as="p">Upcoming live sessions:</Text>
              <ul>
                {offers.sessions.map((offer) => (
                  <li key={offer.id}>
                    <Link to={`/study-sessions/${offer.id}`}>Join {offer.title}</Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {offers.onlineCourses.length === 0 && offers.sessions.length === 0 ? (
            <Text as="p">
              Nothing is on offer for {course.code} yet. <Link to="/courses">Browse other courses</Link>.
            </Text>
          ) : null}
        </section>
      ) : null}

      {onlineCourses.length > 0 ? (
        <section aria-labelledby="online-course-booklets" style={{ marginBottom: "var(--space-6)" }}>
          <Heading as="h2" size="5" mb="3" id="online-course-booklets">
            Online courses
          </Heading>
          <Flex direction="column" gap="3">
            {onlineCourses.map((item) => (
              <Card key={item.id} asChild>
                <article aria-labelledby={`booklet-${item.id}`}>
                  <Heading as="h3" size="4" mb="2" id={`booklet-${item.id}`}>
                    {item.name}
                  </Heading>
                  <BookletState onlineCourseId={item.id} courseName={item.name} state={item.state} downloadPath={item.downloadPath} checkAgain={`/courses/${course.slug}/booklet`} />
                </article>
              </Card>
            ))}
          </Flex>
        </section>
      ) : null}

      {sessions.length > 0 ? (
        <section aria-labelledby="session-booklets">
          <Heading as="h2" size="5" mb="3" id="session-booklets">
            Live sessions
          </Heading>
          <Flex direction="column" gap="3">
            {sessions.map((session) => (
              <Card key={session.sessionId} asChild>
                <article aria-labelledby={`session-booklets-${session.sessionId}`}>
                  <Heading as="h3" size="4" mb="2" id={`session-booklets-${session.sessionId}`}>
                    <Link to={`/study-sessions/${session.sessionId}`}>{session.title}</Link>
                  </Heading>
                  <ul>
                    {session.booklets.map((booklet) => (
                      <li key={booklet.id}>
                        <a href={booklet.href}>{booklet.name}</a>
                      </li>
                    ))}
                  </ul>
                </article>
              </Card>
            ))}
          </Flex>
        </section>
      ) : null}
    </Container>
  );
}

function BookletState({
  onlineCourseId,
  courseName,
  state,
  downloadPath,
  checkAgain,
}: {
  onlineCourseId: number;
  courseName: string;
  state: StudentBookletState;
  downloadPath: string | null;
  checkAgain: string;
}) {
  const busy = useNavigation().state === "submitting";
  if (state.kind === "generating" || (state.kind === "ready" && downloadPath)) {
    return (
      // One live region whatever the state, so the change to "Booklet ready!" is read out.
      <div role="status" aria-live="polite">
        {state.kind === "generating" ? (
          <Callout.Root color="blue">
            <Callout.Text>
              <strong>{BOOKLET_GENERATING_TITLE}</strong> - {BOOKLET_GENERATING_TEXT}
              {state.slow ? ` ${BOOKLET_SLOW_TEXT}` : null}{" "}
              <a href={checkAgain} aria-label={`Check again whether the booklet of ${courseName} is ready`}>
                Check again
              </a>
            </Callout.Text>
          </Callout.Root>
        ) : (
          <Callout.Root color="green">
            <Flex align="center" gap="3" wrap="wrap" asChild>
              <Callout.Text>
                <strong>{BOOKLET_READY_TITLE}</strong>
                <Button asChild>
                  <a href={downloadPath!} aria-label={`Open Booklet of ${courseName}`}>
                    Open Booklet
                  </a>
                </Button>
              </Callout.Text>
            </Flex>
          </Callout.Root>
        )}
      </div>
    );
  }
  return (
    <Flex direction="column" gap="2" align="start">
      {state.kind === "failed" ? <Text as="p">{BOOKLET_FAILED_TEXT}</Text> : null}
      {state.kind === "outdated" ? <Text as="p">{BOOKLET_OUTDATED_TEXT}</Text> : null}
      {state.kind === "missing" ? <Text as="p">Its booklet has not been made yet: it takes a moment.</Text> : null}
      <Form method="post" aria-label={`Generate the booklet of ${courseName}`}>
        <CsrfInput />
        <input type="hidden" name="online_course_id" value={onlineCourseId} />
        <Button type="submit" disabled={busy}>
          Generate booklet
        </Button>
      </Form>
    </Flex>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? metaFor(matches, {
        title: `Booklets for ${data.course.code}`,
        description: `Booklets of the online courses and live sessions of ${data.course.code} ${data.course.name}.`,
        path: `/courses/${data.course.slug}/booklet`,
        noindex: true,
      })
    : [{ title: "Course not found — Marketplace" }];
