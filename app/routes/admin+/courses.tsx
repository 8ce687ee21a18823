import { parseWithZod } from "@conform-to/zod/v4";
import { Container, Heading } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { auditedRequest } from "~/accounts/audit.server";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { courseChoices, createCourse, listCoursesForAdmin, schoolChoices, updateCourse } from "~/catalog/catalogue-admin.server";
import { COURSE_SUBJECTS, courseAdminSchema } from "~/catalog/catalogue-forms";
import { mergeCourses } from "~/catalog/merge.server";
import { AdminHeader } from "~/components/admin-header";
import { CsrfInput } from "~/components/csrf-input";
import { allMessages, FormErrors } from "~/components/form-field";
import { MergeDuplicatesForm } from "~/components/merge-duplicates-form";
import { redirectWithToast } from "~/toasts/toast.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/admin+/courses";
const HERE = "/admin/courses";

/** /admin/courses (SPEC §3 courses): the catalogue's courses, searched by code or name and school; create, edit (?edit={id}) and merge duplicates. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const url = new URL(request.url);
  const query = url.searchParams.get("query")?.trim().slice(0, 100) || undefined;
  const schoolId = parseRecordId(url.searchParams.get("school"));
  const [courses, schools, choices] = await Promise.all([listCoursesForAdmin(query, schoolId), schoolChoices(), courseChoices()]);
  const editId = parseRecordId(url.searchParams.get("edit"));
  const editing = editId === null ? null : courses.find((course) => course.id === editId) ?? (await listCoursesForAdmin(undefined, null)).find((course) => course.id === editId) ?? null;
  const mergeChoices = choices.map((course) => ({ id: course.id, label: `${course.code} ${course.name}, ${course.school_name} (#${course.id})` }));
  return { courses, schools, mergeChoices, query: query ?? "", school: schoolId, editing };
}

/** POST: create, update or merge (the duplicate's students, online courses, sessions, forum posts and textbook links move to the course kept). */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: courseAdminSchema });
  const refuse = (status: number, message?: string) => data({ result: message ? submission.reply({ formErrors: [message] }) : submission.reply() }, { status });
  if (submission.status !== "success") return refuse(400);
  const command = submission.value;
  const actor = { actorId: session.user.id, request: auditedRequest(request.method, request.url) };
  if (command.intent === "merge") {
    const outcome = await mergeCourses(command.duplicate_id, command.kept_id, actor);
    if (outcome.kind === "same") return refuse(400, "Choose two different courses: the duplicate and the one to keep.");
    if (outcome.kind === "not-found") return refuse(404, "One of those courses is gone (merged or deleted meanwhile).");
    throw await redirectWithToast(HERE, { type: "success", message: "Courses merged: everything of the duplicate now belongs to the course kept." }, { status: 303 });
  }
  const { intent, ...rest } = command;
  const fields = { code: rest.code, name: rest.name, school_id: rest.school_id, subject: rest.subject, price_cents: rest.price_cents };
  const saved = intent === "create" ? await createCourse(fields, actor) : await updateCourse((rest as { course_id: number }).course_id, fields, actor);
  if (saved.kind === "code-taken") return refuse(409, `That school already has a course ${fields.code}: merge them instead.`);
  if (saved.kind === "not-found") return refuse(404, "That course or school is gone (merged or deleted).");
  throw await redirectWithToast(intent === "create" ? `${HERE}?edit=${saved.id}` : HERE, { type: "success", message: `Course ${fields.code} saved.` }, { status: 303 });
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AdminCoursesPage() {
  const { courses, schools, mergeChoices, query, school, editing } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = allMessages(answer?.result);
  return (
    <Container size="4" px="4" py="6">
      <AdminHeader>
        Courses
      </AdminHeader>
      <FormErrors errors={errors} />

      {editing ? (
        <section aria-labelledby="edit-heading">
          <Heading as="h2" size="5" id="edit-heading" mb="2">
            Edit {editing.code} {editing.name}
          </Heading>
          <CourseForm intent="update" course={editing} schools={schools} busy={busy} />
          <p>
            <Link to={HERE} className="button button--soft">
              Close
            </Link>
          </p>
        </section>
      ) : null}

      <MergeDuplicatesForm
        noun="course"
        nouns="courses"
        explanation="The duplicate's students, online courses, study sessions, forum posts, polls, tutoring and textbook links move to the course kept; the duplicate is then deleted."
        choices={mergeChoices}
        busy={busy}
      />

      <details>
        <summary>Add a course</summary>
        <CourseForm intent="create" schools={schools} busy={busy} />
      </details>

      <section aria-labelledby="list-heading">
        <Heading as="h2" size="5" id="list-heading" mt="4" mb="2">
          Catalogue
        </Heading>
        <Form method="get" role="search" aria-label="Search courses" className="inline-form">
          <label htmlFor="course-query">Code or name</label>
          <input id="course-query" className="native-input" type="search" name="query" defaultValue={query} maxLength={100} />
          <label htmlFor="course-school">School</label>
          <select id="course-school" name="school" className="native-input" defaultValue={school ?? ""}>
            <option value="">Any school</option>
            {schools.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--soft">
            Search
          </button>
        </Form>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Course</th>
              <th scope="col">School</th>
              <th scope="col">Subject</th>
              <th scope="col">Price</th>
              <th scope="col">Students</th>
            </tr>
          </thead>
          <tbody>
            {courses.map((course) => (
              <tr key={course.id}>
                <th scope="row">
                  <Link to={`${HERE}?edit=${course.id}`} aria-label={`Edit ${course.code} ${course.name} (#${course.id})`}>
                    {course.code} {course.name}
                  </Link>
                </th>
                <td>{course.school_name}</td>
                <td>{course.subject}</td>
                <td>{(course.price_cents / 100).toFixed(2)}</td>
                <td>{course.student_count ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {courses.length === 0 ? <p>No courses match.</p> : null}
      </section>
    </Container>
  );
}

function CourseForm({ intent, course, schools, busy }: { intent: "create" | "update"; course?: NonNullable<Loaded["editing"]>; schools: Loaded["schools"]; busy: boolean }) {
  const id = (name: string) => `${intent}-course-${name}`;
  return (
    <Form method="post" className="tutoring-form">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {course ? <input type="hidden" name="course_id" value={course.id} /> : null}
      <label htmlFor={id("code")}>Code</label>
      <input id={id("code")} name="code" type="text" required maxLength={30} defaultValue={course?.code} />
      <label htmlFor={id("name")}>Name</label>
      <input id={id("name")} name="name" type="text" required maxLength={200} defaultValue={course?.name} />
      <label htmlFor={id("school")}>School</label>
      <select id={id("school")} name="school_id" className="native-input" required defaultValue={course?.school_id ?? ""}>
        <option value="" disabled>
          Choose a school
        </option>
        {schools.map((school) => (
          <option key={school.id} value={school.id}>
            {school.name}, {school.city}
          </option>
        ))}
      </select>
      <label htmlFor={id("subject")}>Subject</label>
      <select id={id("subject")} name="subject" className="native-input" defaultValue={course?.subject ?? "general"}>
        {COURSE_SUBJECTS.map((subject) => (
          <option key={subject} value={subject}>
            {subject}
          </option>
        ))}
      </select>
      <label htmlFor={id("price")}>Price in cents</label>
      <input id={id("price")} name="price_cents" type="number" min={0} step={1} required defaultValue={course?.price_cents ?? 0} />
      <div>
        <button type="submit" className="button" disabled={busy}>
          {intent === "create" ? "Add the course" : "Save the course"}
        </button>
      </div>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: "Courses — Admin — Marketplace" }, { name: "robots", content: "noindex" }];
