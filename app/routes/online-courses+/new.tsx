import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { isInstructor } from "~/accounts/roles";
import { viewerOf } from "~/accounts/session.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors } from "~/components/form-field";
import { db } from "~/db/db.server";
import { CourseIdentityFields } from "~/online-courses/course-identity-fields";
import { newCourseSchema } from "~/online-courses/editor-forms";
import { createCourse } from "~/online-courses/editor.server";
import { EDITOR_SAVED_MESSAGES } from "~/online-courses/editor-rules";
import { redirectWithToast } from "~/toasts/toast.server";

const ROUTE = "routes/online-courses+/new";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return null;
}

/** POST /online-courses/new: creates a hidden course (taught by its creator when they teach) and opens its editor. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: newCourseSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const viewer = viewerOf(session.user);
  const course = await createCourse(db(), submission.value, isInstructor(viewer) ? session.user.id : null);
  return redirectWithToast(`/online-courses/${course.id}/manager/editor`, { type: "success", message: EDITOR_SAVED_MESSAGES.created! });
}

export default function NewOnlineCoursePage() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: answer?.result,
    constraint: getZodConstraint(newCourseSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newCourseSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { course_type: "exam_prep" },
  });
  return (
    <Container size="2" px="4" py="6">
      <Card size="3">
        <Form method="post" {...getFormProps(form)}>
          <Flex direction="column" gap="3">
            <Heading as="h1" size="6">
              New online course
            </Heading>
            <Text as="p" color="gray" size="2">
              The course starts hidden: add its chapters, then move it to preparing and published when it is ready.
            </Text>
            <CsrfInput />
            <FormErrors errors={form.errors} />
            <CourseIdentityFields fields={fields} codeHint="For example MATH 137" />
            <Flex>
              <Button type="submit" disabled={navigation.state === "submitting"}>
                Create course
              </Button>
            </Flex>
          </Flex>
        </Form>
      </Card>
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "New online course — Marketplace" }, { name: "robots", content: "noindex" }];
