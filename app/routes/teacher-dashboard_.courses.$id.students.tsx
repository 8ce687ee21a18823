import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { classActivities, createAssignment } from "~/classes/assignments.server";
import { requireTaughtClass } from "~/classes/class-access.server";
import { classRoster, inviteToClass, studentName } from "~/classes/classes.server";
import { classPageSchema } from "~/classes/forms";
import { addTeacher, classTeachers, removeStudent, removeTeacher } from "~/classes/teachers.server";
import { gradeText } from "~/classes/grade-averages";
import { STATUS_LABELS } from "~/classes/lateness";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField, TextAreaField } from "~/components/form-field";
import { mailLink } from "~/mail/links.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/teacher-dashboard_.courses.$id.students";

/** /teacher-dashboard/courses/{id}/students: the class's students, their online-course progress and assignments; invite and assign. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const klass = await requireTaughtClass(session, params.id);
  const [roster, activities, teachers] = await Promise.all([classRoster(klass.id, klass.course_id, requestNow(request)), classActivities(klass.course_id), classTeachers(klass.id)]);
  return { klass: { id: klass.id, label: klass.label, name: klass.course_name, code: klass.class_code }, roster, activities, teachers, me: session.user.id };
}

/**
 * POST intent=invite (an email with the code), intent=assign (new work with a due date, and its
 * grade-book column), intent=add-teacher (a co-teacher by the email of a teacher's account),
 * intent=remove-teacher (never the last one) or intent=remove-student.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const klass = await requireTaughtClass(session!, params.id);
  const submission = parseWithZod(await request.formData(), { schema: classPageSchema });
  if (submission.status !== "success") return data({ intent: submission.payload.intent, result: submission.reply() }, { status: 400 });
  const back = `/teacher-dashboard/courses/${klass.id}/students`;
  if (submission.value.intent === "invite") {
    const joinUrl = mailLink("/join-class", { code: klass.class_code }, siteOrigin(request));
    await inviteToClass({ klass, email: submission.value.email, teacherName: studentName(session!.user), joinUrl });
    throw await redirectWithToast(back, { type: "success", message: `We sent ${submission.value.email} an invitation with the class code.` }, { status: 303 });
  }
  if (submission.value.intent === "add-teacher") {
    const added = await addTeacher({ classId: klass.id, email: submission.value.email });
    if (added.kind !== "added") return data({ intent: "add-teacher", result: submission.reply({ fieldErrors: { email: [ADD_TEACHER_REFUSALS[added.kind]] } }) }, { status: 400 });
    throw await redirectWithToast(back, { type: "success", message: `${added.name} teaches this class now.` }, { status: 303 });
  }
  if (submission.value.intent === "remove-teacher") {
    const removed = await removeTeacher({ classId: klass.id, userId: submission.value.user_id });
    if (removed === "last-teacher") return data({ intent: "remove-teacher", result: submission.reply({ formErrors: ["A class keeps at least one teacher: add another teacher before removing this one."] }) }, { status: 409 });
    if (removed === "not-a-teacher") return data({ intent: "remove-teacher", result: submission.reply({ formErrors: ["That person does not teach this class."] }) }, { status: 404 });
    if (submission.value.user_id === session!.user.id) throw await redirectWithToast("/teacher-dashboard", { type: "success", message: `You no longer teach ${klass.label}.` }, { status: 303 });
    throw await redirectWithToast(back, { type: "success", message: "The teacher is removed from the class." }, { status: 303 });
  }
  if (submission.value.intent === "remove-student") {
    if (!(await removeStudent({ classId: klass.id, userId: submission.value.user_id })))
      return data({ intent: "remove-student", result: submission.reply({ formErrors: ["That student is not in this class."] }) }, { status: 404 });
    throw await redirectWithToast(back, { type: "success", message: "The student is removed from the class." }, { status: 303 });
  }
  const { kind, title, instructions, activity_id, due_at, category, weight } = submission.value;
  const created = await createAssignment({
    classId: klass.id,
    courseId: klass.course_id,
    teacherId: session!.user.id,
    kind,
    title,
    instructions,
    activityId: activity_id ?? null,
    dueAt: due_at,
    category,
    weight,
  });
  if (created.kind === "refused") return data({ intent: "assign", result: submission.reply({ fieldErrors: { [created.field]: [created.message] } }) }, { status: 400 });
  throw await redirectWithToast(back, { type: "success", message: `"${title}" is assigned to the class.` }, { status: 303 });
}

const ADD_TEACHER_REFUSALS = {
  "no-teacher-account": "No teacher's account has this email address. Ask them to sign up as a teacher first, from the “For educators” page.",
  "already-teaches": "They already teach this class.",
  "is-student": "They are a student of this class. Remove them as a student first.",
} as const;

export default function ClassStudentsPage() {
  const { klass, roster, activities, teachers, me } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const teacherErrors = answer?.intent === "add-teacher" || answer?.intent === "remove-teacher" ? answer.result.error : undefined;
  const studentErrors = answer?.intent === "remove-student" ? answer.result.error : undefined;
  const inviteErrors = answer?.intent === "invite" ? answer.result.error : undefined;
  const assignErrors = answer?.intent === "assign" ? answer.result.error : undefined;
  return (
    <div className="wrapper wrapper--wide page">
      <p>
        <Link to="/teacher-dashboard">Teacher home</Link> · <Link to={`/teacher-dashboard/courses/${klass.id}/grade-book`}>Grade book</Link> ·{" "}
        <Link to={`/teacher-dashboard/courses/${klass.id}/planner`}>Planner</Link>
      </p>
      <h1 className="page-heading">{klass.label}: students</h1>
      <p className="muted">
        {klass.name} · class code <code>{klass.code}</code> — students join at <Link to="/join-class">Join a class</Link> with this code.
      </p>

      <section aria-labelledby="students-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="students-heading">
          Students ({roster.students.length})
        </h2>
        <FormErrors errors={studentErrors?.[""] ?? undefined} />
        {roster.students.length === 0 ? (
          <p className="muted">No student has joined yet.</p>
        ) : (
          // Scrolls sideways on a phone rather than breaking words; focusable so a keyboard can scroll it.
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="students-heading">
            <table className="data-table data-table--roomy">
              <thead>
                <tr>
                  <th scope="col">Student</th>
                  <th scope="col">Online courses</th>
                  {roster.assignments.map((assignment) => (
                    <th scope="col" key={assignment.id}>
                      <Link to={`/course-assignments/${assignment.id}`}>{assignment.title}</Link>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {roster.students.map((student) => (
                  <tr key={student.id}>
                    <th scope="row">
                      {student.name}
                      <br />
                      <span className="muted">{student.email}</span>
                      <RemoveMember intent="remove-student" userId={student.id} className="inline-form" what={`${student.name} from the class`} />
                    </th>
                    <td>
                      {student.onlineCourses.length === 0
                        ? "Not enrolled"
                        : student.onlineCourses.map((course) => (
                            <div key={course.name}>
                              {course.name}: {course.completed} of {course.total} activities ({course.percent}%)
                            </div>
                          ))}
                    </td>
                    {student.assignments.map((assignment) => (
                      <td key={assignment.id}>
                        {STATUS_LABELS[assignment.status]}
                        {assignment.grade !== null ? ` · ${gradeText(assignment.grade)}%` : ""}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="teachers-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="teachers-heading">
          Teachers ({teachers.length})
        </h2>
        <FormErrors errors={teacherErrors?.[""] ?? undefined} />
        <ul className="tutoring-list">
          {teachers.map((teacher) => (
            <li key={teacher.id} className="tutoring-row">
              <strong>
                {teacher.name}
                {teacher.id === me ? " (you)" : ""}
              </strong>
              <span className="muted">{teacher.email}</span>
              {teachers.length > 1 ? (
                <span className="tutoring-row__actions">
                  <RemoveMember intent="remove-teacher" userId={teacher.id} what={`${teacher.name} as a teacher`} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        <Form method="post" className="tutoring-form" style={{ marginTop: "var(--space-3)" }}>
          <CsrfInput />
          <input type="hidden" name="intent" value="add-teacher" />
          <FormField
            label="Co-teacher's email"
            id="teacher-email"
            name="email"
            type="email"
            required
            maxLength={254}
            hint="The account must be a teacher's. They see this class's pages as you do."
            errors={answer?.intent === "add-teacher" ? (teacherErrors?.email ?? undefined) : undefined}
          />
          <div>
            <button type="submit" className="button">
              Add teacher
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="invite-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="invite-heading">
          Invite a student
        </h2>
        <Form method="post" className="tutoring-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="invite" />
          <FormErrors errors={inviteErrors?.[""] ?? undefined} />
          <FormField label="Student's email" id="invite-email" name="email" type="email" required maxLength={254} errors={inviteErrors?.email ?? undefined} />
          <div>
            <button type="submit" className="button">
              Send invitation
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="assign-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="assign-heading">
          Assign work
        </h2>
        <Form method="post" className="tutoring-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="assign" />
          <FormErrors errors={assignErrors?.[""] ?? undefined} />
          <SelectField style={{ width: "100%" }} label="Kind" id="assign-kind" name="kind" required errors={assignErrors?.kind ?? undefined}>
            <option value="quiz">A quiz of the online course (its score is the grade)</option>
            <option value="activity">An online course activity (students mark it done)</option>
            <option value="reading">A reading (instructions only, students mark it done)</option>
            <option value="upload">An upload (students hand in a file of their work; you grade it)</option>
          </SelectField>
          <FormField label="Title" id="assign-title" name="title" required maxLength={200} errors={assignErrors?.title ?? undefined} />
          <SelectField
            style={{ width: "100%" }}
            label="Activity (for a quiz or an activity)"
            id="assign-activity"
            name="activity_id"
            errors={assignErrors?.activity_id ?? undefined}
            hint={activities.length === 0 ? "This course has no online course linked to it, so only readings and uploads can be assigned." : undefined}
          >
            <option value="">None (a reading or an upload)</option>
            {activities.map((activity) => (
              <option key={activity.id} value={activity.id}>
                {activity.online_course_name}: {activity.title} ({activity.activity_type.replaceAll("_", " ")})
              </option>
            ))}
          </SelectField>
          <TextAreaField label="Instructions" id="assign-instructions" name="instructions" rows={4} maxLength={5000} errors={assignErrors?.instructions ?? undefined} />
          <FormField label="Due (UTC)" id="assign-due" name="due_at" type="datetime-local" required errors={assignErrors?.due_at ?? undefined} />
          <FormField label="Grade-book category" id="assign-category" name="category" required maxLength={60} defaultValue="Homework" errors={assignErrors?.category ?? undefined} />
          <FormField label="Weight" id="assign-weight" name="weight" type="number" min={1} max={1000} required defaultValue="10" errors={assignErrors?.weight ?? undefined} />
          <div>
            <button type="submit" className="button">
              Assign
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}

/** "Remove", a plain form that takes a student or a teacher out of the class; `what` completes its name for a screen reader. */
function RemoveMember({ intent, userId, what, className }: { intent: "remove-student" | "remove-teacher"; userId: number; what: string; className?: string }) {
  return (
    <Form method="post" className={className}>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="user_id" value={userId} />
      <button type="submit" className="button button--outline">
        Remove<span className="visually-hidden"> {what}</span>
      </button>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `${data.klass.label}: students` : "Class"} — Marketplace` }];
