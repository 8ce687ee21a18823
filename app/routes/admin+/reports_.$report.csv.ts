import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { centsToAmount, toCsv } from "~/reports/csv";
import { isReportKind } from "~/reports/report-kinds";
import { monthlyReport } from "~/reports/reports.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/admin+/reports_.$report.csv";

/** GET /admin/reports/{signups|revenue|active-students|landing-pages|landing-page-conversions}/csv: the report's table as a CSV download. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  if (!isReportKind(params.report)) throw new Response("No such report.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const now = requestNow(request);
  const report = await monthlyReport(params.report, now);
  const body = toCsv(
    ["month", ...report.columns],
    report.rows.map((row) => [row.month, ...row.values.map((value) => (report.money ? centsToAmount(value) : value))])
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${report.kind}-${now.toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
