import { describe, expect, it } from "vitest";
import { isSiteTourKey, moveInTour, orderedSteps, siteTourHref, stepsToShow, tourForPath, tourToOffer, type SiteTourKey, type TourStep } from "~/site-tours/tours";

const step = (position: number, selector: string): TourStep => ({ position, selector, title: `Step ${position}`, body: "…" });

describe("tourForPath", () => {
  it.each([
    ["/in-course-experience/waterloo-math-137-exam-prep", "online_course_experience"],
    ["/in-course-experience/x/chapter/2", "online_course_experience"],
    ["/study-rooms/demo", "study_room"],
    ["/study-rooms", "study_room"],
    ["/drm-video-testing", "video"],
    ["/", "site_help"],
    ["/courses", "site_help"],
    ["/in-course-experienced", "site_help"],
    ["/study-roomsfoo", "site_help"],
  ] as const)("%s → %s", (pathname, key) => {
    expect(tourForPath(pathname)).toBe(key);
  });
});

describe("siteTourHref and isSiteTourKey", () => {
  it("leads to the tour's page, with the page to go back to", () => {
    expect(siteTourHref("site_help")).toBe("/site-tour?tour=site_help");
    expect(siteTourHref("video", "/courses?school=waterloo")).toBe("/site-tour?tour=video&from=%2Fcourses%3Fschool%3Dwaterloo");
  });
  it.each([
    ["site_help", true],
    ["study_room", true],
    ["toString", false],
    ["", false],
    [3, false],
  ] as const)("%s is a tour key: %s", (value, expected) => {
    expect(isSiteTourKey(value)).toBe(expected);
  });
});

describe("orderedSteps and stepsToShow", () => {
  const steps = [step(2, "#c"), step(0, "#a"), step(1, "#b")];

  it("orders steps by position, whatever order they come in", () => {
    expect(orderedSteps(steps).map((s) => s.selector)).toEqual(["#a", "#b", "#c"]);
    expect(steps.map((s) => s.position)).toEqual([2, 0, 1]);
  });

  it.each([
    ["every element present", ["#a", "#b", "#c"], ["#a", "#b", "#c"], true],
    ["one missing (a guest has no account menu)", ["#a", "#c"], ["#a", "#c"], true],
    ["only the last present", ["#c"], ["#c"], true],
    ["none present: every step, without highlight", [], ["#a", "#b", "#c"], false],
  ] as const)("%s", (_name, present, expected, highlighted) => {
    const shown = stepsToShow(steps, (selector) => (present as readonly string[]).includes(selector));
    expect(shown.steps.map((s) => s.selector)).toEqual(expected);
    expect(shown.highlighted).toBe(highlighted);
  });

  it("shows nothing for a tour without steps", () => {
    expect(stepsToShow([], () => true)).toEqual({ steps: [], highlighted: false });
  });
});

describe("moveInTour", () => {
  it.each([
    [0, 3, "next", { index: 1 }],
    [1, 3, "next", { index: 2 }],
    [2, 3, "next", { finished: true }],
    [2, 3, "back", { index: 1 }],
    [0, 3, "back", { index: 0 }],
    [1, 3, "end", { finished: true }],
    [0, 0, "next", { finished: true }],
    [0, 1, "next", { finished: true }],
  ] as const)("step %i of %i, %s → %o", (index, count, move, expected) => {
    expect(moveInTour(index, count, move)).toEqual(expected);
  });
});

describe("tourToOffer", () => {
  const unseen: SiteTourKey[] = ["site_help", "online_course_experience"];
  it.each([
    ["the page's unseen tour", "/courses", unseen, [], "site_help"],
    ["the in-course tour on a course page", "/in-course-experience/x", unseen, [], "online_course_experience"],
    ["nothing once offered in this visit", "/courses", unseen, ["site_help"], null],
    ["nothing when already seen", "/courses", ["online_course_experience"], [], null],
    ["nothing for another page's unseen tour", "/study-rooms/demo", unseen, [], null],
    ["nothing when everything was seen", "/courses", [], [], null],
  ] as const)("%s", (_name, pathname, unseenKeys, offered, expected) => {
    expect(tourToOffer(pathname, unseenKeys, new Set(offered))).toBe(expected);
  });
});
