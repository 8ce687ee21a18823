import { formatDate } from "~/formatting/format";
import type { ClassRepReportStatus } from "~/db/schema";
import { REPORT_STATUS_LABELS } from "./rules";

export interface ReportView {
  id: number;
  period: string;
  activities: string;
  classmates_reached: number;
  notes: string;
  status: ClassRepReportStatus;
  review_comment: string;
  created_at: string | Date;
}

/** A rep's reports, each with its review (the comment staff left for the rep). */
export function ClassRepReportList({ reports, empty }: { reports: readonly ReportView[]; empty: string }) {
  if (reports.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="stack-list">
      {reports.map((report) => (
        <li key={report.id} id={`report-${report.id}`}>
          <p>
            <strong>{report.period}</strong> · {report.classmates_reached} {report.classmates_reached === 1 ? "classmate" : "classmates"} reached ·{" "}
            {REPORT_STATUS_LABELS[report.status]} <span className="muted">(filed {formatDate(report.created_at)})</span>
          </p>
          <p style={{ whiteSpace: "pre-line" }}>{report.activities}</p>
          {report.notes ? <p className="muted" style={{ whiteSpace: "pre-line" }}>{report.notes}</p> : null}
          {report.status === "reviewed" && report.review_comment ? (
            <p>
              <strong>Staff comment:</strong> {report.review_comment}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
