import { describe, expect, it } from "vitest";
import { tutoringSessionBookedMail } from "~/mail/templates";
import { tutoringCalendarFileName, tutoringSessionCalendar } from "~/tutoring/calendar";

const session = {
  id: 42,
  title: "Tutoring with Jordan Pham (MATH 137)",
  start: new Date("2026-12-03T22:00:00Z"),
  end: new Date("2026-12-03T23:00:00Z"),
  url: "https://app.test/my-tutoring/contracts/7",
  bookedAt: new Date("2026-11-27T10:00:00Z"),
};

describe("a tutoring session's calendar file", () => {
  it("holds one event in UTC, named by the session's row and linking to its contract", () => {
    const ics = tutoringSessionCalendar(session, "https://app.test");
    expect(ics).toContain("METHOD:PUBLISH");
    expect(ics).toContain("UID:tutoring-session-42@app.test");
    expect(ics).toContain("DTSTART:20261203T220000Z");
    expect(ics).toContain("DTEND:20261203T230000Z");
    expect(ics).toContain("DTSTAMP:20261127T100000Z");
    expect(ics).toContain("SUMMARY:Tutoring with Jordan Pham (MATH 137)");
    expect(ics).toContain("URL;VALUE=URI:https://app.test/my-tutoring/contracts/7");
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(tutoringCalendarFileName(42)).toBe("tutoring-session-42.ics");
  });
});

describe("the booking mail", () => {
  it("names the other person, the course and the time in UTC, and links the contract", () => {
    const mail = tutoringSessionBookedMail({ name: "Maya", withName: "Jordan Pham", courseCode: "MATH 137", date: { start_time: session.start, end_time: session.end }, url: session.url });
    expect(mail.subject).toBe("Tutoring session booked with Jordan Pham");
    expect(mail.text).toContain("Your tutoring session with Jordan Pham for MATH 137 is booked (time in UTC):");
    expect(mail.text).toContain("- Thursday, December 3, 2026, 22:00–23:00 UTC");
    expect(mail.text).toContain(`See the session: ${session.url}`);
    expect(mail.html).toContain("Jordan Pham");
  });

  it("keeps a name with a line break on one line of the subject", () => {
    expect(tutoringSessionBookedMail({ withName: "Eve\r\nBcc: x@y.test", courseCode: null, date: { start_time: session.start, end_time: session.end }, url: session.url }).subject).not.toMatch(/[\r\n]/);
  });
});
