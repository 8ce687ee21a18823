import { describe, expect, it } from "vitest";
import { tutoringSessionReminderMail } from "~/mail/templates";
import { groupNotifications, groupTitle, type NotificationItem } from "~/notifications/groups";
import { sessionDateLine } from "~/study-sessions/date-labels";
import { reminderTimeZone, timeZoneName, tutoringSessionLine } from "~/tutoring/reminders";

const winter = { start_time: new Date("2026-12-01T18:00:00Z"), end_time: new Date("2026-12-01T19:00:00Z") };
const late = { start_time: new Date("2026-12-02T04:30:00Z"), end_time: new Date("2026-12-02T05:30:00Z") };
const summer = { start_time: new Date("2026-07-01T18:00:00Z"), end_time: new Date("2026-07-01T19:30:00Z") };

describe("the zone a reminder is written in", () => {
  it.each<[string | null | undefined, string]>([
    ["America/Toronto", "America/Toronto"],
    ["Asia/Kolkata", "Asia/Kolkata"],
    ["UTC", "UTC"],
    [null, "UTC"],
    [undefined, "UTC"],
    ["", "UTC"],
    ["+05:00", "UTC"],
    ["Mars/Olympus_Mons", "UTC"],
  ])("%s → %s", (known, zone) => {
    expect(reminderTimeZone(known)).toBe(zone);
  });

  it.each([
    ["America/New_York", "America/New York"],
    ["UTC", "UTC"],
    ["nowhere", "UTC"],
  ])("%s reads %s", (zone, name) => {
    expect(timeZoneName(zone)).toBe(name);
  });
});

describe("a session's time in a zone", () => {
  it.each([
    [winter, "America/Toronto", "Tuesday, December 1, 2026, 13:00–14:00 (America/Toronto)"],
    [summer, "America/Toronto", "Wednesday, July 1, 2026, 14:00–15:30 (America/Toronto)"],
    [winter, "Asia/Kolkata", "Tuesday, December 1, 2026, 23:30–December 2 00:30 (Asia/Kolkata)"],
    [late, "America/Los_Angeles", "Tuesday, December 1, 2026, 20:30–21:30 (America/Los Angeles)"],
    [winter, "UTC", "Tuesday, December 1, 2026, 18:00–19:00 UTC"],
    [winter, "not a zone", "Tuesday, December 1, 2026, 18:00–19:00 UTC"],
  ])("%o in %s reads %s", (date, zone, line) => {
    expect(tutoringSessionLine(date, zone)).toBe(line);
  });

  it("writes UTC exactly as the live sessions' mails do", () => {
    for (const date of [winter, late, summer, { start_time: new Date("2026-12-31T23:30:00Z"), end_time: new Date("2027-01-01T00:30:00Z") }]) {
      expect(tutoringSessionLine(date, "UTC")).toBe(sessionDateLine(date));
    }
  });
});

describe("the reminder mail", () => {
  const input = { name: "Maya", withName: "Jordan Pham", courseCode: "MATH 137", date: winter, url: "https://app.test/my-tutoring/contracts/7" };

  it.each([
    ["24h", "Reminder: tutoring with Jordan Pham starts within a day"],
    ["1h", "Reminder: tutoring with Jordan Pham starts within the hour"],
  ] as const)("for the %s lead says so in its subject", (lead, subject) => {
    const mail = tutoringSessionReminderMail({ ...input, timeZone: "America/Toronto", lead });
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain("Your tutoring session with Jordan Pham for MATH 137 starts");
    expect(mail.text).toContain("(time in America/Toronto):");
    expect(mail.text).toContain("- Tuesday, December 1, 2026, 13:00–14:00 (America/Toronto)");
    expect(mail.text).toContain("https://app.test/my-tutoring/contracts/7");
  });

  it("says UTC when the reader's zone is not known", () => {
    const mail = tutoringSessionReminderMail({ ...input, courseCode: null, timeZone: "UTC", lead: "1h" });
    expect(mail.text).toContain("Your tutoring session with Jordan Pham starts within the hour (time in UTC):");
    expect(mail.text).toContain("- Tuesday, December 1, 2026, 18:00–19:00 UTC");
  });

  it("escapes a name in the HTML and keeps the subject on one line", () => {
    const mail = tutoringSessionReminderMail({ ...input, withName: "<script>x</script>\r\nBcc: a@b.test", timeZone: "UTC", lead: "24h" });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain("<script>x");
    expect(mail.html).toContain("&lt;script&gt;");
  });
});

describe("the reminder notification's title", () => {
  const item = (data: Record<string, unknown>): NotificationItem => ({ id: "1", type: "TutoringSessionReminder", group_key: "tutoring-session-3", read: false, data, created_at: "2026-12-01T00:00:00.000Z" });

  it.each([
    [{ with_name: "Jordan Pham", lead: "24h" }, "Your tutoring session with Jordan Pham starts tomorrow"],
    [{ with_name: "Maya Chen", lead: "1h" }, "Your tutoring session with Maya Chen starts in an hour"],
    [{ lead: "1h" }, "One of your tutoring sessions starts in an hour"],
    [{}, "One of your tutoring sessions starts tomorrow"],
  ])("%j: %s", (data, title) => {
    expect(groupTitle(groupNotifications([item(data)])[0]!)).toBe(title);
  });
});
