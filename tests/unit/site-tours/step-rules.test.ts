import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { insertionIndex, movedSteps, selectorProblem, tourStepSchema } from "~/site-tours/step-rules";

describe("selectorProblem: what a tour step may point at", () => {
  it.each([
    ['[data-tour="logo"]', null],
    ["#main > nav a.active", null],
    ["main h1", null],
    ["button:not([disabled])", null],
    ['[data-tour="a]b"]', null],
    ["li:nth-child(2n + 1)", null],
    ["a\\[b", null],
    ["  .card  ", null],
  ])("%s is usable", (selector, expected) => {
    expect(selectorProblem(selector)).toBe(expected);
  });

  it.each([
    ["", /Write the selector/],
    ["   ", /Write the selector/],
    ["a".repeat(201), /200 characters/],
    ["<div>", /not markup/],
    ['[data-tour="logo"', /bracket that is not closed/],
    ['[data-tour="logo]', /quote that is not closed/],
    ["div)", /closes nothing/],
    ["li:not(.a", /bracket that is not closed/],
    ["[a)", /closes nothing/],
    ["> a", /combinator or a comma/],
    ["a,", /combinator or a comma/],
  ])("%s is refused", (selector, message) => {
    expect(selectorProblem(selector)).toMatch(message);
  });

  it("takes exactly 200 characters", () => {
    expect(selectorProblem("a".repeat(200))).toBeNull();
  });
});

describe("movedSteps", () => {
  it.each([
    ["up", 2, [1, 2, 3], [2, 1, 3]],
    ["down", 2, [1, 2, 3], [1, 3, 2]],
    ["up", 1, [1, 2, 3], null],
    ["down", 3, [1, 2, 3], null],
    ["up", 9, [1, 2, 3], null],
    ["down", 1, [1], null],
  ] as const)("%s %i in %j", (direction, id, ids, expected) => {
    expect(movedSteps(ids, id, direction)).toEqual(expected);
  });
});

describe("insertionIndex", () => {
  it.each([
    [undefined, 3, 3],
    [1, 3, 0],
    [2, 3, 1],
    [4, 3, 3],
    [50, 3, 3],
    [1, 0, 0],
  ])("position %s among %i steps goes at %i", (position, count, expected) => {
    expect(insertionIndex(position, count)).toBe(expected);
  });
});

describe("the step forms", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return parseWithZod(data, { schema: tourStepSchema });
  };

  it("takes a step with a trimmed selector and no position", () => {
    const parsed = form({ intent: "add", selector: ' [data-tour="logo"] ', title: "Home", body: "Back home." });
    expect(parsed.status).toBe("success");
    expect(parsed.status === "success" && parsed.value).toEqual({ intent: "add", selector: '[data-tour="logo"]', title: "Home", body: "Back home.", position: undefined });
  });

  it("refuses a broken selector with the reason", () => {
    const parsed = form({ intent: "add", selector: "<b>", title: "Home", body: "Back home." });
    expect(parsed.status).toBe("error");
    expect(parsed.status === "error" ? parsed.error?.selector?.[0] : null).toMatch(/not markup/);
  });
});
