import { parseWithZod } from "@conform-to/zod/v4";
import { Badge, Container, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { auditedRequest } from "~/accounts/audit.server";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { AdminHeader } from "~/components/admin-header";
import { CsrfInput } from "~/components/csrf-input";
import { allMessages, FormErrors, FormField, SelectField, TextAreaField } from "~/components/form-field";
import { notFound } from "~/errors/not-found.server";
import { ApplicationDetails } from "~/programs/scholarship-application-view";
import { findApplicationFor } from "~/programs/scholarship-applications.server";
import { answersOf, reviewSchema } from "~/programs/scholarship-forms";
import { reviewScholarshipApplication } from "~/programs/scholarship-review.server";
import { APPLICANT_STATUS, APPLICATION_STATUSES, checkStatusMove, STATUS_LABELS } from "~/programs/scholarship-rules";
import { scholarshipViewer } from "~/programs/scholarship-viewer.server";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { parseRecordId } from "~/utils/record-id";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/admin+/scholarships.$id";

/** The application's id from the address; an address that names none is a 404 like an unknown one. */
function idOf(params: { id?: string }): number {
  return parseRecordId(params.id) ?? -1;
}

/** /admin/scholarships/{id}: one application: essay, answers, transcript; score, staff notes and the decision. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const row = await findApplicationFor(scholarshipViewer(session), idOf(params));
  if (!row) throw notFound("There is no such application.");
  return {
    application: { ...row, eligibility_answers: answersOf(row.eligibility_answers) },
    statuses: APPLICATION_STATUSES.filter((status) => status === row.status || checkStatusMove(row.status, status).ok),
  };
}

/** POST: saves the score and notes and moves the status; accepting or declining mails and notifies the applicant. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = (await requireMutationAccess(request, ROUTE))!;
  const id = idOf(params);
  const submission = parseWithZod(await request.formData(), { schema: reviewSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await reviewScholarshipApplication(id, { id: session.user.id, request: auditedRequest(request.method, request.url) }, submission.value, siteOrigin(request));
  if (outcome.kind === "not-found") return data({ result: submission.reply({ formErrors: ["That application is gone."] }) }, { status: 404 });
  if (outcome.kind === "refused") return data({ result: submission.reply({ formErrors: [outcome.reason] }) }, { status: 409 });
  const message = outcome.decided ? `${STATUS_LABELS[outcome.decided]}: the applicant is emailed the decision.` : "Saved.";
  throw await redirectWithToast(`/admin/scholarships/${id}`, { type: "success", message }, { status: 303 });
}

export default function AdminScholarshipApplicationPage() {
  const { application, statuses } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = answer?.result.error;
  return (
    <Container size="3" px="4" py="6">
      <AdminHeader home={{ to: "/admin/scholarships", label: "Scholarship applications" }} mb="2">
        {application.applicant_email} <Badge ml="2">{STATUS_LABELS[application.status]}</Badge>
      </AdminHeader>
      <FormErrors errors={allMessages(answer?.result)} />
      <ApplicationDetails
        application={application}
        own={false}
        facts={
          <>
            <dt>Scholarship</dt>
            <dd>{application.scholarship_name}</dd>
            <dt>The applicant reads</dt>
            <dd>{APPLICANT_STATUS[application.status]}</dd>
          </>
        }
      />
      <section aria-labelledby="review-heading">
        <Heading as="h2" size="4" id="review-heading" mt="5" mb="2">
          Review <Text size="2" color="gray">(the score and notes are for staff only; the applicant never sees them)</Text>
        </Heading>
        <Form method="post" className="tutoring-form">
          <CsrfInput />
          <SelectField label="Status" name="status" id="review-status" defaultValue={application.status} errors={errors?.status ?? undefined}>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
          <FormField
            label="Score (0–100)"
            name="score"
            id="review-score"
            type="number"
            min={0}
            max={100}
            step={1}
            defaultValue={application.score ?? ""}
            errors={errors?.score ?? undefined}
          />
          <TextAreaField label="Staff notes" name="staff_notes" id="review-notes" rows={4} maxLength={5000} defaultValue={application.staff_notes ?? ""} errors={errors?.staff_notes ?? undefined} />
          <div>
            <button type="submit" className="button" disabled={busy}>
              Save the review
            </button>
          </div>
        </Form>
      </section>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  metaFor(matches, {
    title: data ? `Scholarship application: ${data.application.applicant_email}` : "Scholarship application",
    description: "A scholarship application to review.",
    path: `/admin/scholarships/${params.id}`,
    noindex: true,
  });
