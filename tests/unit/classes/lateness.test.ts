import { describe, expect, it } from "vitest";
import { submissionStatus } from "~/classes/lateness";

const due = new Date("2026-12-01T17:00:00Z");
const at = (iso: string) => new Date(iso);

describe("submission status: late after the due instant, missing once it passes without one", () => {
  it.each([
    ["handed in a day early", at("2026-11-30T17:00:00Z"), at("2026-12-05T00:00:00Z"), "submitted"],
    ["handed in at the due instant", due, at("2026-12-05T00:00:00Z"), "submitted"],
    ["handed in a second late", at("2026-12-01T17:00:01Z"), at("2026-12-05T00:00:00Z"), "late"],
    ["handed in a week late", at("2026-12-08T17:00:00Z"), at("2026-12-08T17:00:00Z"), "late"],
    ["nothing yet, before the due instant", null, at("2026-11-30T00:00:00Z"), "due"],
    ["nothing yet, at the due instant", null, due, "due"],
    ["nothing, a second after", null, at("2026-12-01T17:00:01Z"), "missing"],
  ] as const)("%s → %s", (_name, submittedAt, now, status) => {
    expect(submissionStatus({ dueAt: due, submittedAt, now })).toBe(status);
  });
});
