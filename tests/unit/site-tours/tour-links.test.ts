import { describe, expect, it } from "vitest";
import { siteTourHref, TOUR_RETURN_MAX_LENGTH, tourReturnPath } from "~/site-tours/tours";

/** Tour links carry the page to go back to, and never a chain of tour addresses a crawler could follow forever. */

const longQuery = `/search?query=${"a".repeat(TOUR_RETURN_MAX_LENGTH)}`;
const longPath = `/${"a".repeat(TOUR_RETURN_MAX_LENGTH)}`;

describe("tourReturnPath", () => {
  it.each([
    ["a page", "/courses", "/courses"],
    ["a page with its query", "/courses?school=waterloo&page=2", "/courses?school=waterloo&page=2"],
    ["a page with a fragment, which is dropped", "/courses?school=waterloo#list", "/courses?school=waterloo"],
    ["dot segments, resolved", "/a/../courses", "/courses"],
    ["a query too long, shortened to its page", longQuery, "/search"],
    ["a path too long by itself", longPath, null],
    ["the tour page", "/site-tour?tour=site_help&from=%2Fcourses", null],
    ["the tour page with a trailing slash", "/site-tour/?tour=video", null],
    ["the tour page in capitals", "/Site-Tour?tour=video", null],
    ["the tour page percent-encoded", "/site%2Dtour?tour=video", null],
    ["the tour page without a query", "/site-tour", null],
    ["another site", "https://evil.example/courses", null],
    ["a protocol-relative address", "//evil.example/courses", null],
    ["a backslash trick", "/\\evil.example", null],
    ["a relative path", "courses", null],
    ["nothing", null, null],
    ["an empty value", "", null],
  ] as const)("%s: %s → %s", (_name, from, expected) => {
    expect(tourReturnPath(from)).toBe(expected);
  });

  it("keeps pages whose name only starts like the tour page's", () => {
    expect(tourReturnPath("/site-tours-archive")).toBe("/site-tours-archive");
  });
});

describe("siteTourHref", () => {
  it.each([
    ["from a page, back to it", "/courses?school=waterloo", "/site-tour?tour=site_help&from=%2Fcourses%3Fschool%3Dwaterloo"],
    ["from a tour page, back to where that tour leads", "/site-tour?tour=video&from=%2Fcourses", "/site-tour?tour=site_help&from=%2Fcourses"],
    ["from a tour page without a way back, none", "/site-tour?tour=video", "/site-tour?tour=site_help"],
    [
      "from a tour page reached by a nested link, the nesting dropped",
      `/site-tour?tour=video&from=${encodeURIComponent("/site-tour?tour=site_help&from=%2Fcourses")}`,
      "/site-tour?tour=site_help",
    ],
    ["from another site's address, none", "https://evil.example/", "/site-tour?tour=site_help"],
    ["from a page with a long query, back to the page", longQuery, "/site-tour?tour=site_help&from=%2Fsearch"],
    ["without a page", undefined, "/site-tour?tour=site_help"],
  ] as const)("%s", (_name, here, expected) => {
    expect(siteTourHref("site_help", here)).toBe(expected);
  });

  it("stays the same length however many times it is followed from its own page", () => {
    let here = "/courses?school=waterloo";
    const visited = new Set<string>();
    for (let click = 0; click < 5; click += 1) {
      here = siteTourHref("site_help", here);
      visited.add(here);
    }
    expect([...visited]).toEqual(["/site-tour?tour=site_help&from=%2Fcourses%3Fschool%3Dwaterloo"]);
  });
});
