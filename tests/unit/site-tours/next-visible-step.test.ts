import { describe, expect, it } from "vitest";
import { nextVisibleStep, type TourStep } from "~/site-tours/tours";

const steps: TourStep[] = ["#a", "#b", "#c", "#d"].map((selector, position) => ({ position, selector, title: selector, body: "…" }));

describe("nextVisibleStep: a step whose element is gone is skipped, never stuck on", () => {
  it.each([
    ["the next step, when its element is there", 0, "next", ["#a", "#b", "#c", "#d"], 1],
    ["skips a missing element", 0, "next", ["#a", "#c", "#d"], 2],
    ["skips several missing elements", 0, "next", ["#a", "#d"], 3],
    ["none left after this one: the tour finishes", 1, "next", ["#a", "#b"], null],
    ["past the last step: the tour finishes", 3, "next", ["#a", "#b", "#c", "#d"], null],
    ["the first visible step from before the start", -1, "next", ["#c"], 2],
    ["no step visible at all", -1, "next", [], null],
    ["back to the previous step", 2, "back", ["#a", "#b", "#c"], 1],
    ["back over a missing element", 3, "back", ["#a", "#d"], 0],
    ["back from the first visible step: nowhere", 2, "back", ["#c", "#d"], null],
    ["back from the first step: nowhere", 0, "back", ["#a", "#b"], null],
  ] as const)("%s", (_name, from, direction, visible, expected) => {
    expect(nextVisibleStep(steps, from, direction, (selector) => (visible as readonly string[]).includes(selector))).toBe(expected);
  });

  it("finishes at once in a tour without steps", () => {
    expect(nextVisibleStep([], -1, "next", () => true)).toBeNull();
  });
});
