import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminHeader } from "~/components/admin-header";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { centsToAmount } from "~/reports/csv";
import { REPORT_KINDS, REPORT_MONTHS, REPORT_NOTES, REPORT_TITLES } from "~/reports/report-kinds";
import { monthlyReport } from "~/reports/reports.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/admin+/reports";

/** /admin/reports (SPEC §3 reports): signups, revenue, active students, landing-page views and conversions over the last twelve months, each with its CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const now = requestNow(request);
  const reports = await Promise.all(REPORT_KINDS.map((kind) => monthlyReport(kind, now)));
  return { reports: reports.map((report) => ({ ...report, title: REPORT_TITLES[report.kind], note: REPORT_NOTES[report.kind] ?? null })) };
}

export default function AdminReportsPage() {
  const { reports } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px="4" py="6">
      <AdminHeader mb="2">
        Reports
      </AdminHeader>
      <Text as="p" color="gray" mb="4">
        The last {REPORT_MONTHS} months, in UTC. Revenue is what was paid, less refunds in the month they were made.
      </Text>
      {reports.map((report) => (
        <section key={report.kind} aria-labelledby={`report-${report.kind}`} className="admin-report">
          <Heading as="h2" size="5" id={`report-${report.kind}`} mt="5" mb="2">
            {report.title}
          </Heading>
          {report.note ? (
            <Text as="p" size="2" color="gray" mb="2">
              {report.note}
            </Text>
          ) : null}
          <p>
            <a href={`/admin/reports/${report.kind}/csv`} download={`${report.kind}.csv`}>
              Download {report.title.toLowerCase()} (CSV)
            </a>
          </p>
          {report.columns.length === 0 ? (
            <p>Nothing in these months yet.</p>
          ) : (
            // Signups have a column per role: too wide for a phone, so the table scrolls on its own.
            <section className="admin-report__scroll" aria-label={`${report.title}, table`} tabIndex={0}>
              <table className="data-table">
                <caption className="visually-hidden">{report.title}</caption>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    {report.columns.map((column) => (
                      <th scope="col" key={column}>
                        {column.replace(/_/g, " ")}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {report.rows.map((row) => (
                    <tr key={row.month}>
                      <th scope="row">{row.month}</th>
                      {row.values.map((value, index) => (
                        <td key={report.columns[index]}>{report.money ? centsToAmount(value) : value}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </section>
      ))}
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "Reports — Admin — Marketplace" }, { name: "robots", content: "noindex" }];
