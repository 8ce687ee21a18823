import { describe, expect, it } from "vitest";
import { unavailableDashboardView, unavailableInstructorView } from "~/dashboards/unbuilt-views";

describe("dashboard views that are not built say so", () => {
  it.each<[string, string | null]>([
    ["", null],
    ["tab=mcat", null],
    ["page=ask-a-question", "Asking a question from your dashboard is not available yet."],
    ["page=ask-a-question&tab=lsat", "Asking a question from your dashboard is not available yet."],
    ["page=", "This dashboard has no such page."],
    ["page=settings", "This dashboard has no such page."],
    ["view_sheets=true", "Study sheets are not available yet."],
    ["view_sheets=", "Study sheets are not available yet."],
  ])("/dashboard?%s → %s", (query, notice) => {
    expect(unavailableDashboardView(new URLSearchParams(query))).toBe(notice);
  });

  it.each<[string, string | null]>([
    ["", null],
    ["page=oc_questions&ocq_id=3&status=open", "Students' questions on your online courses are not available here yet."],
    ["page=earnings", "This dashboard has no such page."],
    ["view_sheets=true", null],
  ])("/instructor-dashboard?%s → %s", (query, notice) => {
    expect(unavailableInstructorView(new URLSearchParams(query))).toBe(notice);
  });
});
