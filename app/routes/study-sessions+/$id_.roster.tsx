import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField } from "~/components/form-field";
import { db } from "~/db/db.server";
import { displayDate } from "~/formatting/display";
import { formatPrice } from "~/formatting/price";
import { sendStudySessionConfirmation } from "~/study-sessions/confirmation.server";
import { refundEnrolment } from "~/study-sessions/purchases.server";
import { ENROLMENT_STATUS_LABELS, rosterActionRefusal, rosterMessages, rosterSchema } from "~/study-sessions/roster";
import { addUserToSession, findRosterEntry, listRoster, removeEnrolment, sessionCourses } from "~/study-sessions/roster.server";
import { requireManagedStudySession } from "~/study-sessions/session-access.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/study-sessions+/$id_.roster";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { studySession } = await requireManagedStudySession(request, ROUTE, params.id);
  const [roster, courses] = await Promise.all([
    listRoster(studySession.id),
    sessionCourses(studySession.id),
  ]);
  return { id: studySession.id, title: studySession.title, roster, courses };
}

/** POST: add a user (by email), or resend, refund or remove one enrolment, by `intent`. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { session, studySession } = await requireManagedStudySession(request, ROUTE, params.id);
  const submission = parseWithZod(await request.formData(), { schema: rosterSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const back = `/study-sessions/${studySession.id}/roster`;
  const command = submission.value;
  if (command.intent === "add") {
    const outcome = await addUserToSession(studySession.id, { email: command.email }, command.course_id ?? null);
    if (outcome.kind === "refused") return data({ result: submission.reply({ formErrors: [outcome.message] }) }, { status: outcome.status });
    await sendStudySessionConfirmation(db(), { enrolmentId: outcome.enrolmentId, origin: siteOrigin(request) });
    throw await redirectWithToast(back, { type: "success", message: rosterMessages.added(command.email) });
  }
  // An enrolment of another session is not this roster's to change: the same 404 as an unknown one.
  const entry = await findRosterEntry(command.enrolment_id);
  if (!entry || entry.study_session_id !== studySession.id) return data({ result: submission.reply({ formErrors: ["That enrolment is not on this roster."] }) }, { status: 404 });
  const refusal = rosterActionRefusal(command.intent, entry.status);
  if (refusal) return data({ result: submission.reply({ formErrors: [refusal.message] }) }, { status: 409 });
  if (command.intent === "resend") {
    await sendStudySessionConfirmation(db(), { enrolmentId: entry.id, origin: siteOrigin(request) });
    throw await redirectWithToast(back, { type: "success", message: rosterMessages.resent(entry.email) });
  }
  if (command.intent === "refund") {
    const refunded = await refundEnrolment(entry.id, { by: session.user.id });
    throw await redirectWithToast(back, { type: "success", message: rosterMessages.refunded(entry.email, refunded?.refundedCents ?? 0, entry.currency) });
  }
  // A concurrent removal or refund may have ended it since it was read.
  if (!(await removeEnrolment(entry.id))) return data({ result: submission.reply({ formErrors: [rosterActionRefusal("remove", "removed")!.message] }) }, { status: 409 });
  throw await redirectWithToast(back, { type: "success", message: rosterMessages.removed(entry.email) });
}

export default function StudySessionRosterPage() {
  const { id, title, roster, courses } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const active = roster.filter((entry) => entry.status === "active").length;
  return (
    <Container size="4" px="4" py="6">
      <Flex gap="4" mb="2">
        <Text size="2">
          <Link to={`/study-sessions/${id}`}>Session page</Link>
        </Text>
        <Text size="2">
          <Link to={`/study-sessions/${id}/edit`}>Edit session</Link>
        </Text>
      </Flex>
      <Heading as="h1" size="7">
        Roster: {title}
      </Heading>
      <Text as="p" color="gray" mt="1">
        {active} enrolled
      </Text>
      <FormErrors errors={answer?.result.error?.[""] ?? undefined} />
      <section aria-labelledby="add-heading" style={{ marginTop: "var(--space-5)" }}>
        <Heading as="h2" size="4" id="add-heading" mb="2">
          Add a student
        </Heading>
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="intent" value="add" />
          <Flex gap="3" align="end" wrap="wrap">
            <FormField label="Their account's email" name="email" type="email" autoComplete="off" required errors={answer?.result.error?.email ?? undefined} />
            {courses.length > 0 ? (
              <SelectField label="Course (optional)" name="course_id" defaultValue="">
                <option value="">None</option>
                {courses.map((course) => (
                  <option key={course.id} value={course.id}>
                    {course.code} · {course.name}
                  </option>
                ))}
              </SelectField>
            ) : null}
            <Button type="submit" disabled={busy}>
              Add to the roster
            </Button>
          </Flex>
        </Form>
      </section>
      <section aria-labelledby="roster-heading" style={{ marginTop: "var(--space-6)" }}>
        <Heading as="h2" size="4" id="roster-heading" mb="2">
          Enrolments
        </Heading>
        {roster.length === 0 ? (
          <Text as="p" color="gray">
            No one has enrolled yet.
          </Text>
        ) : (
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Student</th>
                  <th scope="col">Status</th>
                  <th scope="col">Course</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Paid</th>
                  <th scope="col">Since</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {roster.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      {entry.name || entry.email}
                      <br />
                      <Text size="1" color="gray">
                        {entry.email}
                      </Text>
                    </td>
                    <td>{ENROLMENT_STATUS_LABELS[entry.status]}</td>
                    <td>{entry.course_code ?? "—"}</td>
                    <td>{entry.phone_number ?? "—"}</td>
                    <td>{entry.paid_cents === null ? "Free" : formatPrice(entry.paid_cents, entry.currency === "CAD" ? "CAD" : "USD")}</td>
                    <td>{displayDate(entry.created_at)}</td>
                    <td>
                      {entry.status === "active" || entry.status === "pending_payment" ? (
                        <Flex gap="2" wrap="wrap">
                          {entry.status === "active" ? <RosterButton enrolmentId={entry.id} intent="resend" label="Resend confirmation" who={entry.email} busy={busy} /> : null}
                          {entry.paid_cents ? <RosterButton enrolmentId={entry.id} intent="refund" label="Refund" who={entry.email} busy={busy} /> : null}
                          <RosterButton enrolmentId={entry.id} intent="remove" label="Remove" who={entry.email} busy={busy} />
                        </Flex>
                      ) : (
                        "—"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Container>
  );
}

function RosterButton({ enrolmentId, intent, label, who, busy }: { enrolmentId: number; intent: "resend" | "refund" | "remove"; label: string; who: string; busy: boolean }) {
  return (
    <Form method="post" className="inline-form">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="enrolment_id" value={enrolmentId} />
      <Button type="submit" size="1" variant={intent === "resend" ? "soft" : "outline"} color={intent === "resend" ? undefined : "red"} aria-label={`${label}: ${who}`} disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: `Roster: ${page?.title ?? "live session"} — Marketplace` }, { name: "robots", content: "noindex" }];
