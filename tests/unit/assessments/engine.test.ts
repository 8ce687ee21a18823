import { describe, expect, it } from "vitest";
import { acceptsAnswers, deadlineFor, formatRemaining, savedAnswers, scaledScore, sittingState, storedAnswers, SUBMIT_GRACE_SECONDS, type SittingFacts } from "~/assessments/engine";

const start = new Date("2026-11-20T10:00:00Z");
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const sitting = (overrides: Partial<SittingFacts> = {}): SittingFacts => ({ startedAt: start, deadlineAt: deadlineFor(start, 150), submittedAt: null, ...overrides });

describe("the server's clock of a mock exam sitting", () => {
  it("sets the deadline from the time limit", () => {
    expect(deadlineFor(start, 150).toISOString()).toBe("2026-11-20T12:30:00.000Z");
    expect(deadlineFor(start, 35).toISOString()).toBe("2026-11-20T10:35:00.000Z");
  });

  it.each<[string, SittingFacts | null, number, ReturnType<typeof sittingState>]>([
    ["no sitting yet", null, 0, { kind: "not-started" }],
    ["just started", sitting(), 0, { kind: "in-progress", remainingSeconds: 9000 }],
    ["a reload an hour in keeps the time left", sitting(), 3600, { kind: "in-progress", remainingSeconds: 5400 }],
    ["half a second left rounds up", sitting(), 8999.5, { kind: "in-progress", remainingSeconds: 1 }],
    ["at the deadline: time is up", sitting(), 9000, { kind: "time-up" }],
    ["a day later, never submitted: time is up", sitting(), 86_400, { kind: "time-up" }],
    ["submitted before the deadline", sitting({ submittedAt: at(600) }), 700, { kind: "submitted" }],
    ["submitted, looked at after the deadline", sitting({ submittedAt: at(9000) }), 99_999, { kind: "submitted" }],
  ])("%s", (_name, facts, seconds, state) => {
    expect(sittingState(facts, at(seconds))).toEqual(state);
  });

  it.each([
    [0, true],
    [9000, true],
    [9000 + SUBMIT_GRACE_SECONDS, true],
    [9000 + SUBMIT_GRACE_SECONDS + 1, false],
    [20_000, false],
  ])("answers posted %i s after the start count: %s", (seconds, counted) => {
    expect(acceptsAnswers(deadlineFor(start, 150), at(seconds))).toBe(counted);
  });

  it.each([
    [9000, "2 h 30 min"],
    [7505, "2 h 05 min"],
    [3600, "1 h 00 min"],
    [249, "4 min 09 s"],
    [60, "1 min 00 s"],
    [45, "45 s"],
    [0, "0 s"],
    [-5, "0 s"],
  ])("%i seconds read as %s", (seconds, text) => {
    expect(formatRemaining(seconds)).toBe(text);
  });
});

describe("scaled scores", () => {
  it.each<[Parameters<typeof scaledScore>[0], number, number, number | null]>([
    ["mcat", 0, 230, 472],
    ["mcat", 230, 230, 528],
    ["mcat", 115, 230, 500],
    ["mcat", 9, 12, 514],
    ["mcat", 1, 3, 491],
    ["lsat", 0, 25, 120],
    ["lsat", 25, 25, 180],
    ["lsat", 20, 25, 168],
    ["lsat", 30, 25, 180],
    ["lsat", -2, 25, 120],
    ["mcat", 0, 0, null],
    [null, 10, 12, null],
  ])("%s: %i of %i → %s", (scale, correct, total, expected) => {
    expect(scaledScore(scale, correct, total)).toBe(expected);
  });
});

describe("saved answers", () => {
  it.each<[unknown, [number, number][]]>([
    [{ "12": 2, "13": 0 }, [[12, 2], [13, 0]]],
    [{ "12": -1, "13": 1.5, x: 2, "14": "1" }, []],
    [null, []],
    [[1, 2], []],
    ["{}", []],
  ])("%j → %j", (raw, entries) => {
    expect([...savedAnswers(raw)]).toEqual(entries);
  });

  it("are stored without the unanswered questions, and read back as they were given", () => {
    const given = new Map<number, number | null>([[12, 2], [13, null], [14, 0]]);
    expect(storedAnswers(given)).toEqual({ "12": 2, "14": 0 });
    expect([...savedAnswers(storedAnswers(given))]).toEqual([[12, 2], [14, 0]]);
    expect(storedAnswers(new Map())).toEqual({});
  });
});
