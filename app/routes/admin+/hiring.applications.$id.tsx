import { parseWithZod } from "@conform-to/zod/v4";
import { Badge, Container, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { checkStageMove, HIRING_STAGES, STAGE_LABELS } from "~/careers/hiring";
import { applicationActionSchema } from "~/careers/hiring-forms";
import { addApplicantNote, emailApplicant, findApplicationForHiring, moveApplicationStage } from "~/careers/hiring.server";
import { AdminHeader } from "~/components/admin-header";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, TextAreaField } from "~/components/form-field";
import { notFound, orNotFound } from "~/errors/not-found.server";
import { displayDate, displayDateTime, isoOf } from "~/formatting/display";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/admin+/hiring.applications.$id";

const applicationId = (id: string | undefined) => {
  const parsed = parseRecordId(id);
  if (parsed === null) throw notFound("There is no such application.");
  return parsed;
};

/** /admin/hiring/applications/{id}: one applicant: details, cover letter, résumé, stage, staff notes and mail. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const application = await orNotFound(findApplicationForHiring(applicationId(params.id)));
  return {
    application,
    moves: HIRING_STAGES.filter((stage) => checkStageMove(application.stage, stage).ok),
  };
}

/** POST: moves the application to another stage, adds a note, or mails the applicant (kept as a note). */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = (await requireMutationAccess(request, ROUTE))!;
  const id = applicationId(params.id);
  const submission = parseWithZod(await request.formData(), { schema: applicationActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const command = submission.value;
  const here = `/admin/hiring/applications/${id}`;
  const gone = () => data({ result: submission.reply({ formErrors: ["That application is gone."] }) }, { status: 404 });
  if (command.intent === "stage") {
    const moved = await moveApplicationStage(id, command.stage, requestNow(request));
    if (moved.kind === "not-found") return gone();
    if (moved.kind === "refused") return data({ result: submission.reply({ formErrors: [moved.reason] }) }, { status: 409 });
    throw await redirectWithToast(here, { type: "success", message: `Moved to ${STAGE_LABELS[command.stage].toLowerCase()}.` }, { status: 303 });
  }
  if (command.intent === "note") {
    if (!(await addApplicantNote(id, session.user.id, command.body))) return gone();
    throw await redirectWithToast(here, { type: "success", message: "Note added. Only staff see it." }, { status: 303 });
  }
  if (!(await emailApplicant(id, session.user.id, { subject: command.subject, body: command.message }))) return gone();
  throw await redirectWithToast(here, { type: "success", message: "Email sent to the applicant." }, { status: 303 });
}

export default function AdminHiringApplicationPage() {
  const { application, moves } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = answer?.result.error;
  const back = application.job_position_id === null ? "/admin/hiring/positions/general" : `/admin/hiring/positions/${application.job_position_id}`;
  return (
    <Container size="3" px="4" py="6">
      <AdminHeader
        home={{ to: "/careers", label: "Careers" }}
        trail={[
          { to: "/admin/hiring", label: "Hiring" },
          { to: back, label: application.position_title ?? "General applications" },
        ]}
        mb="2"
      >
        {application.name} <Badge ml="2">{STAGE_LABELS[application.stage]}</Badge>
      </AdminHeader>
      <FormErrors errors={answer?.result.error?.[""] ?? undefined} />
      <dl className="definition-list">
        <dt>Email</dt>
        <dd>{application.email}</dd>
        {application.phone ? (
          <>
            <dt>Phone</dt>
            <dd>{application.phone}</dd>
          </>
        ) : null}
        {application.portfolio_url ? (
          <>
            <dt>Link</dt>
            <dd>
              <a href={application.portfolio_url} rel="noopener noreferrer nofollow" target="_blank">
                {application.portfolio_url}
              </a>
            </dd>
          </>
        ) : null}
        <dt>Applied</dt>
        <dd>
          <time dateTime={isoOf(application.created_at)}>{displayDate(application.created_at)}</time>
        </dd>
        <dt>Résumé</dt>
        <dd>{application.resume_file_name ? <a href={`/admin/hiring/applications/${application.id}/resume`}>Download {application.resume_file_name}</a> : "None sent"}</dd>
      </dl>
      <Heading as="h2" size="4" mt="4" mb="2">
        Cover letter
      </Heading>
      <Text as="p" style={{ whiteSpace: "pre-wrap" }}>
        {application.cover_letter}
      </Text>

      <section aria-labelledby="stage-heading">
        <Heading as="h2" size="4" id="stage-heading" mt="5" mb="2">
          Stage
        </Heading>
        {moves.length === 0 ? (
          <Text as="p">A hired applicant's application is closed.</Text>
        ) : (
          <Form method="post" className="inline-form">
            <CsrfInput />
            <input type="hidden" name="intent" value="stage" />
            <label htmlFor="stage-to">Move to</label>
            <select id="stage-to" name="stage" className="native-input" required defaultValue="">
              <option value="" disabled>
                Choose a stage
              </option>
              {moves.map((stage) => (
                <option key={stage} value={stage}>
                  {STAGE_LABELS[stage]}
                </option>
              ))}
            </select>
            <button type="submit" className="button" disabled={busy}>
              Move
            </button>
          </Form>
        )}
      </section>

      <section aria-labelledby="notes-heading">
        <Heading as="h2" size="4" id="notes-heading" mt="5" mb="2">
          Notes <Text size="2" color="gray">(staff only; the applicant never sees them)</Text>
        </Heading>
        {application.notes.length === 0 ? (
          <Text as="p" color="gray">
            No notes yet.
          </Text>
        ) : (
          <ol className="plain-list hiring-notes">
            {application.notes.map((note) => (
              <li key={note.id}>
                <Text size="2" color="gray">
                  {note.author ?? "System"} · <time dateTime={isoOf(note.created_at)}>{displayDateTime(note.created_at)}</time>
                </Text>
                <Text as="p" style={{ whiteSpace: "pre-wrap" }}>
                  {note.body}
                </Text>
              </li>
            ))}
          </ol>
        )}
        <Form method="post" className="tutoring-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="note" />
          <TextAreaField label="Add a note" name="body" id="note-body" rows={3} maxLength={5000} required errors={errors?.body ?? undefined} />
          <div>
            <button type="submit" className="button" disabled={busy}>
              Add the note
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="email-heading">
        <Heading as="h2" size="4" id="email-heading" mt="5" mb="2">
          Email the applicant
        </Heading>
        <Form method="post" className="tutoring-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="email" />
          <FormField label="Subject" name="subject" id="email-subject" maxLength={150} required errors={errors?.subject ?? undefined} />
          <TextAreaField label="Message" name="message" id="email-message" rows={6} maxLength={5000} required errors={errors?.message ?? undefined} />
          <div>
            <button type="submit" className="button" disabled={busy}>
              Send the email
            </button>
          </div>
        </Form>
      </section>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  metaFor(matches, { title: data ? `Applicant: ${data.application.name}` : "Applicant", description: "A job applicant.", path: `/admin/hiring/applications/${params.id}`, noindex: true });
