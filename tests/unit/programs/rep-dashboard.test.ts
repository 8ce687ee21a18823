import { describe, expect, it } from "vitest";
import { repDashboardTitle, waitingAnnouncements } from "~/programs/rep-dashboard";

describe("the rep dashboard", () => {
  it.each([
    ["/brand-ambassador-dashboard", "Brand Ambassador Dashboard"],
    ["/marketing-rep-dashboard", "Marketing Dashboard"],
    ["/mcat-rep-dashboard", "MCAT Rep Dashboard"],
    ["/MCAT-rep-dashboard/", "MCAT Rep Dashboard"],
    ["/elsewhere", "Brand Ambassador Dashboard"],
  ])("at %s is titled %s (as the role menu names it)", (path, title) => {
    expect(repDashboardTitle(path)).toBe(title);
  });

  it("lists the announcements the rep may answer and has not, at most five", () => {
    const announcement = (id: number, canRespond: boolean, answered: boolean) => ({ id, canRespond, current_user_response: answered ? { id } : null });
    const list = [
      announcement(1, true, false),
      announcement(2, true, true),
      announcement(3, false, false),
      ...[4, 5, 6, 7, 8, 9].map((id) => announcement(id, true, false)),
    ];
    expect(waitingAnnouncements(list).map((item) => item.id)).toEqual([1, 4, 5, 6, 7]);
    expect(waitingAnnouncements(list, 2).map((item) => item.id)).toEqual([1, 4]);
    expect(waitingAnnouncements([])).toEqual([]);
  });
});
