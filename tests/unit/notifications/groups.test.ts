import { describe, expect, it } from "vitest";
import { groupRefSchema } from "~/notifications/group-ref";
import { groupNotifications, groupTitle, notificationLink, type NotificationItem } from "~/notifications/groups";

const item = (id: number, type: string, group_key: string | null, read = false, data: Record<string, unknown> = {}): NotificationItem => ({
  id: String(id),
  type,
  group_key,
  read,
  data,
  created_at: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
});

describe("groupNotifications", () => {
  it("groups by type and group_key, counts unread, and orders groups by their newest notification", () => {
    const groups = groupNotifications([
      item(1, "TokenCredit", "week-1", true),
      item(2, "TokenCredit", "week-1"),
      item(3, "TokenCredit", "week-2"),
      item(4, "OnlineCoursePdfReady", "week-1"),
      item(5, "TokenCredit", null),
      item(6, "TokenCredit", null, true),
    ]);
    expect(groups.map((group) => [group.type, group.group_key, group.items.map((entry) => entry.id), group.unread])).toEqual([
      ["TokenCredit", null, ["6", "5"], 1],
      ["OnlineCoursePdfReady", "week-1", ["4"], 1],
      ["TokenCredit", "week-2", ["3"], 1],
      ["TokenCredit", "week-1", ["2", "1"], 1],
    ]);
  });

  it("never mixes a null group_key with the text 'null' or another type's key", () => {
    const groups = groupNotifications([item(1, "A", null), item(2, "A", "null"), item(3, "B", null)]);
    expect(groups).toHaveLength(3);
  });
});

describe("groupTitle and notificationLink", () => {
  it.each([
    [[item(1, "OnlineCoursePdfReady", "c1")], "Your course booklet is ready to download"],
    [[item(1, "TokenCredit", "g"), item(2, "TokenCredit", "g")], "You received tokens 2 times"],
    [[item(1, "StudyRoomInvite", "r", false, { inviter_name: "Ann" })], "Ann invited you to a study room"],
    [[item(1, "WorkShiftSignupChanged", null)], "Work shift signup changed"],
    [[item(1, "ReferralReward", null, false, { friend_name: "Noah K.", amount: "$10" })], "Noah K. made their first purchase: you earned $10 credit"],
    [[item(1, "ReferralReward", null), item(2, "ReferralReward", null)], "You earned referral credit 2 times"],
    [[item(1, "ReferralReward", null)], "You earned referral credit"],
    [[item(1, "StudySessionReminder", "4", false, { title: "CS 135 Weekly Tutorial", lead: "24h" })], "CS 135 Weekly Tutorial starts tomorrow"],
    [[item(1, "StudySessionReminder", "4", false, { title: "CS 135 Weekly Tutorial", lead: "1h" })], "CS 135 Weekly Tutorial starts in an hour"],
    [[item(1, "StudySessionReminder", "4")], "A live session you joined starts tomorrow"],
    [[item(1, "TutoringSessionFeedback", "tutoring-session-9", false, { author_name: "Jordan Pham", side: "tutor" })], "Jordan Pham left feedback on your tutoring session"],
    [[item(1, "TutoringSessionFeedback", "tutoring-session-9")], "You have feedback on a tutoring session"],
  ])("%#: %s", (items, title) => {
    expect(groupTitle(groupNotifications(items)[0]!)).toBe(title);
  });

  it.each([
    [{ download_path: "/booklets/1.pdf" }, "/booklets/1.pdf"],
    [{ path: "/chats/3" }, "/chats/3"],
    [{ download_path: "https://evil.example/x" }, null],
    [{ download_path: "//evil.example/x" }, null],
    [{ download_path: "/\\evil.example" }, null],
    [{}, null],
  ])("%j leads to %s", (data, link) => {
    expect(notificationLink(item(1, "X", null, false, data))).toBe(link);
  });
});

describe("the group a call names", () => {
  it.each([
    [{ type: "TokenCredit", group_key: "week-1" }, true],
    [{ type: "TokenCredit", group_key: null }, true],
    [{ type: "TokenCredit" }, true],
    [{ group_key: "week-1" }, false],
    [{ type: "Token Credit" }, false],
    [{ type: "TokenCredit", group_key: "x".repeat(301) }, false],
  ])("%j is valid: %s", (body, ok) => {
    expect(groupRefSchema.safeParse(body).success).toBe(ok);
  });
});
