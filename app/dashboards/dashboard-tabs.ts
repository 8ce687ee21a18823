/**
 * The student dashboard's tabs (SPEC §2: /dashboard?tab=current|mcat|lsat|class-rep). Pure.
 * The MCAT and LSAT tabs show the online courses of that exam; the class-rep tab (the role menu's
 * "Class Rep Dashboard") is a class rep's own; an unknown or someone else's tab falls back to the
 * current one.
 */
export const DASHBOARD_TABS = [
  { key: "current", label: "Current" },
  { key: "mcat", label: "MCAT" },
  { key: "lsat", label: "LSAT" },
  { key: "class-rep", label: "Class Rep" },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]["key"];

/** The tabs this user sees. */
export function dashboardTabsFor(roles: readonly string[]): (typeof DASHBOARD_TABS)[number][] {
  return DASHBOARD_TABS.filter((tab) => tab.key !== "class-rep" || roles.includes("class_rep"));
}

export function dashboardTab(value: string | null, roles: readonly string[] = []): DashboardTab {
  // "curent" is how older links spell it.
  if (value === "curent") return "current";
  return dashboardTabsFor(roles).some((tab) => tab.key === value) ? (value as DashboardTab) : "current";
}

/** Which online courses a tab lists: every one on Current, those of the exam on MCAT and LSAT. */
export function onlineCoursesForTab<C extends { course_code: string; name: string }>(tab: DashboardTab, courses: readonly C[]): C[] {
  if (tab === "current" || tab === "class-rep") return [...courses];
  const exam = tab.toUpperCase();
  const pattern = new RegExp(`\\b${exam}\\b`, "i");
  return courses.filter((course) => pattern.test(course.course_code) || pattern.test(course.name));
}
