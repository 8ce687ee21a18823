import { z } from "zod";
import { schoolStepFields } from "~/accounts/onboarding-forms";
import type { ClassRepApplicationStatus, ClassRepReportPeriodKind, ClassRepReportStatus, ClassRepWizardStep } from "~/db/schema";

/**
 * The class-rep programme (SPEC §2 /class-rep-positions, /courses/{idOrSlug}/class-rep-apply,
 * /class-rep-wizard/{crcId}; §3 classRepCourses, classRepCourseReports): the rules, pure. A
 * student applies to be the rep of a course that is looking for one; staff approve or decline;
 * an approved rep walks the wizard once, then files one report per week or month per course,
 * which staff mark reviewed with a comment the rep reads.
 */

/** A course looks for a class rep while it is a priority course without one (what /class-rep-positions lists). */
export function wantsClassRep(course: { high_priority: boolean; has_class_rep: boolean }): boolean {
  return course.high_priority && !course.has_class_rep;
}

export const APPLICATION_STATUS_LABELS: Record<ClassRepApplicationStatus, string> = { pending: "Waiting for review", approved: "Approved", declined: "Declined" };

export type ApplicationDecision = "approve" | "decline";
export type Transition<S> = { ok: true; next: S } | { ok: false; status: 409; reason: string };

/** Staff decide a pending application once; a decided one stays as it is. */
export function decideApplication(status: ClassRepApplicationStatus, decision: ApplicationDecision): Transition<ClassRepApplicationStatus> {
  if (status !== "pending") return { ok: false, status: 409, reason: `That application was already ${status}.` };
  return { ok: true, next: decision === "approve" ? "approved" : "declined" };
}

export const REPORT_STATUS_LABELS: Record<ClassRepReportStatus, string> = { submitted: "Waiting for review", reviewed: "Reviewed" };

/** Staff mark a submitted report reviewed once (with their comment). */
export function reviewReport(status: ClassRepReportStatus): Transition<ClassRepReportStatus> {
  if (status !== "submitted") return { ok: false, status: 409, reason: "That report was already reviewed." };
  return { ok: true, next: "reviewed" };
}

// ── The wizard ──────────────────────────────────────────────────────────────────────────────

export type WizardFormStep = Exclude<ClassRepWizardStep, "done">;
export const WIZARD_STEPS: readonly WizardFormStep[] = ["profile", "schedule", "referral", "announcement"];
export const WIZARD_STEP_TITLES: Record<WizardFormStep, string> = {
  profile: "Your school and year",
  schedule: "Your course's schedule",
  referral: "Your referral link",
  announcement: "Your first announcement",
};

/** The step after one (the last one leads to "done"). */
export function nextWizardStep(step: WizardFormStep): ClassRepWizardStep {
  return WIZARD_STEPS[WIZARD_STEPS.indexOf(step) + 1] ?? "done";
}

/**
 * The step to show: the one asked for (?step=) when the rep already reached it, else where they
 * left off; a finished wizard opens at its first step for another look.
 */
export function wizardStepToShow(reached: ClassRepWizardStep, asked: string | null): WizardFormStep {
  const current: WizardFormStep = reached === "done" ? "profile" : reached;
  const askedStep = WIZARD_STEPS.find((step) => step === asked);
  if (!askedStep) return current;
  return reached === "done" || WIZARD_STEPS.indexOf(askedStep) <= WIZARD_STEPS.indexOf(reached as WizardFormStep) ? askedStep : current;
}

/** How far a save moves the rep: saving a step they already passed keeps where they were. */
export function wizardProgressAfter(reached: ClassRepWizardStep, saved: WizardFormStep): ClassRepWizardStep {
  if (reached === "done") return "done";
  const next = nextWizardStep(saved);
  const order = [...WIZARD_STEPS, "done"] as ClassRepWizardStep[];
  return order.indexOf(next) > order.indexOf(reached) ? next : reached;
}

// ── Report periods ──────────────────────────────────────────────────────────────────────────

export interface ReportPeriod {
  kind: ClassRepReportPeriodKind;
  /** The first day, YYYY-MM-DD (UTC): a Monday for a week, the 1st for a month. */
  start: string;
}

/** How far back a rep may still report: the last 12 weeks, the last 3 months. */
export const REPORT_WEEKS_BACK = 12;
export const REPORT_MONTHS_BACK = 3;

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function weekStart(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}
function monthStart(now: Date, monthsBack = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
}

export function periodKey(period: ReportPeriod): string {
  return `${period.kind}:${period.start}`;
}

/** "Week of 23 Nov 2026", "November 2026". */
export function periodLabel(period: ReportPeriod): string {
  const start = new Date(`${period.start}T00:00:00Z`);
  if (period.kind === "month") return start.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
  return `Week of ${start.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })}`;
}

/** The periods a rep may report on now, newest first: this week and the ones before, then this month and the ones before. */
export function reportPeriodChoices(now: Date): ReportPeriod[] {
  const thisWeek = weekStart(now).getTime();
  const weeks = Array.from({ length: REPORT_WEEKS_BACK + 1 }, (_, back) => ({ kind: "week" as const, start: isoDay(new Date(thisWeek - back * 7 * DAY_MS)) }));
  const months = Array.from({ length: REPORT_MONTHS_BACK + 1 }, (_, back) => ({ kind: "month" as const, start: isoDay(monthStart(now, back)) }));
  return [...weeks, ...months];
}

/** A period as the form sends it ("week:2026-11-23", "month:2026-11-01"), or why it cannot be reported on now. */
export function parseReportPeriod(value: unknown, now: Date): { ok: true; period: ReportPeriod } | { ok: false; reason: string } {
  const match = typeof value === "string" ? /^(week|month):(\d{4}-\d{2}-\d{2})$/.exec(value.trim()) : null;
  if (!match) return { ok: false, reason: "Choose the week or month the report is for." };
  const period: ReportPeriod = { kind: match[1] as ClassRepReportPeriodKind, start: match[2]! };
  const date = new Date(`${period.start}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || isoDay(date) !== period.start) return { ok: false, reason: "Choose the week or month the report is for." };
  if (period.kind === "week" && date.getUTCDay() !== 1) return { ok: false, reason: "A week starts on a Monday." };
  if (period.kind === "month" && date.getUTCDate() !== 1) return { ok: false, reason: "A month starts on its first day." };
  if (date.getTime() > now.getTime()) return { ok: false, reason: "That period has not started yet." };
  if (!reportPeriodChoices(now).some((choice) => periodKey(choice) === periodKey(period))) {
    return { ok: false, reason: `Reports are for the last ${REPORT_WEEKS_BACK} weeks or ${REPORT_MONTHS_BACK} months.` };
  }
  return { ok: true, period };
}

export const DUPLICATE_REPORT_MESSAGE = "You already filed a report for that period of this course.";

// ── Forms ───────────────────────────────────────────────────────────────────────────────────

const text = (max: number, label: string) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .min(1, `Enter ${label}`)
    .max(max, `Keep it under ${max} characters`);
const id = z.coerce.number().int().positive().max(2_147_483_647);

export const applicationSchema = z.object({
  motivation: text(2000, "why you want to be the class rep"),
  year: text(20, "your year"),
  outreach: text(2000, "how you will reach your classmates"),
});
export type ApplicationInput = z.infer<typeof applicationSchema>;

/** The staff screen's forms: decide an application, or mark a report reviewed with a comment for the rep. */
export const classRepStaffSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve"), application_id: id }),
    z.object({ intent: z.literal("decline"), application_id: id }),
    z.object({ intent: z.literal("review_report"), report_id: id, review_comment: z.string().trim().max(2000, "Keep it under 2000 characters").default("") }),
  ],
  { error: "Choose what to do." }
);

export const reportSchema = z.object({
  period: z.string({ error: "Choose the week or month the report is for." }),
  activities: text(2000, "what you did"),
  classmates_reached: z.coerce
    .number({ error: "Enter how many classmates you reached" })
    .int("Enter a whole number")
    .min(0, "Enter 0 or more")
    .max(100_000, "That is more classmates than a course has"),
  notes: z.string().trim().max(4000, "Keep it under 4000 characters").default(""),
});
export type ReportInput = z.infer<typeof reportSchema>;

/** The wizard's forms, one per step: the profile step is onboarding's school step. */
export const wizardSchema = z.discriminatedUnion(
  "step",
  [
    z.object({ step: z.literal("profile"), ...schoolStepFields }),
    z.object({ step: z.literal("schedule") }),
    z.object({ step: z.literal("referral") }),
    z.object({ step: z.literal("announcement"), announcement_title: text(120, "a title"), announcement_body: text(4000, "your message") }),
  ],
  { error: "Unknown step." }
);
export type WizardInput = z.infer<typeof wizardSchema>;
