import { describe, expect, it } from "vitest";
import { hasFilters, matchesCourseFilters, parseTutorFilters } from "~/tutoring/tutor-filters";

const SUBJECTS = ["mathematics", "chemistry"];
const none = { courseId: null, subject: null, schoolId: null, openSoon: false };

describe("the filters of /tutors", () => {
  it.each([
    ["", none],
    ["course=12&subject=chemistry&school=3&open=week", { courseId: 12, subject: "chemistry", schoolId: 3, openSoon: true }],
    // Values that name nothing are ignored, so a stale or hand-made link still lists tutors.
    ["course=abc&subject=astrology&school=-1&open=yes", none],
    ["course=99999999999", none],
  ])("?%s reads %o", (query, filters) => {
    expect(parseTutorFilters(new URLSearchParams(query), SUBJECTS)).toEqual(filters);
  });

  it("knows when any filter is set", () => {
    expect(hasFilters(none)).toBe(false);
    expect(hasFilters({ ...none, openSoon: true })).toBe(true);
  });

  const courses = [
    { id: 1, subject: "mathematics", school_id: 10 },
    { id: 2, subject: "chemistry", school_id: 20 },
  ];
  it.each([
    [none, true],
    [{ ...none, courseId: 2 }, true],
    [{ ...none, courseId: 3 }, false],
    [{ ...none, subject: "chemistry", schoolId: 20 }, true],
    // One course must meet every filter: the mathematics course is not at school 20.
    [{ ...none, subject: "mathematics", schoolId: 20 }, false],
  ])("%o matches the tutor: %s", (filters, expected) => {
    expect(matchesCourseFilters(courses, filters)).toBe(expected);
  });
});
