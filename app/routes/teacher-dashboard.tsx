import { parseWithZod } from "@conform-to/zod/v4";
import { Container, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { requireSession } from "~/accounts/session.server";
import { createClass } from "~/classes/classes.server";
import { teacherHomeSchema } from "~/classes/forms";
import { termLabel, upcomingTerms } from "~/classes/terms";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, SelectField } from "~/components/form-field";
import { DashboardSection } from "~/dashboards/dashboard-parts";
import { loadTeacherDashboard } from "~/dashboards/dashboards.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/teacher-dashboard";

/** The teacher's home: the classes they teach, each with its code and students, and a form to add one. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const { user } = await requireSession(request);
  return { firstName: user.first_name || user.display_name || "there", terms: upcomingTerms(requestNow(request)), ...(await loadTeacherDashboard(user.id)) };
}

/** POST intent=add-class: a class of a catalogue course in a term; the teacher lands on its students page to invite them. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: teacherHomeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { course_id, term_of_year } = submission.value;
  const classId = await createClass({ teacherId: session!.user.id, courseId: course_id, ...term_of_year });
  if (classId === undefined) return data({ result: submission.reply({ fieldErrors: { course_id: ["Choose a course from the list"] } }) }, { status: 400 });
  throw await redirectWithToast(
    `/teacher-dashboard/courses/${classId}/students`,
    { type: "success", message: "Your class is ready. Give your students its code, or invite them by email." },
    { status: 303 }
  );
}

export default function TeacherDashboard() {
  const { firstName, schoolName, schoolCity, classes, courses, terms } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors = answer?.result.error;
  return (
    <Container size="4" px="4" py="6">
      <Heading as="h1" size="7">
        Teacher home
      </Heading>
      <Text as="p" color="gray" mt="1">
        Hi {firstName}
        {schoolName ? ` — ${schoolName}${schoolCity ? `, ${schoolCity}` : ""}` : ""}.
      </Text>
      <DashboardSection title="Your classes" isEmpty={classes.length === 0} empty="You have no classes yet. Add the first one below.">
        <ul className="tutoring-list">
          {classes.map((klass) => (
            <li key={klass.id} className="tutoring-row">
              <strong>
                {klass.course_code} — {termLabel(klass)}
              </strong>
              <span className="muted">
                {klass.course_name} · {klass.student_count} {klass.student_count === 1 ? "student" : "students"} · class code <code>{klass.class_code}</code>
              </span>
              <span className="tutoring-row__actions">
                <Link to={`/teacher-dashboard/courses/${klass.id}/students`} aria-label={`Students of ${klass.course_code} ${termLabel(klass)}`}>
                  Students
                </Link>{" "}
                <Link to={`/teacher-dashboard/courses/${klass.id}/grade-book`} aria-label={`Grade book of ${klass.course_code} ${termLabel(klass)}`}>
                  Grade book
                </Link>{" "}
                <Link to={`/teacher-dashboard/courses/${klass.id}/planner`} aria-label={`Planner of ${klass.course_code} ${termLabel(klass)}`}>
                  Planner
                </Link>
              </span>
            </li>
          ))}
        </ul>
      </DashboardSection>
      <section aria-labelledby="add-class-heading" style={{ marginTop: "var(--space-6)" }}>
        <h2 className="section-heading" id="add-class-heading">
          Add a class
        </h2>
        <Form method="post" className="tutoring-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="add-class" />
          <FormErrors errors={errors?.[""] ?? undefined} />
          <SelectField style={{ width: "100%" }} label="Course" id="class-course" name="course_id" required errors={errors?.course_id ?? undefined} defaultValue="">
            <option value="" disabled>
              Choose a course
            </option>
            {courses.map((course) => (
              <option key={course.id} value={course.id}>
                {course.code} — {course.name}
              </option>
            ))}
          </SelectField>
          <SelectField style={{ width: "100%" }} label="Term" id="class-term" name="term_of_year" required errors={errors?.term_of_year ?? undefined}>
            {terms.map((term) => (
              <option key={`${term.term}-${term.year}`} value={`${term.term}:${term.year}`}>
                {termLabel(term)}
              </option>
            ))}
          </SelectField>
          <div>
            <button type="submit" className="button">
              Add class
            </button>
          </div>
        </Form>
      </section>
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "Teacher home — Marketplace" }];
