import { describe, expect, it } from "vitest";
import { coverColor, coverLabel, isIsbn13, levelLabel, levelOfSegment, levelSegment, textbookHref } from "~/catalog/textbooks";
import { textbooks } from "../../../server/seed/data/site-content";

describe("textbook addresses", () => {
  it.each([
    ["undergrad", "undergrad", "Undergrad"],
    ["high-school", "high_school", "High School"],
    ["ap", "ap", "AP"],
  ] as const)("/textbooks/%s is the %s level (%s)", (segment, level, label) => {
    expect(levelOfSegment(segment)).toEqual({ level, label });
    expect(levelSegment(level)).toBe(segment);
    expect(levelLabel(level)).toBe(label);
  });

  it.each(["high_school", "High-School", "grad-school", "", "constructor", "__proto__"])("%j names no level", (segment) => {
    expect(levelOfSegment(segment)).toBeUndefined();
  });

  it.each([
    [{ level: "undergrad", slug: "calculus-one" }, "/textbooks/undergrad/calculus-one"],
    [{ level: "high_school", slug: "grade-11-functions" }, "/textbooks/high-school/grade-11-functions"],
    [{ level: "ap", slug: "ap-biology" }, "/textbooks/ap/ap-biology"],
  ] as const)("%o lives at %s", (book, href) => {
    expect(textbookHref(book)).toBe(href);
  });
});

describe("ISBN-13", () => {
  it.each([
    ["9780306406157", true, "a valid 978 ISBN"],
    ["9781990150128", true, "a demo ISBN"],
    ["9790000000001", true, "a valid 979 ISBN"],
    ["9780306406158", false, "a wrong check digit"],
    ["978-0-306-40615-7", false, "hyphens (stored as digits)"],
    ["978030640615", false, "12 digits"],
    ["97803064061570", false, "14 digits"],
    ["9770306406157", false, "a prefix other than 978 or 979"],
    ["0306406152", false, "an ISBN-10"],
    ["978030640615X", false, "a letter"],
    ["", false, "nothing"],
  ])("%j is %s (%s)", (value, valid) => {
    expect(isIsbn13(value)).toBe(valid);
  });

  it("holds for every demo textbook, all different", () => {
    for (const book of textbooks) expect(isIsbn13(book.isbn13), book.slug).toBe(true);
    expect(new Set(textbooks.map((book) => book.isbn13)).size).toBe(textbooks.length);
  });
});

describe("generated covers", () => {
  it.each([
    ["mathematics", "blue"],
    ["statistics", "blue"],
    ["biology", "green"],
    ["chemistry", "amber"],
    ["orgchem", "amber"],
    ["psychology", "purple"],
    ["economics", "indigo"],
    ["toString", "indigo"],
  ])("a %s textbook's cover is %s", (subject, color) => {
    expect(coverColor(subject)).toBe(color);
  });

  it.each([
    [{ title: "General Chemistry", edition: "4th edition" }, "Cover of General Chemistry, 4th edition"],
    [{ title: "General Chemistry", edition: null }, "Cover of General Chemistry"],
  ])("%o is read as %j", (book, label) => {
    expect(coverLabel(book)).toBe(label);
  });
});
