import { Badge, Callout, Container, Flex, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, NavLink, Outlet, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { db } from "~/db/db.server";
import { latestBooklet, requestBooklet } from "~/online-courses/booklets.server";
import { bookletSchema, courseDetailsSchema, statusSchema } from "~/online-courses/editor-forms";
import { changeStatus, EditorError, updateCourseDetails } from "~/online-courses/editor.server";
import { MANAGER_SAVED_MESSAGES, STATUS_LABELS, statusChangedMessage } from "~/online-courses/editor-rules";
import { requireManagedCourse } from "~/online-courses/course-access.server";
import { redirectWithToast } from "~/toasts/toast.server";

/**
 * /online-courses/{id}/manager: the layout around the course manager (details, packages, status,
 * booklet) and its curriculum editor, with the booklet banner (SPEC §2: generating → ready).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { course } = await requireManagedCourse(request, "routes/online-courses+/$id_.manager", params.id);
  const booklet = await latestBooklet(db(), course.id);
  return {
    course: { id: course.id, name: course.name, course_code: course.course_code, status: course.status },
    booklet: booklet ? { id: booklet.id, status: booklet.status, downloadPath: booklet.downloadPath } : null,
  };
}

/** POST /online-courses/{id}/manager: course details and packages, the status, or "Generate booklet", by `intent`. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { session, course } = await requireManagedCourse(request, "routes/online-courses+/$id_.manager", params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = (message: string) => redirectWithToast(`/online-courses/${course.id}/manager`, { type: "success", message });
  try {
    if (intent === "details") {
      const submission = parseWithZod(formData, { schema: courseDetailsSchema });
      if (submission.status !== "success") return data({ form: "details" as const, result: submission.reply() }, { status: 400 });
      try {
        await updateCourseDetails(db(), course.id, submission.value);
      } catch (error) {
        if (error instanceof EditorError) return data({ form: "details" as const, result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
        throw error;
      }
      return await back(MANAGER_SAVED_MESSAGES.details);
    }
    if (intent === "status") {
      const submission = parseWithZod(formData, { schema: statusSchema });
      if (submission.status !== "success") return data({ form: "status" as const, message: "Choose the status to move the course to." }, { status: 400 });
      const { preRegistrantsNotified } = await changeStatus(db(), course.id, submission.value.status);
      return await back(statusChangedMessage(preRegistrantsNotified));
    }
    if (intent === "booklet") {
      parseWithZod(formData, { schema: bookletSchema });
      await requestBooklet(db(), course.id, session.user.id);
      return await back(MANAGER_SAVED_MESSAGES.booklet);
    }
  } catch (error) {
    if (error instanceof EditorError) return data({ form: String(intent) as "status", message: error.message }, { status: error.status });
    throw error;
  }
  return data({ form: "unknown" as const, message: "That form is not one this page knows." }, { status: 400 });
}

export type ManagerOutletContext = { answer: ReturnType<typeof useActionData<typeof action>> };

const BOOKLET_POLL_MS = 2000;

export default function CourseManagerLayout() {
  const { course, booklet } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const base = `/online-courses/${course.id}/manager`;
  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="4">
        <header>
          <Flex align="center" gap="3" wrap="wrap">
            <Heading as="h1" size="7">
              {course.name}
            </Heading>
            <Badge size="2" highContrast color={course.status === "published" ? "green" : course.status === "closed" ? "gray" : "amber"}>
              {STATUS_LABELS[course.status]}
            </Badge>
          </Flex>
          <Text as="p" color="gray" mt="1">
            {course.course_code}
          </Text>
        </header>
        <nav aria-label="Course manager">
          <Flex gap="4" wrap="wrap" asChild>
            <ul className="manager-tabs">
              <li>
                <NavLink to={base} end>
                  Details and packages
                </NavLink>
              </li>
              <li>
                <NavLink to={`${base}/editor`}>Curriculum</NavLink>
              </li>
              <li>
                <Link to={`/online-courses/${course.id}/print`}>Print view</Link>
              </li>
            </ul>
          </Flex>
        </nav>
        {booklet ? <BookletBanner booklet={booklet} /> : null}
        <Outlet context={{ answer } satisfies ManagerOutletContext} />
      </Flex>
    </Container>
  );
}

function BookletBanner({ booklet }: { booklet: { id: number; status: "generating" | "ready" | "failed"; downloadPath: string | null } }) {
  const revalidator = useRevalidator();
  const generating = booklet.status === "generating";
  const [following, setFollowing] = useState(false);
  // With JavaScript the banner follows the job; without it, reloading the page shows the state.
  useEffect(() => {
    if (!generating) return;
    setFollowing(true);
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, BOOKLET_POLL_MS);
    return () => clearInterval(timer);
  }, [generating, revalidator]);
  if (generating) {
    return (
      <Callout.Root color="blue" role="status" aria-live="polite">
        <Callout.Text>
          <strong>Generating booklet</strong> - This may take a moment.{following ? null : " Reload the page to see when it is ready."}
        </Callout.Text>
      </Callout.Root>
    );
  }
  if (booklet.status === "ready" && booklet.downloadPath) {
    return (
      <Callout.Root color="green" role="status" aria-live="polite">
        <Callout.Text>
          <strong>Booklet ready!</strong>{" "}
          <RadixLink asChild weight="bold">
            <a href={booklet.downloadPath}>Open Booklet</a>
          </RadixLink>
        </Callout.Text>
      </Callout.Root>
    );
  }
  return (
    <Callout.Root color="red" role="status">
      <Callout.Text>The booklet could not be made. Try generating it again.</Callout.Text>
    </Callout.Root>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.course.name ?? "Course"} — Course manager — Marketplace` },
  { name: "robots", content: "noindex" },
];
