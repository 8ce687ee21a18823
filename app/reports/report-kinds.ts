/** The admin reports and their titles (SPEC §3 reports). Pure, shared by server and client. */

export const REPORT_MONTHS = 12;
export const REPORT_KINDS = ["signups", "revenue", "active-students", "landing-pages", "landing-page-conversions"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_TITLES: Record<ReportKind, string> = {
  signups: "Signups per month, by role",
  revenue: "Revenue per month, by product",
  "active-students": "Active students per month",
  "landing-pages": "Landing-page views per month, by page",
  "landing-page-conversions": "Conversions after a landing-page view, per month",
};

/** What a report counts, where its title cannot say it all. */
export const REPORT_NOTES: Partial<Record<ReportKind, string>> = {
  "landing-pages":
    "Views of the tracked landing pages (SPEC §1) by browsers whose visitor allowed analytics; browsers that did not are not counted at all.",
  "landing-page-conversions":
    "A conversion is a new account (sign-up) or a paid purchase by an account that used a browser which viewed the landing page in the 30 days before. A browser is linked to an account only when it sent events while signed in, and only browsers that allowed analytics send any: these are the conversions we can see, fewer than there are. A purchase after views of two pages counts for each.",
};

export function isReportKind(value: unknown): value is ReportKind {
  return typeof value === "string" && (REPORT_KINDS as readonly string[]).includes(value);
}
