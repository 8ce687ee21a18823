import type { MissingProfileItem } from "~/accounts/profile-completeness";

/**
 * /onboarding (SPEC §2, §5): the steps that take a new account to a complete profile, one form
 * each, every one saved on its own so that leaving half-way keeps what was given. Pure.
 */
export type OnboardingStep = "school" | "studies" | "tutored-courses";

export const ONBOARDING_STEP_TITLES: Record<OnboardingStep, string> = {
  school: "Your school and year",
  studies: "Your faculty and degree",
  "tutored-courses": "The courses you tutor",
};

/** The first step still to do, or null when the profile is complete. */
export function onboardingStep(missing: readonly MissingProfileItem[]): OnboardingStep | null {
  if (missing.includes("school") || missing.includes("year")) return "school";
  if (missing.includes("faculty") || missing.includes("degree")) return "studies";
  if (missing.includes("tutored_courses")) return "tutored-courses";
  return null;
}

/** /onboarding, carrying where to go once done or skipped (a checkout, a page the user came from). */
export function onboardingHref(redirectTo: string | null): string {
  return redirectTo && redirectTo !== "/" ? `/onboarding?redirect_to=${encodeURIComponent(redirectTo)}` : "/onboarding";
}
