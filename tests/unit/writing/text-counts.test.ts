import { describe, expect, it } from "vitest";
import { countsLabel, limitState, textCounts } from "~/writing/text-counts";

describe("words and characters of an essay", () => {
  it.each([
    ["", 0, 0],
    ["   ", 0, 3],
    ["One", 1, 3],
    ["Two words", 2, 9],
    ["well-known don't", 2, 16],
    ["A dash — is not a word", 6, 22],
    ["Line one\nline two", 4, 16],
    ["Café naïve 2026", 3, 15],
    ["“Quoted,” she said.", 3, 19],
    ["中文 字", 2, 4],
  ])("%j has %i words and %i characters", (text, words, characters) => {
    expect(textCounts(text)).toEqual({ words, characters });
  });
});

describe("a count against the word limit", () => {
  it.each([
    [10, null, "none"],
    [10, 650, "under"],
    [585, 650, "near"],
    [650, 650, "near"],
    [651, 650, "over"],
  ] as const)("%i words of %s is %s", (words, limit, state) => {
    expect(limitState(words, limit)).toBe(state);
  });

  it("says how far over the limit the essay is", () => {
    expect(countsLabel({ words: 660, characters: 3400 }, 650)).toBe("660 / 650 words · 3,400 characters · 10 over the limit");
    expect(countsLabel({ words: 1, characters: 1 }, null)).toBe("1 word · 1 character");
  });
});
