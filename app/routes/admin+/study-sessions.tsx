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
import { instructorChoices } from "~/online-courses/admin.server";
import { findStudySessionForStaff, listStudySessionsForAdmin, setInstructorPending, setStudySessionInstructor, type StudySessionFilter } from "~/study-sessions/admin.server";
import { SESSION_TYPE_NAMES } from "~/study-sessions/editor-rules";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/admin+/study-sessions";
const HERE = "/admin/study-sessions";

const FILTERS: Record<StudySessionFilter, string> = { upcoming: "Upcoming", live: "Live now", past: "Past", instructor_pending: "Instructor not confirmed" };
const isFilter = (value: string | null): value is StudySessionFilter => value !== null && Object.hasOwn(FILTERS, value);

/** /admin/study-sessions: every live study session, filtered (?status=) by timing or an unconfirmed instructor. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const status = new URL(request.url).searchParams.get("status");
  const filter = isFilter(status) ? status : null;
  const [sessions, instructors] = await Promise.all([listStudySessionsForAdmin(filter, requestNow(request)), instructorChoices()]);
  return {
    status: filter,
    sessions: sessions.map((session) => ({ ...session, typeName: SESSION_TYPE_NAMES[session.session_type], firstDate: session.firstDate?.toISOString().slice(0, 16).replace("T", " ") ?? null })),
    instructors,
  };
}

const id = z.coerce.number().int().positive().max(2_147_483_647);
const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm_instructor"), study_session_id: id }),
  z.object({ intent: z.literal("unconfirm_instructor"), study_session_id: id }),
  z.object({ intent: z.literal("instructor"), study_session_id: id, instructor_id: id }),
  z.object({ intent: z.literal("remove_instructor"), study_session_id: id }),
]);

/** POST: confirm or un-confirm the instructor, or set or remove who teaches. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema });
  const refuse = (status: number, message?: string) => data({ result: message ? submission.reply({ formErrors: [message] }) : submission.reply() }, { status });
  if (submission.status !== "success") return refuse(400, "Choose a session and what to change.");
  const command = submission.value;
  const studySession = await findStudySessionForStaff(command.study_session_id);
  if (!studySession) return refuse(404, "That session is gone.");
  if (!can(viewerFor(session), "manage_study_session", studySession)) throw forbidden(request);
  const actor = { actorId: session.user.id, request: auditedRequest(request.method, request.url) };
  if (command.intent === "confirm_instructor" || command.intent === "unconfirm_instructor") {
    const pending = command.intent === "unconfirm_instructor";
    if (!(await setInstructorPending(studySession.id, pending, actor))) return refuse(404, "That session is gone.");
    throw await redirectWithToast(
      HERE,
      { type: "success", message: pending ? `The instructor of ${studySession.title} is hidden until confirmed.` : `The instructor of ${studySession.title} is confirmed.` },
      { status: 303 }
    );
  }
  const outcome = await setStudySessionInstructor(studySession.id, command.intent === "instructor" ? command.instructor_id : null, actor);
  if (outcome === "not-an-instructor") return refuse(400, "Only an active user with an instructor role can teach a session.");
  if (outcome === "not-found") return refuse(404, "That session is gone.");
  throw await redirectWithToast(
    HERE,
    { type: "success", message: command.intent === "instructor" ? `Instructor of ${studySession.title} set.` : `${studySession.title} has no instructor now.` },
    { status: 303 }
  );
}

export default function AdminStudySessionsPage() {
  const { status, sessions, instructors } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = allMessages(answer?.result);
  return (
    <Container size="4" px="4" py="6">
      <AdminHeader>
        Study sessions
      </AdminHeader>
      <FormErrors errors={errors} />
      <Form method="get" className="inline-form" aria-label="Filter study sessions">
        <label htmlFor="status-filter">Status</label>
        <select id="status-filter" name="status" className="native-input" defaultValue={status ?? ""}>
          <option value="">Any</option>
          {Object.entries(FILTERS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--soft">
          Filter
        </button>
      </Form>
      <p role="status">
        {sessions.length} {sessions.length === 1 ? "session" : "sessions"}
      </p>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Session</th>
            <th scope="col">Status</th>
            <th scope="col">Instructor</th>
            <th scope="col">Students</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <tr key={session.id}>
              <th scope="row">
                <Link to={`/study-sessions/${session.id}`}>{session.title}</Link> <span className="muted">{session.typeName}</span>
              </th>
              <td>
                {FILTERS[session.timing]}
                {session.firstDate ? <span className="muted"> from {session.firstDate} UTC</span> : null}
              </td>
              <td>
                {session.instructor_name ?? "None"}
                {session.instructor_id ? (session.instructor_pending ? " (not confirmed)" : " (confirmed)") : null}
                <div className="in-course__row">
                  {session.instructor_id ? (
                    <Form method="post" className="inline-form">
                      <CsrfInput />
                      <input type="hidden" name="intent" value={session.instructor_pending ? "confirm_instructor" : "unconfirm_instructor"} />
                      <input type="hidden" name="study_session_id" value={session.id} />
                      <button type="submit" className="button button--soft" disabled={busy}>
                        {session.instructor_pending ? "Confirm" : "Unconfirm"}
                        <span className="visually-hidden"> the instructor of {session.title}</span>
                      </button>
                    </Form>
                  ) : null}
                  <InstructorForms idField="study_session_id" id={session.id} title={session.title} instructorId={session.instructor_id} instructors={instructors} busy={busy} />
                </div>
              </td>
              <td>{session.students ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "Study sessions — Admin — Marketplace" }, { name: "robots", content: "noindex" }];
