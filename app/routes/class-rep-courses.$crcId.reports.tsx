import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { repCourseFor } from "./class-rep-course.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField, TextAreaField } from "~/components/form-field";
import { fileReport, reportsOf } from "~/programs/class-reps/class-reps.server";
import { ClassRepReportList } from "~/programs/class-reps/report-list";
import { DUPLICATE_REPORT_MESSAGE, parseReportPeriod, periodKey, periodLabel, reportPeriodChoices, reportSchema } from "~/programs/class-reps/rules";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/class-rep-courses.$crcId.reports";


/** /class-rep-courses/{crcId}/reports: a rep's reports for one course, and the form for the next one (one per week or month). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const crc = await repCourseFor(session, params.crcId);
  const reports = await reportsOf(crc.id);
  const filed = new Set(reports.map((report) => periodKey({ kind: report.period_kind, start: report.period_start })));
  const periods = reportPeriodChoices(requestNow(request))
    .filter((period) => !filed.has(periodKey(period)))
    .map((period) => ({ key: periodKey(period), label: periodLabel(period) }));
  return { crc, reports, periods };
}

/** POST: files a report; a second one for the same period of the course is refused. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const crc = await repCourseFor(session, params.crcId);
  const submission = parseWithZod(await request.formData(), { schema: reportSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const period = parseReportPeriod(submission.value.period, requestNow(request));
  if (!period.ok) return data({ result: submission.reply({ fieldErrors: { period: [period.reason] } }) }, { status: 400 });
  const outcome = await fileReport(crc.id, period.period, submission.value);
  if (outcome.kind === "duplicate") return data({ result: submission.reply({ fieldErrors: { period: [DUPLICATE_REPORT_MESSAGE] } }) }, { status: 409 });
  throw await redirectWithToast(`/class-rep-courses/${crc.id}/reports`, { type: "success", message: `Your report for ${periodLabel(period.period)} is filed.` }, { status: 303 });
}

export default function ClassRepReportsPage() {
  const { crc, reports, periods } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = (answer?.result.error ?? {}) as Record<string, string[] | null | undefined>;
  const field = (name: string) => errors[name] ?? undefined;
  return (
    <div className="wrapper wrapper--medium page">
      <p className="in-course__small">
        <Link to="/dashboard?tab=class-rep">Class Rep dashboard</Link>
      </p>
      <h1 className="page-heading">Reports for {crc.course_code}</h1>
      <p className="muted">
        {crc.course_name}, {crc.school_name}
      </p>
      <Form method="post" className="stack" aria-labelledby="new-report" style={{ marginTop: "var(--space-4)" }}>
        <h2 id="new-report">File a report</h2>
        <CsrfInput />
        <FormErrors errors={errors[""] ?? undefined} />
        <SelectField label="Period" name="period" id="period" required defaultValue={periods[0]?.key ?? ""} errors={field("period")}>
          {periods.map((period) => (
            <option key={period.key} value={period.key}>
              {period.label}
            </option>
          ))}
        </SelectField>
        <TextAreaField label="What you did" name="activities" hint="Posts, talks in class, study groups you ran…" rows={4} required maxLength={2000} errors={field("activities")} />
        <FormField label="Classmates reached" name="classmates_reached" type="number" inputMode="numeric" min={0} max={100000} step={1} required errors={field("classmates_reached")} />
        <TextAreaField label="Anything else" name="notes" hint="Optional: questions, ideas, what your classmates asked for." rows={3} maxLength={4000} errors={field("notes")} />
        <p>
          <button type="submit" className="button" disabled={busy}>
            File the report
          </button>
        </p>
      </Form>
      <h2 style={{ marginTop: "var(--space-6)" }}>Your reports</h2>
      <ClassRepReportList reports={reports} empty="No report filed yet." />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, { title: data ? `Class rep reports: ${data.crc.course_code}` : "Class rep reports", description: "Your class rep reports.", path: "/dashboard", noindex: true });
