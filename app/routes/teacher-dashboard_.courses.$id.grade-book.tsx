import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { requireTaughtClass } from "~/classes/class-access.server";
import { gradeBookSchema } from "~/classes/forms";
import { categoryAverages, gradeText } from "~/classes/grade-averages";
import { addAssessment, gradeBook, importGrades, setGrade } from "~/classes/grade-book.server";
import { parseGradesCsv } from "~/classes/grades-csv";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField } from "~/components/form-field";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/teacher-dashboard_.courses.$id.grade-book";

/** /teacher-dashboard/courses/{id}/grade-book: a grade per student per assessment, weighted averages, CSV in and out. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const klass = await requireTaughtClass(session, params.id);
  const book = await gradeBook(klass.id);
  return {
    klass: { id: klass.id, label: klass.label },
    assessments: book.assessments,
    students: book.students.map((student) => ({
      id: student.id,
      name: student.name,
      average: student.average,
      categories: categoryAverages(book.assessments, student.grades),
      grades: Object.fromEntries(student.grades),
    })),
  };
}

/** POST intent=grade (one cell), intent=add-assessment, or intent=import (a CSV file, all or nothing). */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const klass = await requireTaughtClass(session!, params.id);
  const submission = parseWithZod(await request.formData(), { schema: gradeBookSchema });
  const intent = submission.payload.intent;
  if (submission.status !== "success") return data({ intent, cell: cellOf(submission.payload), result: submission.reply(), importErrors: [] as string[] }, { status: 400 });
  const back = `/teacher-dashboard/courses/${klass.id}/grade-book`;
  const now = requestNow(request);
  const input = submission.value;
  if (input.intent === "grade") {
    const saved = await setGrade({ classId: klass.id, assessmentId: input.assessment_id, userId: input.user_id, grade: input.grade, by: session!.user.id, now });
    if (!saved)
      return data(
        { intent, cell: cellOf(submission.payload), result: submission.reply({ formErrors: ["That student or assessment is not in this grade book."] }), importErrors: [] as string[] },
        { status: 404 }
      );
    throw await redirectWithToast(back, { type: "success", message: input.grade === null ? "Grade cleared." : `Grade saved: ${gradeText(input.grade)}%.` }, { status: 303 });
  }
  if (input.intent === "add-assessment") {
    await addAssessment({ classId: klass.id, title: input.title, category: input.category, weight: input.weight });
    throw await redirectWithToast(back, { type: "success", message: `"${input.title}" is in the grade book.` }, { status: 303 });
  }
  const book = await gradeBook(klass.id);
  const parsed = parseGradesCsv(await input.file.text(), { assessments: book.assessments, students: book.students });
  if (!parsed.ok) return data({ intent, cell: null, result: submission.reply(), importErrors: parsed.errors }, { status: 400 });
  await importGrades({ changes: parsed.changes, by: session!.user.id, now });
  throw await redirectWithToast(back, { type: "success", message: `Imported ${parsed.changes.length} ${parsed.changes.length === 1 ? "grade" : "grades"}.` }, { status: 303 });
}

const cellOf = (payload: Record<string, unknown>) => (payload.intent === "grade" ? `${payload.user_id}:${payload.assessment_id}` : null);

export default function GradeBookPage() {
  const { klass, assessments, students } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const addErrors = answer?.intent === "add-assessment" ? answer.result.error : undefined;
  const importErrors = answer?.intent === "import" ? [...(answer.result.error?.file ?? []), ...answer.importErrors] : [];
  return (
    <div className="wrapper wrapper--wide page">
      <p>
        <Link to="/teacher-dashboard">Teacher home</Link> · <Link to={`/teacher-dashboard/courses/${klass.id}/students`}>Students</Link> ·{" "}
        <Link to={`/teacher-dashboard/courses/${klass.id}/planner`}>Planner</Link>
      </p>
      <h1 className="page-heading">{klass.label}: grade book</h1>
      <p className="muted">Grades are percents. An assessment without a grade is left out of the student's average, not counted as zero.</p>
      {students.length === 0 || assessments.length === 0 ? (
        <p className="muted">{students.length === 0 ? "No student has joined this class yet." : "Add an assessment or assign work to start grading."}</p>
      ) : (
        <div style={{ overflowX: "auto" }}>
          <table className="data-table">
            <caption className="visually-hidden">Grades by student and assessment</caption>
            <thead>
              <tr>
                <th scope="col">Student</th>
                {assessments.map((assessment) => (
                  <th scope="col" key={assessment.id}>
                    {assessment.course_assignment_id ? <Link to={`/course-assignments/${assessment.course_assignment_id}`}>{assessment.title}</Link> : assessment.title}
                    <br />
                    <span className="muted">
                      {assessment.category} · weight {assessment.weight}
                    </span>
                  </th>
                ))}
                <th scope="col">Average</th>
              </tr>
            </thead>
            <tbody>
              {students.map((student) => (
                <tr key={student.id}>
                  <th scope="row">{student.name}</th>
                  {assessments.map((assessment) => {
                    const cell = `${student.id}:${assessment.id}`;
                    const error = answer?.intent === "grade" && answer.cell === cell ? [...(answer.result.error?.grade ?? []), ...(answer.result.error?.[""] ?? [])] : [];
                    const grade = student.grades[assessment.id];
                    return (
                      <td key={assessment.id}>
                        <Form method="post" style={{ display: "flex", gap: "var(--space-1)", alignItems: "center", flexWrap: "wrap" }}>
                          <CsrfInput />
                          <input type="hidden" name="intent" value="grade" />
                          <input type="hidden" name="assessment_id" value={assessment.id} />
                          <input type="hidden" name="user_id" value={student.id} />
                          <label className="visually-hidden" htmlFor={`grade-${cell}`}>
                            {`${assessment.title} grade for ${student.name}`}
                          </label>
                          <input
                            id={`grade-${cell}`}
                            name="grade"
                            inputMode="decimal"
                            size={5}
                            defaultValue={grade === undefined ? "" : gradeText(grade)}
                            aria-invalid={error.length > 0 || undefined}
                            aria-describedby={error.length > 0 ? `grade-${cell}-error` : undefined}
                          />
                          <button type="submit" className="button button--soft" aria-label={`Save ${assessment.title} grade for ${student.name}`}>
                            Save
                          </button>
                          {error.length > 0 ? (
                            <span id={`grade-${cell}-error`} className="form-errors" role="alert">
                              {error.join(" ")}
                            </span>
                          ) : null}
                        </Form>
                      </td>
                    );
                  })}
                  <td>
                    <strong>{student.average === null ? "—" : `${gradeText(student.average)}%`}</strong>
                    {student.categories.length > 1 ? (
                      <div className="muted">{student.categories.map((category) => `${category.category}: ${category.average === null ? "—" : `${gradeText(category.average)}%`}`).join(" · ")}</div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <section aria-labelledby="csv-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="csv-heading">
          CSV
        </h2>
        <p>
          <a href={`/teacher-dashboard/courses/${klass.id}/grade-book.csv`} download="grade-book.csv">
            Export grades as CSV
          </a>
        </p>
        <Form method="post" encType="multipart/form-data" className="tutoring-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="import" />
          {importErrors.length > 0 ? (
            <div role="alert" className="form-errors">
              <p>Nothing was imported:</p>
              <ul>
                {importErrors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <FormField label="CSV file (Email column, one column per assessment title)" id="import-file" name="file" type="file" accept=".csv,text/csv" required />
          <div>
            <button type="submit" className="button">
              Import grades
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="add-assessment-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="add-assessment-heading">
          Add an assessment
        </h2>
        <Form method="post" className="tutoring-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="add-assessment" />
          <FormErrors errors={addErrors?.[""] ?? undefined} />
          <FormField label="Title" id="assessment-title" name="title" required maxLength={200} errors={addErrors?.title ?? undefined} />
          <FormField label="Category" id="assessment-category" name="category" required maxLength={60} placeholder="e.g. Tests" errors={addErrors?.category ?? undefined} />
          <FormField label="Weight" id="assessment-weight" name="weight" type="number" min={1} max={1000} required defaultValue="10" errors={addErrors?.weight ?? undefined} />
          <div>
            <button type="submit" className="button">
              Add assessment
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `${data.klass.label}: grade book` : "Grade book"} — Marketplace` }];
