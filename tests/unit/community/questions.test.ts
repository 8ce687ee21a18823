import { describe, expect, it } from "vitest";
import { askAllowance, mayBePublic, nextQuestionStatus, questionStatusFilter, questionTopic, QUESTIONS_PER_DAY, type QuestionEvent } from "~/community/questions";
import type { QuestionStatus } from "~/db/schema";

describe("a question's status", () => {
  const table: [QuestionStatus, QuestionEvent, QuestionStatus | string][] = [
    ["open", "answer", "answered"],
    ["answered", "answer", "answered"],
    ["closed", "answer", "This question is closed. Reopen it to answer."],
    ["open", "follow_up", "open"],
    ["answered", "follow_up", "open"],
    ["closed", "follow_up", "This question is closed."],
    ["open", "close", "closed"],
    ["answered", "close", "closed"],
    ["closed", "close", "This question is already closed."],
    ["closed", "reopen", "open"],
    ["open", "reopen", "Only a closed question can be reopened."],
    ["answered", "reopen", "Only a closed question can be reopened."],
  ];
  it.each(table)("%s + %s → %s", (current, event, expected) => {
    const change = nextQuestionStatus(current, event);
    expect(change.ok ? change.status : change.message).toBe(expected);
  });
});

describe("the inbox's status filter", () => {
  it.each([
    [null, "open"],
    ["open", "open"],
    ["answered", "answered"],
    ["closed", "closed"],
    ["all", "all"],
    ["ALL", "open"],
    ["pending", "open"],
  ] as const)("%s → %s", (value, expected) => expect(questionStatusFilter(value)).toBe(expected));
});

describe("asking", () => {
  it.each([
    [0, true],
    [QUESTIONS_PER_DAY - 1, true],
    [QUESTIONS_PER_DAY, false],
    [QUESTIONS_PER_DAY + 5, false],
  ])("with %i asked today → allowed %s", (asked, allowed) => expect(askAllowance(asked).ok).toBe(allowed));

  it("shows only a question about an activity to every student", () => {
    expect(mayBePublic({ activity_id: 12 })).toBe(true);
    expect(mayBePublic({ activity_id: null })).toBe(false);
  });

  it.each([
    [{ kind: "online_course", course_code: "MATH 137", activity_title: "Limits", subject: "" }, "MATH 137 · Limits"],
    [{ kind: "online_course", course_code: "MATH 137", activity_title: null, subject: "" }, "MATH 137"],
    [{ kind: "online_course", course_code: null, activity_title: null, subject: "" }, "Online course"],
    [{ kind: "study_buddy", course_code: null, activity_title: null, subject: "Essays" }, "Study Buddy · Essays"],
    [{ kind: "study_buddy", course_code: null, activity_title: null, subject: "" }, "Study Buddy"],
  ] as const)("names %j as %s", (question, expected) => expect(questionTopic(question)).toBe(expected));
});
