import { describe, expect, it } from "vitest";
import { isProfileComplete, missingProfileItems, type ProfileFacts } from "~/accounts/profile-completeness";
import type { SchoolType } from "~/db/schema";

/** SPEC §5: student profiles need school and year, and faculty and degree unless high school or K-8; tutors need tutored courses. */
const student = (overrides: Partial<ProfileFacts> = {}): ProfileFacts => ({
  roles: [],
  school_id: 1,
  school_type: "university",
  year: "2",
  faculty: "Science",
  degree: "BSc",
  tutoredCourseCount: 0,
  ...overrides,
});

describe("a student profile", () => {
  // Every combination of school type × which of year/faculty/degree is filled.
  const schoolTypes: (SchoolType | null)[] = ["university", "high_school", "k_to_8", null];
  const values = [null, "", "  ", "filled"] as const;
  const cases: [SchoolType | null, string | null, string | null, string | null][] = [];
  for (const type of schoolTypes) for (const year of values) for (const faculty of values) for (const degree of values) cases.push([type, year, faculty, degree]);

  it.each(cases)("school type %s, year %j, faculty %j, degree %j", (type, year, faculty, degree) => {
    const facts = student({ school_id: type === null ? null : 7, school_type: type, year, faculty, degree });
    const filled = (value: string | null) => value !== null && value.trim() !== "";
    const expected: string[] = [];
    if (type === null) expected.push("school");
    if (!filled(year)) expected.push("year");
    const needsFaculty = type !== "high_school" && type !== "k_to_8";
    if (needsFaculty && !filled(faculty)) expected.push("faculty");
    if (needsFaculty && !filled(degree)) expected.push("degree");
    expect(missingProfileItems(facts)).toEqual(expected);
    expect(isProfileComplete(facts)).toBe(expected.length === 0);
  });

  it.each([
    ["a complete university student", student(), []],
    ["a new student with nothing filled", student({ school_id: null, school_type: null, year: null, faculty: null, degree: null }), ["school", "year", "faculty", "degree"]],
    ["a high-school student with school and year", student({ school_type: "high_school", faculty: null, degree: null }), []],
    ["a K-8 student without a year", student({ school_type: "k_to_8", year: null, faculty: null, degree: null }), ["year"]],
    ["a university student without a degree", student({ degree: null }), ["degree"]],
  ] as const)("%s → %j", (_name, facts, expected) => {
    expect(missingProfileItems(facts)).toEqual(expected);
  });
});

describe("a tutor profile", () => {
  it.each([
    [["tutor"], 0, ["tutored_courses"]],
    [["tutor"], 1, []],
    [["tutor"], 5, []],
    [["tutor", "teacher"], 0, ["tutored_courses"]],
    // Other educators and staff have no requirements.
    [["teacher"], 0, []],
    [["instructor"], 0, []],
    [["admin"], 0, []],
  ] as const)("roles %j with %i tutored courses → %j", (roles, count, expected) => {
    // A tutor's own school details are not required (they are not a student).
    const facts = student({ roles, tutoredCourseCount: count, school_id: null, school_type: null, year: null, faculty: null, degree: null });
    expect(missingProfileItems(facts)).toEqual(expected);
  });

  it("ignores tutored courses on a student (the student rules apply)", () => {
    expect(missingProfileItems(student({ tutoredCourseCount: 0 }))).toEqual([]);
  });
});
