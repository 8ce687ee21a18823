/** The admin reports and their titles (SPEC §3 reports). Pure, shared by server and client. */

export const REPORT_MONTHS = 12;
export const REPORT_KINDS = ["signups", "revenue", "active-students"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_TITLES: Record<ReportKind, string> = {
  signups: "Signups per month, by role",
  revenue: "Revenue per month, by product",
  "active-students": "Active students per month",
};

export function isReportKind(value: unknown): value is ReportKind {
  return typeof value === "string" && (REPORT_KINDS as readonly string[]).includes(value);
}
