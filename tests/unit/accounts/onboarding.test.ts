import { describe, expect, it } from "vitest";
import { onboardingHref, onboardingStep, type OnboardingStep } from "~/accounts/onboarding";
import type { MissingProfileItem } from "~/accounts/profile-completeness";

describe("onboarding steps (SPEC §5)", () => {
  it.each<[MissingProfileItem[], OnboardingStep | null]>([
    [[], null],
    [["school", "year", "faculty", "degree"], "school"],
    [["year"], "school"],
    [["school"], "school"],
    [["faculty", "degree"], "studies"],
    [["degree"], "studies"],
    [["tutored_courses"], "tutored-courses"],
    [["faculty", "tutored_courses"], "studies"],
    [["school", "tutored_courses"], "school"],
  ])("missing %j → %s", (missing, step) => {
    expect(onboardingStep(missing)).toBe(step);
  });

  it.each<[string | null, string]>([
    [null, "/onboarding"],
    ["/", "/onboarding"],
    ["/dashboard", "/onboarding?redirect_to=%2Fdashboard"],
    ["/checkout?product=plus&interval=yearly", "/onboarding?redirect_to=%2Fcheckout%3Fproduct%3Dplus%26interval%3Dyearly"],
  ])("carries %s on", (redirectTo, href) => {
    expect(onboardingHref(redirectTo)).toBe(href);
  });
});
