import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { parseAnswers } from "~/assessments/engine";
import { QuestionFields } from "~/assessments/question-fields";
import { activityLink, assignmentSubmissions, gradeSubmission, quizQuestions, submissionOf, submitAssignment } from "~/classes/assignments.server";
import { requireClassAssignment } from "~/classes/class-access.server";
import { assignmentPageSchema } from "~/classes/forms";
import { gradeText } from "~/classes/grade-averages";
import { STATUS_LABELS, submissionStatus } from "~/classes/lateness";
import { handedInFileUrl, handInUpload } from "~/classes/upload-submissions.server";
import { mayReplaceUpload, UPLOAD_MESSAGES } from "~/classes/uploads";
import { fileSizeText } from "~/formatting/file-size";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, TextAreaField } from "~/components/form-field";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/course-assignments.$id";

/**
 * /course-assignments/{id}: instructions, the student's submission, grade and feedback (for an
 * upload, the file handed in, replaceable until graded); the class's teachers see every
 * submission, download handed-in files and grade them.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const { assignment, klass, teaches, isStudent } = await requireClassAssignment(session, params.id);
  const now = requestNow(request);
  const [mine, questions, link, submissions] = await Promise.all([
    isStudent ? submissionOf(assignment, session.user.id) : null,
    isStudent ? quizQuestions(assignment) : [],
    assignment.activity_id !== null ? activityLink(assignment.activity_id) : undefined,
    teaches ? assignmentSubmissions(assignment, now) : [],
  ]);
  return {
    assignment: {
      id: assignment.id,
      kind: assignment.kind,
      title: assignment.title,
      instructions: assignment.instructions,
      dueAt: assignment.due_at,
      activityTitle: assignment.activity_title,
      category: assignment.category,
      weight: assignment.weight,
    },
    klass: { id: klass.id, label: klass.label },
    onlineCourse: link ? { href: `/online-courses/${link.slug}`, name: link.name } : null,
    mine: mine
      ? {
          status: submissionStatus({ dueAt: assignment.due_at, submittedAt: mine.submission?.submitted_at ?? null, now }),
          submittedAt: mine.submission?.submitted_at ?? null,
          feedback: mine.feedback,
          grade: mine.grade,
          file:
            mine.submission?.file_name && mine.submission.file_size_bytes !== null
              ? { name: mine.submission.file_name, size: mine.submission.file_size_bytes, href: handedInFileUrl(assignment.id, session.user.id) }
              : null,
          mayHandIn: mine.submission === null || (assignment.kind === "upload" && mayReplaceUpload({ graded: mine.grade !== null })),
        }
      : null,
    questions: mine?.submission ? [] : questions.map((question) => ({ ...question, choices: question.choices as string[] })),
    teaches,
    submissions: submissions.map((row) => ({ ...row, file: row.file ? { ...row.file, href: handedInFileUrl(assignment.id, row.userId) } : null })),
  };
}

/**
 * POST intent=submit (the student hands it in; a quiz's answers are scored; an upload's file, multipart,
 * is checked by its bytes and size and replaces the one handed in until graded) or intent=grade
 * (a teacher's grade and feedback).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = (await requireMutationAccess(request, ROUTE))!;
  const { assignment, teaches, isStudent } = await requireClassAssignment(session, params.id);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: assignmentPageSchema });
  if (submission.status !== "success") return data({ intent: submission.payload.intent, userId: submission.payload.user_id, result: submission.reply() }, { status: 400 });
  const now = requestNow(request);
  const back = `/course-assignments/${assignment.id}`;
  if (submission.value.intent === "grade") {
    if (!teaches) return data({ intent: "grade", userId: null, result: submission.reply({ formErrors: ["Only the class's teachers grade its work."] }) }, { status: 403 });
    const { user_id, grade, feedback } = submission.value;
    const saved = await gradeSubmission({ assignment, userId: user_id, grade, feedback, teacherId: session.user.id, now });
    if (!saved) return data({ intent: "grade", userId: user_id, result: submission.reply({ formErrors: ["That student is not in this class."] }) }, { status: 404 });
    throw await redirectWithToast(back, { type: "success", message: "Grade and feedback saved." }, { status: 303 });
  }
  if (!isStudent) return data({ intent: "submit", userId: null, result: submission.reply({ formErrors: ["Only the class's students hand in its work."] }) }, { status: 403 });
  if (assignment.kind === "upload") {
    const file = form.get("file");
    const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
    const outcome = await handInUpload({ assignment, userId: session.user.id, now, file: { name: file instanceof File ? file.name : "", bytes } });
    if (outcome.kind === "refused") return data({ intent: "submit", userId: null, result: submission.reply({ fieldErrors: { file: [outcome.message] } }) }, { status: 400 });
    if (outcome.kind === "graded") return data({ intent: "submit", userId: null, result: submission.reply({ formErrors: [UPLOAD_MESSAGES.graded] }) }, { status: 409 });
    const what = outcome.replaced ? "Your file is replaced" : "Handed in";
    throw await redirectWithToast(back, { type: "success", message: `${what}${outcome.late ? " (late)." : "."}` }, { status: 303 });
  }
  let answers = null;
  if (assignment.kind === "quiz") {
    const questions = await quizQuestions(assignment);
    const parsed = parseAnswers(
      questions.map((question) => ({ id: question.id, choices: question.choices as string[] })),
      (name) => (typeof form.get(name) === "string" ? (form.get(name) as string) : null)
    );
    if (!parsed.ok) return data({ intent: "submit", userId: null, result: submission.reply({ formErrors: [parsed.message] }) }, { status: 400 });
    answers = parsed.answers;
  }
  const outcome = await submitAssignment({ assignment, userId: session.user.id, now, answers });
  if (outcome.kind === "already-submitted") return data({ intent: "submit", userId: null, result: submission.reply({ formErrors: ["You already handed this in."] }) }, { status: 409 });
  const scored = outcome.score === null ? "" : ` You scored ${outcome.score}%.`;
  throw await redirectWithToast(back, { type: "success", message: `${outcome.late ? "Handed in late." : "Handed in."}${scored}` }, { status: 303 });
}

const KIND_LABELS = { quiz: "Quiz", activity: "Online course activity", reading: "Reading", upload: "File upload" } as const;

export default function CourseAssignmentPage() {
  const { assignment, klass, onlineCourse, mine, questions, teaches, submissions } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const due = new Date(assignment.dueAt);
  return (
    <div className="wrapper wrapper--medium page">
      <p>{teaches ? <Link to={`/teacher-dashboard/courses/${klass.id}/students`}>{klass.label}</Link> : <Link to="/join-class">Your classes</Link>}</p>
      <h1 className="page-heading">{assignment.title}</h1>
      <p className="muted">
        {KIND_LABELS[assignment.kind]} · {klass.label} · due <time dateTime={due.toISOString()}>{due.toUTCString().replace(":00 GMT", " UTC")}</time> · {assignment.category}, weight{" "}
        {assignment.weight}
      </p>
      {assignment.instructions ? <p style={{ whiteSpace: "pre-wrap" }}>{assignment.instructions}</p> : null}
      {onlineCourse ? (
        <p>
          {assignment.activityTitle} in <Link to={onlineCourse.href}>{onlineCourse.name}</Link>
        </p>
      ) : null}

      {mine ? (
        <section aria-labelledby="my-work-heading" style={{ marginTop: "var(--space-5)" }}>
          <h2 className="section-heading" id="my-work-heading">
            Your work
          </h2>
          <p role="status">
            <strong>{STATUS_LABELS[mine.status]}</strong>
            {mine.submittedAt ? ` on ${new Date(mine.submittedAt).toUTCString().replace(" GMT", " UTC")}` : ""}
          </p>
          {mine.grade !== null ? <p>Grade: {gradeText(mine.grade)}%</p> : mine.submittedAt ? <p className="muted">Not graded yet.</p> : null}
          {mine.feedback ? (
            <blockquote>
              <p className="muted">Feedback</p>
              <p style={{ whiteSpace: "pre-wrap" }}>{mine.feedback}</p>
            </blockquote>
          ) : null}
          {mine.file ? (
            <p>
              Your file: <a href={mine.file.href}>{mine.file.name}</a> ({fileSizeText(mine.file.size)}){mine.status === "late" ? <strong> · late</strong> : null}
            </p>
          ) : null}
          {!mine.mayHandIn ? (
            assignment.kind === "upload" && mine.grade !== null ? (
              <p className="muted">{UPLOAD_MESSAGES.graded}</p>
            ) : null
          ) : assignment.kind === "upload" ? (
            <Form method="post" encType="multipart/form-data" aria-label={`Hand in ${assignment.title}`} className="tutoring-form">
              <CsrfInput />
              <input type="hidden" name="intent" value="submit" />
              <FormErrors errors={answer?.intent === "submit" ? answer.result.error?.[""] ?? undefined : undefined} />
              <FormField
                label={mine.file ? "Replace your file" : "Your file"}
                id="upload-file"
                name="file"
                type="file"
                required
                accept=".pdf,.docx,.png,.jpg,.jpeg,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,image/png,image/jpeg"
                hint="A PDF, a Word document (.docx) or a PNG or JPEG picture of your work, at most 10 MB. You can replace it until your teacher grades it."
                errors={answer?.intent === "submit" ? answer.result.error?.file ?? undefined : undefined}
              />
              <div>
                <button type="submit" className="button">
                  {mine.file ? "Replace file" : "Hand in"}
                </button>
              </div>
            </Form>
          ) : (
            <Form method="post" aria-label={`Hand in ${assignment.title}`}>
              <CsrfInput />
              <input type="hidden" name="intent" value="submit" />
              <FormErrors errors={answer?.intent === "submit" ? answer.result.error?.[""] ?? undefined : undefined} />
              {assignment.kind === "quiz" ? <QuestionFields questions={questions} /> : null}
              <button type="submit" className="button">
                {assignment.kind === "quiz" ? "Submit answers" : "Mark as done"}
              </button>
            </Form>
          )}
        </section>
      ) : null}

      {teaches ? (
        <section aria-labelledby="submissions-heading" style={{ marginTop: "var(--space-5)" }}>
          <h2 className="section-heading" id="submissions-heading">
            Submissions
          </h2>
          {submissions.length === 0 ? (
            <p className="muted">The class has no students yet.</p>
          ) : (
            <ul className="tutoring-list">
              {submissions.map((row) => {
                const errors = answer?.intent === "grade" && answer.userId === String(row.userId) ? answer.result.error : undefined;
                return (
                  <li key={row.userId} className="tutoring-row">
                    <strong>{row.name}</strong>
                    <span className="muted">
                      {STATUS_LABELS[row.status]}
                      {row.grade !== null ? ` · ${gradeText(row.grade)}%` : ""}
                    </span>
                    {row.file ? (
                      <span>
                        <a href={row.file.href}>
                          {row.file.name}
                          <span className="visually-hidden"> from {row.name}</span>
                        </a>{" "}
                        ({fileSizeText(row.file.size)}){row.status === "late" ? <strong> · late</strong> : null}
                      </span>
                    ) : null}
                    <Form method="post" aria-label={`Grade ${row.name}`} className="tutoring-form">
                      <CsrfInput />
                      <input type="hidden" name="intent" value="grade" />
                      <input type="hidden" name="user_id" value={row.userId} />
                      <FormErrors errors={errors?.[""] ?? undefined} />
                      <FormField
                        label={`Grade for ${row.name} (%)`}
                        id={`grade-${row.userId}`}
                        name="grade"
                        inputMode="decimal"
                        defaultValue={row.grade === null ? "" : gradeText(row.grade)}
                        errors={errors?.grade ?? undefined}
                      />
                      <TextAreaField label={`Feedback for ${row.name}`} id={`feedback-${row.userId}`} name="feedback" rows={2} maxLength={5000} defaultValue={row.feedback} />
                      <div>
                        <button type="submit" className="button button--soft">
                          Save grade
                        </button>
                      </div>
                    </Form>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.assignment.title ?? "Assignment"} — Marketplace` }];
