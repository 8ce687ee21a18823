import { parseWithZod } from "@conform-to/zod/v4";
import { Container, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { auditedRequest } from "~/accounts/audit.server";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { decideAccess, routeRule } from "~/accounts/policy/route-rules";
import { viewerFor } from "~/accounts/session.server";
import { CsrfInput } from "~/components/csrf-input";
import { FilterSelect } from "~/components/filter-select";
import { allMessages, FormErrors, TextAreaField } from "~/components/form-field";
import type { ClassRepApplicationStatus, ClassRepReportStatus } from "~/db/schema";
import { formatDate } from "~/formatting/format";
import { decideClassRepApplication, listApplications, listReportsForStaff, reviewClassRepReport } from "~/programs/class-reps/class-reps.server";
import { APPLICATION_STATUS_LABELS, classRepStaffSchema, REPORT_STATUS_LABELS } from "~/programs/class-reps/rules";
import { ClassRepReportList } from "~/programs/class-reps/report-list";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/admin+/class-reps";
const HERE = "/admin/class-reps";

const APPLICATION_STATUSES = Object.keys(APPLICATION_STATUS_LABELS) as ClassRepApplicationStatus[];
const REPORT_STATUSES = Object.keys(REPORT_STATUS_LABELS) as ClassRepReportStatus[];
const pick = <T extends string>(value: string | null, options: readonly T[]): T | null => options.find((option) => option === value) ?? null;

/** /admin/class-reps: class-rep applications to approve or decline (?applications=status) and the reps' reports to review (?reports=status). */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const params = new URL(request.url).searchParams;
  const applicationStatus = pick(params.get("applications"), APPLICATION_STATUSES);
  const reportStatus = pick(params.get("reports"), REPORT_STATUSES);
  const [applications, reports] = await Promise.all([listApplications(applicationStatus), listReportsForStaff(reportStatus)]);
  return {
    adminHome: decideAccess(viewerFor(session), routeRule("routes/admin+/_index").access) === "allow",
    applicationStatus,
    reportStatus,
    applications,
    reports,
  };
}

/** POST: approve or decline an application (the applicant is mailed), or mark a report reviewed with a comment. */
export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const submission = parseWithZod(await request.formData(), { schema: classRepStaffSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const command = submission.value;
  const refuse = (status: number, message: string) => data({ result: submission.reply({ formErrors: [message] }) }, { status });
  if (command.intent === "review_report") {
    const outcome = await reviewClassRepReport(command.report_id, command.review_comment, session.user.id);
    if (outcome.kind === "not-found") return refuse(404, "That report is gone.");
    if (outcome.kind === "refused") return refuse(outcome.status, outcome.reason);
    throw await redirectWithToast(HERE, { type: "success", message: "The report is marked reviewed." }, { status: 303 });
  }
  const outcome = await decideClassRepApplication(
    command.application_id,
    command.intent,
    { viewer: viewerFor(session), request: auditedRequest(request.method, request.url) },
    siteOrigin(request),
  );
  if (outcome.kind === "not-found") return refuse(404, "That application is gone.");
  if (outcome.kind === "refused") return refuse(outcome.status, outcome.reason);
  const message = outcome.kind === "approved" ? "Approved: the new class rep is emailed a link to set up their workspace." : "Declined: the applicant is emailed.";
  throw await redirectWithToast(HERE, { type: "success", message }, { status: 303 });
}

export default function AdminClassRepsPage() {
  const { adminHome, applicationStatus, reportStatus, applications, reports } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <Container size="4" px="4" py="6">
      {adminHome ? (
        <Text as="p" color="gray">
          <Link to="/admin">Admin</Link>
        </Text>
      ) : null}
      <Heading as="h1" size="7" mb="4">
        Class reps
      </Heading>
      <FormErrors errors={allMessages(answer?.result)} />
      <Form method="get" className="inline-form" aria-label="Filter applications and reports">
        <FilterSelect id="applications-filter" label="Applications" name="applications" value={applicationStatus ?? ""} anyLabel="Any status" options={APPLICATION_STATUSES} text={(status) => APPLICATION_STATUS_LABELS[status as ClassRepApplicationStatus]} />
        <FilterSelect id="reports-filter" label="Reports" name="reports" value={reportStatus ?? ""} anyLabel="Any status" options={REPORT_STATUSES} text={(status) => REPORT_STATUS_LABELS[status as ClassRepReportStatus]} />
        <button type="submit" className="button button--soft">
          Filter
        </button>
      </Form>

      <Heading as="h2" size="5" mt="5" mb="2">
        Applications ({applications.length})
      </Heading>
      {applications.length === 0 ? (
        <p className="muted">No application.</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Applicant</th>
              <th scope="col">Course</th>
              <th scope="col">Application</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {applications.map((application) => (
              <tr key={application.id} id={`application-${application.id}`}>
                <th scope="row">
                  {application.applicant_name || application.email}
                  <div className="muted">{application.email}</div>
                </th>
                <td>
                  <Link to={`/courses/${application.course_slug}`}>{application.course_code}</Link> {application.course_name}
                  <div className="muted">{application.school_name}</div>
                </td>
                <td>
                  <p>
                    <strong>Why:</strong> {application.motivation}
                  </p>
                  <p>
                    <strong>Year:</strong> {application.year}
                  </p>
                  <p>
                    <strong>Reaching classmates:</strong> {application.outreach}
                  </p>
                  <p className="muted">Sent {formatDate(application.created_at)}</p>
                </td>
                <td>
                  {APPLICATION_STATUS_LABELS[application.status]}
                  {application.status === "pending" ? (
                    <div className="in-course__row">
                      {(["approve", "decline"] as const).map((intent) => (
                        <Form key={intent} method="post" className="inline-form">
                          <CsrfInput />
                          <input type="hidden" name="intent" value={intent} />
                          <input type="hidden" name="application_id" value={application.id} />
                          <button type="submit" className={intent === "approve" ? "button" : "button button--soft"} disabled={busy}>
                            {intent === "approve" ? "Approve" : "Decline"}
                            <span className="visually-hidden">
                              {" "}
                              {application.applicant_name || application.email} for {application.course_code}
                            </span>
                          </button>
                        </Form>
                      ))}
                    </div>
                  ) : application.reviewed_at ? (
                    <div className="muted">{formatDate(application.reviewed_at)}</div>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <Heading as="h2" size="5" mt="6" mb="2">
        Reports ({reports.length})
      </Heading>
      {reports.length === 0 ? (
        <p className="muted">No report.</p>
      ) : (
        <ul className="stack-list">
          {reports.map((report) => (
            <li key={report.id}>
              <p>
                <strong>
                  {report.course_code} · {report.rep_name || report.email}
                </strong>
              </p>
              <ClassRepReportList reports={[report]} empty="" />
              {report.status === "submitted" ? (
                <Form method="post" className="stack">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="review_report" />
                  <input type="hidden" name="report_id" value={report.id} />
                  <TextAreaField label="Comment for the rep (optional)" id={`review-comment-${report.id}`} name="review_comment" rows={2} maxLength={2000} />
                  <p>
                    <button type="submit" className="button button--soft" disabled={busy}>
                      Mark reviewed<span className="visually-hidden"> the report of {report.course_code} for {report.period}</span>
                    </button>
                  </p>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Class reps", description: "Class-rep applications and reports.", path: HERE, noindex: true });
