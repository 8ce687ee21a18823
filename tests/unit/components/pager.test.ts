import { describe, expect, it } from "vitest";
import { pageHref } from "~/components/pager";

describe("pageHref", () => {
  it.each([
    [{}, 2, "?page=2"],
    [undefined, 1, "?page=1"],
    [{ query: "bio 101", school: "" }, 3, "?query=bio+101&page=3"],
    [{ course: 7, type: null, query: undefined }, 2, "?course=7&page=2"],
    [{ category: "free_resources" }, 4, "?category=free_resources&page=4"],
    [{ page: 9, role: "admin" }, 2, "?page=2&role=admin"],
  ] as const)("keeps the list's filters %j on page %i", (query, page, expected) => {
    expect(pageHref(query, page)).toBe(expected);
  });
});
