/**
 * The student dashboard's tabs (SPEC §2: /dashboard?tab=current|mcat|lsat|class-rep). Pure.
 * The MCAT and LSAT tabs show the online courses of that exam; an unknown tab falls back to the
 * current one.
 */
export const DASHBOARD_TABS = [
  { key: "current", label: "Current" },
  { key: "mcat", label: "MCAT" },
  { key: "lsat", label: "LSAT" },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]["key"];

export function dashboardTab(value: string | null): DashboardTab {
  // "curent" is how older links spell it.
  if (value === "curent") return "current";
  return DASHBOARD_TABS.some((tab) => tab.key === value) ? (value as DashboardTab) : "current";
}

/** Which online courses a tab lists: every one on Current, those of the exam on MCAT and LSAT. */
export function onlineCoursesForTab<C extends { course_code: string; name: string }>(tab: DashboardTab, courses: readonly C[]): C[] {
  if (tab === "current") return [...courses];
  const exam = tab.toUpperCase();
  const pattern = new RegExp(`\\b${exam}\\b`, "i");
  return courses.filter((course) => pattern.test(course.course_code) || pattern.test(course.name));
}
