import { describe, expect, it } from "vitest";
import { unavailableDashboardView, unavailableInstructorView } from "~/dashboards/unbuilt-views";

describe("dashboard views that are not built say so", () => {
  it.each<[string, string | null]>([
    ["", null],
    ["tab=mcat", null],
    ["page=ask-a-question", null],
    ["page=ask-a-question&tab=lsat", null],
    ["page=", "This dashboard has no such page."],
    ["page=settings", "This dashboard has no such page."],
    // ?view_sheets=true is the study sheets view (routes/dashboard); any other value is the dashboard.
    ["view_sheets=true", null],
    ["view_sheets=", null],
  ])("/dashboard?%s → %s", (query, notice) => {
    expect(unavailableDashboardView(new URLSearchParams(query))).toBe(notice);
  });

  it.each<[string, string | null]>([
    ["", null],
    // Shown only to someone the inbox has nothing for: those who answer questions get the inbox instead.
    ["page=oc_questions&ocq_id=3&status=open", "You don't answer students' questions."],
    ["page=earnings", "This dashboard has no such page."],
    ["view_sheets=true", null],
  ])("/instructor-dashboard?%s → %s", (query, notice) => {
    expect(unavailableInstructorView(new URLSearchParams(query))).toBe(notice);
  });
});
