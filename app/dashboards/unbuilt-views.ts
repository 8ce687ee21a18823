/**
 * Views SPEC §2 opens from a dashboard's query string that are not built yet. Until they are,
 * the dashboard says so instead of quietly showing itself as if the link had worked.
 */

/** The student dashboard: ?page=ask-a-question, ?view_sheets=true. */
export function unavailableDashboardView(params: URLSearchParams): string | null {
  const page = params.get("page");
  if (page === "ask-a-question") return "Asking a question from your dashboard is not available yet.";
  if (page !== null) return "This dashboard has no such page.";
  if (params.has("view_sheets")) return "Study sheets are not available yet.";
  return null;
}

/** The educator home: ?page=oc_questions (students' questions on online courses). */
export function unavailableInstructorView(params: URLSearchParams): string | null {
  const page = params.get("page");
  if (page === "oc_questions") return "Students' questions on your online courses are not available here yet.";
  if (page !== null) return "This dashboard has no such page.";
  return null;
}
