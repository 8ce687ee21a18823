import { describe, expect, it } from "vitest";
import { AccessLevel } from "~/accounts/roles";
import type { OnlineCourseStatus } from "~/db/schema";
import { coursePublishedMail } from "~/mail/templates";
import { groupTitle, notificationLink } from "~/notifications/groups";
import {
  checkPreRegistration,
  COURSE_PUBLISHED_NOTIFICATION,
  coursePublishedNotificationData,
  notifiesPreRegistrants,
  preRegistrationCountLabel,
  preRegistrationState,
  type PreRegistrationState,
} from "~/online-courses/pre-registration";

describe("what the overview offers about pre-registration (SPEC §4: preparing = details and pre-registration only)", () => {
  it.each<[OnlineCourseStatus, AccessLevel, boolean, boolean, PreRegistrationState]>([
    ["preparing", AccessLevel.OVERVIEW, false, false, "sign-in"],
    ["preparing", AccessLevel.OVERVIEW, true, false, "open"],
    ["preparing", AccessLevel.OVERVIEW, true, true, "pre-registered"],
    ["preparing", AccessLevel.EDIT, true, false, "open"],
    ["preparing", AccessLevel.NONE, true, false, "unavailable"],
    ["published", AccessLevel.LIMITED_VIEW, true, true, "unavailable"],
    ["hidden", AccessLevel.EDIT, true, false, "unavailable"],
    ["closed", AccessLevel.ADMIN, true, false, "unavailable"],
  ])("%s at level %i, signed in %s, pre-registered %s → %s", (status, accessLevel, signedIn, preRegistered, expected) => {
    expect(preRegistrationState({ status, accessLevel, signedIn, preRegistered })).toBe(expected);
  });

  it.each<[OnlineCourseStatus, boolean]>([
    ["hidden", false],
    ["preparing", true],
    ["published", false],
    ["closed", false],
  ])("pre-registering on a %s course is allowed: %s", (status, allowed) => {
    const check = checkPreRegistration(status);
    expect(check.ok).toBe(allowed);
    if (!check.ok) expect(check).toMatchObject({ status: 409, reason: expect.stringMatching(/\.$/) });
  });
});

describe("who is told when (notify once, on publishing)", () => {
  it.each<[OnlineCourseStatus, OnlineCourseStatus, boolean]>([
    ["preparing", "published", true],
    ["hidden", "published", true],
    ["hidden", "preparing", false],
    ["published", "closed", false],
    ["published", "published", false],
  ])("%s → %s tells pre-registered students: %s", (from, to, tells) => {
    expect(notifiesPreRegistrants(from, to)).toBe(tells);
  });

  it.each([
    [0, "No one has pre-registered yet."],
    [1, "1 student has pre-registered."],
    [42, "42 students have pre-registered."],
  ])("staff read %i as “%s”", (count, label) => {
    expect(preRegistrationCountLabel(count)).toBe(label);
  });

  it("the notification names the course and links to its overview", () => {
    const data = coursePublishedNotificationData({ id: 12, name: "MATH 100 Final Exam Prep" });
    const item = { id: "1", type: COURSE_PUBLISHED_NOTIFICATION, group_key: "12", read: false, data, created_at: "2026-11-23T12:00:00Z" };
    expect(notificationLink(item)).toBe("/online-courses/12");
    expect(groupTitle({ key: "k", type: item.type, group_key: "12", items: [item], unread: 1, latest_at: item.created_at })).toBe(
      "MATH 100 Final Exam Prep is open: you can register now",
    );
  });

  it("the mail names the course, links to it, and escapes what comes from outside", () => {
    const mail = coursePublishedMail({ name: "Maya", courseName: "Calculus <b>1</b>", url: "https://example.test/online-courses/12" });
    expect(mail.subject).toBe("Calculus <b>1</b> is open");
    expect(mail.text).toContain("Hi Maya,");
    expect(mail.text).toContain("See the course: https://example.test/online-courses/12");
    expect(mail.html).toContain("Calculus &lt;b&gt;1&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>1</b>");
  });
});
