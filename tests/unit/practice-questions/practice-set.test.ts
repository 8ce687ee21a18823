import { describe, expect, it } from "vitest";
import type { Decision, LockReason } from "~/online-courses/access";
import { examTimeLimitMinutes, opensSet, PRACTICE_SET_TOKEN_PRICE, practiceProgress, practiceSetPrice, setAccess, setTopics, topicAccuracy } from "~/practice-questions/practice-set";

const allowed: Decision = { allowed: true, via: "package" };
const denied = (reason: LockReason): Decision => ({ allowed: false, reason });

describe("a practice set's price in tokens", () => {
  it.each([
    [null, PRACTICE_SET_TOKEN_PRICE],
    [{}, PRACTICE_SET_TOKEN_PRICE],
    [{ token_price: 12 }, 12],
    [{ token_price: 1 }, 1],
    [{ token_price: 1000 }, 1000],
    [{ token_price: 0 }, PRACTICE_SET_TOKEN_PRICE],
    [{ token_price: -3 }, PRACTICE_SET_TOKEN_PRICE],
    [{ token_price: 2.5 }, PRACTICE_SET_TOKEN_PRICE],
    [{ token_price: 1001 }, PRACTICE_SET_TOKEN_PRICE],
    [{ token_price: "7" }, PRACTICE_SET_TOKEN_PRICE],
  ])("content %j costs %i", (content, price) => {
    expect(practiceSetPrice(content as Record<string, unknown> | null)).toBe(price);
  });
});

describe("who has a practice set", () => {
  const base = { unlocked: false, signedIn: true, price: 5, balance: 20 };
  it.each<[string, Parameters<typeof setAccess>[0], ReturnType<typeof setAccess>]>([
    ["the course's package includes it", { ...base, decision: allowed }, { kind: "included" }],
    ["included wins over an old unlock", { ...base, decision: allowed, unlocked: true }, { kind: "included" }],
    ["bought with tokens", { ...base, decision: denied("needs-practice"), unlocked: true }, { kind: "unlocked" }],
    ["needs the Practice package: tokens buy it", { ...base, decision: denied("needs-practice") }, { kind: "buy", price: 5, balance: 20, affordable: true }],
    ["exactly enough tokens", { ...base, decision: denied("needs-practice"), balance: 5 }, { kind: "buy", price: 5, balance: 5, affordable: true }],
    ["one token short", { ...base, decision: denied("needs-practice"), balance: 4 }, { kind: "buy", price: 5, balance: 4, affordable: false }],
    ["no Practice package offered", { ...base, decision: denied("practice-not-offered") }, { kind: "buy", price: 5, balance: 20, affordable: true }],
    ["an enrolment that ended", { ...base, decision: denied("enrolment-inactive") }, { kind: "buy", price: 5, balance: 20, affordable: true }],
    ["a subscription course", { ...base, decision: denied("needs-subscription") }, { kind: "buy", price: 5, balance: 20, affordable: true }],
    ["a guest", { ...base, signedIn: false, balance: 0, decision: denied("sign-in") }, { kind: "sign-in", price: 5 }],
    ["a guest on a preparing course", { ...base, signedIn: false, decision: denied("not-open-yet") }, { kind: "locked", reason: "not-open-yet" }],
    ["a preparing course", { ...base, decision: denied("not-open-yet") }, { kind: "locked", reason: "not-open-yet" }],
    ["a course not visible", { ...base, decision: denied("not-visible") }, { kind: "locked", reason: "not-visible" }],
  ])("%s", (_case, input, expected) => {
    expect(setAccess(input)).toEqual(expected);
  });

  it("opens only when included or unlocked", () => {
    expect(opensSet({ kind: "included" })).toBe(true);
    expect(opensSet({ kind: "unlocked" })).toBe(true);
    expect(opensSet({ kind: "buy", price: 5, balance: 10, affordable: true })).toBe(false);
    expect(opensSet({ kind: "sign-in", price: 5 })).toBe(false);
    expect(opensSet({ kind: "locked", reason: "not-open-yet" })).toBe(false);
  });
});

describe("exam mode's time limit", () => {
  it.each([
    [0, 1],
    [1, 2],
    [2, 3],
    [8, 12],
    [9, 14],
    [20, 30],
  ])("%i questions: %i minutes", (questions, minutes) => {
    expect(examTimeLimitMinutes(questions)).toBe(minutes);
  });
});

describe("where a practice-mode attempt stands", () => {
  const ids = [11, 12, 13];
  it.each<[string, [number, number][], ReturnType<typeof practiceProgress>]>([
    ["nothing answered", [], { answered: 0, nextQuestionId: 11, position: 1 }],
    ["the first answered", [[11, 0]], { answered: 1, nextQuestionId: 12, position: 2 }],
    ["one skipped over by an answer further on", [[12, 1]], { answered: 1, nextQuestionId: 11, position: 1 }],
    [
      "all answered",
      [
        [11, 0],
        [12, 1],
        [13, 2],
      ],
      { answered: 3, nextQuestionId: null, position: 3 },
    ],
    ["an answer to a question no longer in the set", [[99, 0]], { answered: 0, nextQuestionId: 11, position: 1 }],
  ])("%s", (_case, answers, expected) => {
    expect(practiceProgress(ids, new Map(answers))).toEqual(expected);
  });
});

describe("accuracy per topic", () => {
  it("is weakest first, then by name, counting only answered questions", () => {
    expect(
      topicAccuracy([
        { topic: "Limits", answered: 4, correct: 4 },
        { topic: "Squeeze", answered: 2, correct: 0 },
        { topic: "Continuity", answered: 4, correct: 3 },
        { topic: "Asymptotes", answered: 4, correct: 3 },
        { topic: "Unseen", answered: 0, correct: 0 },
      ])
    ).toEqual([
      { topic: "Squeeze", answered: 2, correct: 0, percent: 0 },
      { topic: "Asymptotes", answered: 4, correct: 3, percent: 75 },
      { topic: "Continuity", answered: 4, correct: 3, percent: 75 },
      { topic: "Limits", answered: 4, correct: 4, percent: 100 },
    ]);
  });

  it("puts questions without a topic under General and merges rows of one topic", () => {
    expect(
      topicAccuracy([
        { topic: "", answered: 1, correct: 1 },
        { topic: "  ", answered: 2, correct: 0 },
        { topic: "Limits", answered: 3, correct: 2 },
      ])
    ).toEqual([
      { topic: "General", answered: 3, correct: 1, percent: 33 },
      { topic: "Limits", answered: 3, correct: 2, percent: 67 },
    ]);
  });

  it("never counts more right than answered", () => {
    expect(topicAccuracy([{ topic: "Odd", answered: 2, correct: 5 }])).toEqual([{ topic: "Odd", answered: 2, correct: 2, percent: 100 }]);
  });

  it("is empty with nothing answered", () => {
    expect(topicAccuracy([])).toEqual([]);
  });
});

describe("a set's topics", () => {
  it.each([
    [[], []],
    [[{ topic: "Limits" }], [{ topic: "Limits", count: 1 }]],
    [
      [{ topic: "Limits" }, { topic: "Continuity" }, { topic: "Limits" }],
      [
        { topic: "Limits", count: 2 },
        { topic: "Continuity", count: 1 },
      ],
    ],
    [
      [{ topic: "" }, { topic: null }, { topic: "  " }, { topic: "Limits" }],
      [
        { topic: "General", count: 3 },
        { topic: "Limits", count: 1 },
      ],
    ],
  ])("%j → %j", (questions, expected) => expect(setTopics(questions)).toEqual(expected));
});
