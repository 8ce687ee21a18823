/**
 * Views SPEC §2 opens from a dashboard's query string that are not built yet. Until they are,
 * the dashboard says so instead of quietly showing itself as if the link had worked.
 */

/** The student dashboard: ?page=ask-a-question is its own view (as is ?view_sheets=true); any other page is not. */
export function unavailableDashboardView(params: URLSearchParams): string | null {
  const page = params.get("page");
  if (page !== null && page !== "ask-a-question") return "This dashboard has no such page.";
  return null;
}

/** The educator home: ?page=oc_questions is the questions inbox, for those who answer questions. */
export function unavailableInstructorView(params: URLSearchParams): string | null {
  const page = params.get("page");
  if (page === "oc_questions") return "You don't answer students' questions.";
  if (page !== null) return "This dashboard has no such page.";
  return null;
}
