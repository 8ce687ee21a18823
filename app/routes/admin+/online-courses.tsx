import { parseWithZod } from "@conform-to/zod/v4";
import { Container } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { auditedRequest } from "~/accounts/audit.server";
import { forbidden, requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor } from "~/accounts/session.server";
import { AdminHeader } from "~/components/admin-header";
import { CsrfInput } from "~/components/csrf-input";
import { InstructorForms } from "~/components/instructor-forms";
import { allMessages, FormErrors } from "~/components/form-field";
import type { OnlineCourseStatus } from "~/db/schema";
import { findOnlineCourseForStaff, instructorChoices, listOnlineCoursesForAdmin, setOnlineCourseInstructor } from "~/online-courses/admin.server";
import { changeStatus, EditorError } from "~/online-courses/editor.server";
import { nextStatus, STATUS_LABELS, STATUS_ORDER } from "~/online-courses/editor-rules";
import { db } from "~/db/db.server";
import { redirectWithToast } from "~/toasts/toast.server";

const ROUTE = "routes/admin+/online-courses";
const HERE = "/admin/online-courses";

const isStatus = (value: string | null): value is OnlineCourseStatus => value !== null && (STATUS_ORDER as readonly string[]).includes(value);

/** /admin/online-courses: every online course, filtered by status (?status=), with its status moved on and its instructor set. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const status = new URL(request.url).searchParams.get("status");
  const filter = isStatus(status) ? status : null;
  const [courses, instructors] = await Promise.all([listOnlineCoursesForAdmin(filter), instructorChoices()]);
  return {
    status: filter,
    courses: courses.map((course) => {
      const next = nextStatus(course.status);
      return { ...course, statusLabel: STATUS_LABELS[course.status], next: next ? { status: next, label: STATUS_LABELS[next] } : null };
    }),
    instructors,
  };
}

const id = z.coerce.number().int().positive().max(2_147_483_647);
const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), online_course_id: id, status: z.enum(STATUS_ORDER as [OnlineCourseStatus, ...OnlineCourseStatus[]], { error: "Choose a status." }) }),
  z.object({ intent: z.literal("instructor"), online_course_id: id, instructor_id: id }),
  z.object({ intent: z.literal("remove_instructor"), online_course_id: id }),
]);

/** POST: move a course's status one step on (the course manager's rule), or set or remove its instructor. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema });
  const refuse = (status: number, message?: string) => data({ result: message ? submission.reply({ formErrors: [message] }) : submission.reply() }, { status });
  if (submission.status !== "success") return refuse(400, "Choose a course and what to change.");
  const command = submission.value;
  const course = await findOnlineCourseForStaff(command.online_course_id);
  if (!course) return refuse(404, "That course is gone.");
  if (!can(viewerFor(session), "manage_online_course", course)) throw forbidden(request);
  const actor = { actorId: session.user.id, request: auditedRequest(request.method, request.url) };
  if (command.intent === "status") {
    try {
      await changeStatus(db(), course.id, command.status, actor);
    } catch (error) {
      if (error instanceof EditorError) return refuse(error.status, error.message);
      throw error;
    }
    throw await redirectWithToast(HERE, { type: "success", message: `${course.name} is now ${STATUS_LABELS[command.status].toLowerCase()}.` }, { status: 303 });
  }
  const outcome = await setOnlineCourseInstructor(course.id, command.intent === "instructor" ? command.instructor_id : null, actor);
  if (outcome === "not-an-instructor") return refuse(400, "Only an active user with an instructor role can teach a course.");
  if (outcome === "not-found") return refuse(404, "That course is gone.");
  throw await redirectWithToast(HERE, { type: "success", message: command.intent === "instructor" ? `Instructor of ${course.name} set.` : `${course.name} has no instructor now.` }, { status: 303 });
}

export default function AdminOnlineCoursesPage() {
  const { status, courses, instructors } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = allMessages(answer?.result);
  return (
    <Container size="4" px="4" py="6">
      <AdminHeader>
        Online courses
      </AdminHeader>
      <FormErrors errors={errors} />
      <Form method="get" className="inline-form" aria-label="Filter online courses">
        <label htmlFor="status-filter">Status</label>
        <select id="status-filter" name="status" className="native-input" defaultValue={status ?? ""}>
          <option value="">Any status</option>
          {STATUS_ORDER.map((option) => (
            <option key={option} value={option}>
              {STATUS_LABELS[option]}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--soft">
          Filter
        </button>
      </Form>
      <p role="status">
        {courses.length} {courses.length === 1 ? "course" : "courses"}
      </p>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Course</th>
            <th scope="col">Status</th>
            <th scope="col">Instructor</th>
            <th scope="col">Enrolments</th>
          </tr>
        </thead>
        <tbody>
          {courses.map((course) => (
            <tr key={course.id}>
              <th scope="row">
                <Link to={`/online-courses/${course.id}/manager`}>{course.name}</Link> <span className="muted">{course.course_code}</span>
              </th>
              <td>
                {course.statusLabel}
                {course.next ? (
                  <Form method="post" className="inline-form">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="status" />
                    <input type="hidden" name="online_course_id" value={course.id} />
                    <input type="hidden" name="status" value={course.next.status} />
                    <button type="submit" className="button button--soft" disabled={busy}>
                      Make {course.next.label.toLowerCase()}
                      <span className="visually-hidden">: {course.name}</span>
                    </button>
                  </Form>
                ) : null}
              </td>
              <td>
                {course.instructor_name ?? "None"}
                <InstructorForms idField="online_course_id" id={course.id} title={course.name} instructorId={course.instructor_id} instructors={instructors} busy={busy} />
              </td>
              <td>{course.enrolments ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "Online courses — Admin — Marketplace" }, { name: "robots", content: "noindex" }];
