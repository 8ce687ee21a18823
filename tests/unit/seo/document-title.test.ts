import { describe, expect, it } from "vitest";
import { clippedTitle, documentTitle, pageMeta, TITLE_LIMIT } from "~/seo/page-meta";

/** Titles search results show whole, and no canonical address on pages kept out of them. */

const algebra = "MATH 135 Algebra for Honours Mathematics";
const course = "MATH 137 Calculus 1 for Honours Mathematics Students";
const long = "CHEM 130 General Chemistry: Macroscopic Investigations and Reaction Principles";

describe("documentTitle", () => {
  it.each([
    ["a short title, with the site name", { title: "Pricing" }, "Pricing — Marketplace"],
    ["the site name alone, once", { title: "Marketplace" }, "Marketplace"],
    ["a full title that fits, with the site name", { title: "MATH 137 Calculus", fullTitle: "MATH 137 Calculus at Waterloo" }, "MATH 137 Calculus at Waterloo — Marketplace"],
    [
      "a full title that fits only without the site name",
      { title: algebra, fullTitle: `${algebra} at Waterloo` },
      "MATH 135 Algebra for Honours Mathematics at Waterloo",
    ],
    [
      "the title with the site name, when the full title is too long",
      { title: "MATH 137 Calculus 1", fullTitle: "MATH 137 Calculus 1 for Honours Mathematics at University of Waterloo" },
      "MATH 137 Calculus 1 — Marketplace",
    ],
    ["the title alone, when the site name does not fit", { title: course, fullTitle: `${course} at University of Waterloo` }, course],
    ["a title too long by itself, whole", { title: long, fullTitle: `${long} at University of Michigan` }, long],
    ["a title too long by itself and no full title, whole", { title: long }, long],
  ] as const)("%s", (_name, input, expected) => {
    expect(documentTitle(input)).toBe(expected);
  });

  it(`keeps to ${TITLE_LIMIT} characters whenever the title itself does`, () => {
    for (let length = 1; length <= TITLE_LIMIT; length += 1) {
      const title = "x".repeat(length);
      expect(documentTitle({ title, fullTitle: `${title} at University of Waterloo` }).length).toBeLessThanOrEqual(TITLE_LIMIT);
    }
  });
});

describe("pageMeta", () => {
  const find = (tags: ReturnType<typeof pageMeta>, key: string, value: string) => tags.find((tag) => (tag as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

  it("titles link previews with the full title, which have room for it", () => {
    const tags = pageMeta("https://example.test", { title: course, fullTitle: `${course} at University of Waterloo`, description: "D", path: "/courses/math-137" });
    expect(tags[0]).toEqual({ title: course });
    expect(find(tags, "property", "og:title")?.content).toBe(`${course} at University of Waterloo`);
  });

  it("names no canonical or og:url address on a page kept out of search results", () => {
    const tags = pageMeta("https://example.test", { title: "Checkout", description: "Pay", path: "/checkout", noindex: true });
    expect(find(tags, "name", "robots")?.content).toBe("noindex");
    expect(find(tags, "rel", "canonical")).toBeUndefined();
    expect(find(tags, "property", "og:url")).toBeUndefined();
  });

  it("names both on an indexed page", () => {
    const tags = pageMeta("https://example.test", { title: "About", description: "D", path: "/about" });
    expect(find(tags, "rel", "canonical")?.href).toBe("https://example.test/about");
    expect(find(tags, "property", "og:url")?.content).toBe("https://example.test/about");
  });
});

describe("clippedTitle", () => {
  it.each([
    ["Short enough", "Short enough"],
    ["x".repeat(TITLE_LIMIT), "x".repeat(TITLE_LIMIT)],
    ["When do I need the Squeeze Theorem instead of factoring, and how do I spot one on the midterm?", "When do I need the Squeeze Theorem instead of factoring,…"],
    ["y".repeat(TITLE_LIMIT + 10), `${"y".repeat(TITLE_LIMIT - 1)}…`],
  ])("%s → %s", (text, expected) => {
    const clipped = clippedTitle(text);
    expect(clipped).toBe(expected);
    expect(clipped.length).toBeLessThanOrEqual(TITLE_LIMIT);
  });
});
