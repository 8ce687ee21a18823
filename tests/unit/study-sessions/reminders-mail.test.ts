import { describe, expect, it } from "vitest";
import { studySessionConfirmationMail, studySessionReminderMail } from "~/mail/templates";
import { sessionDateLine } from "~/study-sessions/date-labels";

const date = { start_time: new Date("2026-12-01T18:00:00Z"), end_time: new Date("2026-12-01T20:00:00Z") };

describe("session times in mail", () => {
  it.each([
    [date, "Tuesday, December 1, 2026, 18:00–20:00 UTC"],
    [{ start_time: new Date("2026-12-31T23:00:00Z"), end_time: new Date("2027-01-01T01:30:00Z") }, "Thursday, December 31, 2026, 23:00–January 1 01:30 UTC"],
    [{ start_time: new Date("2026-12-02T00:00:00Z"), end_time: new Date("2026-12-02T00:45:00Z") }, "Wednesday, December 2, 2026, 00:00–00:45 UTC"],
  ])("%o reads %s", (input, expected) => {
    expect(sessionDateLine(input)).toBe(expected);
  });
});

describe("the reminder mail", () => {
  it.each([
    ["24h", "Reminder: CS 135 Weekly Tutorial starts within a day"],
    ["1h", "Reminder: CS 135 Weekly Tutorial starts within the hour"],
  ] as const)("for the %s lead says so in its subject", (lead, subject) => {
    const mail = studySessionReminderMail({ name: "Maya", sessionTitle: "CS 135 Weekly Tutorial", date, lead, url: "https://app.test/study-sessions/3" });
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain("- Tuesday, December 1, 2026, 18:00–20:00 UTC");
    expect(mail.text).toContain("https://app.test/study-sessions/3");
  });

  it("escapes a title in the HTML and keeps the subject on one line", () => {
    const mail = studySessionReminderMail({ name: "Maya", sessionTitle: "<script>x</script>\r\nBcc: a@b.test", date, lead: "1h", url: "https://app.test/study-sessions/3" });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain("<script>x");
    expect(mail.html).toContain("&lt;script&gt;");
  });
});

describe("the confirmation mail", () => {
  it("lists every date in order, in UTC", () => {
    const later = { start_time: new Date("2026-12-08T18:00:00Z"), end_time: new Date("2026-12-08T20:00:00Z") };
    const mail = studySessionConfirmationMail({ sessionTitle: "STAT 230", dates: [later, date], url: "https://app.test/study-sessions/4", calendarUrl: "https://app.test/study-sessions/4/calendar.ics" });
    expect(mail.text.indexOf("December 1")).toBeLessThan(mail.text.indexOf("December 8"));
    expect(mail.text).toContain("It meets on these dates (times in UTC):");
    expect(mail.html).toContain("<li>Tuesday, December 8, 2026, 18:00–20:00 UTC</li>");
    expect(mail.text).toContain("https://app.test/study-sessions/4/calendar.ics");
  });
});
