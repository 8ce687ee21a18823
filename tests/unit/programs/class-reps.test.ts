import { describe, expect, it } from "vitest";
import {
  decideApplication,
  nextWizardStep,
  parseReportPeriod,
  periodLabel,
  reportPeriodChoices,
  reviewReport,
  wantsClassRep,
  wizardProgressAfter,
  wizardStepToShow,
} from "~/programs/class-reps/rules";

// Wednesday 25 November 2026, noon UTC.
const now = new Date("2026-11-25T12:00:00Z");

describe("wantsClassRep: a priority course without a rep", () => {
  it.each([
    [true, false, true],
    [true, true, false],
    [false, false, false],
    [false, true, false],
  ])("high priority %s, has a rep %s → %s", (high_priority, has_class_rep, wanted) => {
    expect(wantsClassRep({ high_priority, has_class_rep })).toBe(wanted);
  });
});

describe("decideApplication: a pending application is decided once", () => {
  it.each([
    ["pending", "approve", { ok: true, next: "approved" }],
    ["pending", "decline", { ok: true, next: "declined" }],
    ["approved", "approve", { ok: false, status: 409 }],
    ["approved", "decline", { ok: false, status: 409 }],
    ["declined", "approve", { ok: false, status: 409 }],
    ["declined", "decline", { ok: false, status: 409 }],
  ] as const)("%s + %s", (status, decision, expected) => {
    expect(decideApplication(status, decision)).toMatchObject(expected);
  });
});

describe("reviewReport: a submitted report is reviewed once", () => {
  it.each([
    ["submitted", { ok: true, next: "reviewed" }],
    ["reviewed", { ok: false, status: 409 }],
  ] as const)("%s", (status, expected) => {
    expect(reviewReport(status)).toMatchObject(expected);
  });
});

describe("the wizard's steps", () => {
  it.each([
    ["profile", "schedule"],
    ["schedule", "referral"],
    ["referral", "announcement"],
    ["announcement", "done"],
  ] as const)("after %s comes %s", (step, next) => {
    expect(nextWizardStep(step)).toBe(next);
  });

  it.each([
    ["profile", null, "profile"],
    ["referral", null, "referral"],
    ["referral", "profile", "profile"],
    ["referral", "announcement", "referral"],
    ["referral", "nonsense", "referral"],
    ["done", null, "profile"],
    ["done", "announcement", "announcement"],
  ] as const)("reached %s, asked %s → shows %s", (reached, asked, shown) => {
    expect(wizardStepToShow(reached, asked)).toBe(shown);
  });

  it.each([
    ["profile", "profile", "schedule"],
    ["referral", "profile", "referral"],
    ["referral", "referral", "announcement"],
    ["announcement", "announcement", "done"],
    ["done", "profile", "done"],
  ] as const)("reached %s, saved %s → %s", (reached, saved, progress) => {
    expect(wizardProgressAfter(reached, saved)).toBe(progress);
  });
});

describe("report periods", () => {
  it("offers this week and 12 before, then this month and 3 before", () => {
    const choices = reportPeriodChoices(now);
    expect(choices).toHaveLength(13 + 4);
    expect(choices[0]).toEqual({ kind: "week", start: "2026-11-23" });
    expect(choices[1]).toEqual({ kind: "week", start: "2026-11-16" });
    expect(choices[13]).toEqual({ kind: "month", start: "2026-11-01" });
    expect(choices[16]).toEqual({ kind: "month", start: "2026-08-01" });
  });

  it("a Sunday belongs to the week that started on Monday", () => {
    expect(reportPeriodChoices(new Date("2026-11-29T23:59:00Z"))[0]).toEqual({ kind: "week", start: "2026-11-23" });
    expect(reportPeriodChoices(new Date("2026-11-30T00:00:00Z"))[0]).toEqual({ kind: "week", start: "2026-11-30" });
  });

  it.each([
    ["week:2026-11-23", { ok: true, period: { kind: "week", start: "2026-11-23" } }],
    ["month:2026-09-01", { ok: true, period: { kind: "month", start: "2026-09-01" } }],
    [" week:2026-11-16 ", { ok: true, period: { kind: "week", start: "2026-11-16" } }],
    ["week:2026-11-24", { ok: false, reason: "A week starts on a Monday." }],
    ["month:2026-11-02", { ok: false, reason: "A month starts on its first day." }],
    ["week:2026-11-30", { ok: false, reason: "That period has not started yet." }],
    ["month:2026-12-01", { ok: false, reason: "That period has not started yet." }],
    ["week:2026-08-03", { ok: false, reason: "Reports are for the last 12 weeks or 3 months." }],
    ["month:2026-07-01", { ok: false, reason: "Reports are for the last 12 weeks or 3 months." }],
    ["week:2026-02-30", { ok: false, reason: "Choose the week or month the report is for." }],
    ["year:2026-01-01", { ok: false, reason: "Choose the week or month the report is for." }],
    ["", { ok: false, reason: "Choose the week or month the report is for." }],
    [undefined, { ok: false, reason: "Choose the week or month the report is for." }],
  ] as const)("%s", (value, expected) => {
    expect(parseReportPeriod(value, now)).toEqual(expected);
  });

  it.each([
    [{ kind: "week", start: "2026-11-23" }, "Week of 23 Nov 2026"],
    [{ kind: "month", start: "2026-11-01" }, "November 2026"],
  ] as const)("labels %o as %s", (period, label) => {
    expect(periodLabel(period)).toBe(label);
  });
});
