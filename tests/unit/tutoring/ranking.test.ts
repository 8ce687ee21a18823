import { describe, expect, it } from "vitest";
import { rankTutors, type TutorCandidate } from "~/tutoring/ranking";

const base: TutorCandidate = {
  id: 1,
  firstName: "A",
  lastName: "Tutor",
  headline: "",
  rateCents: 4000,
  currency: "CAD",
  acceptingStudents: true,
  sessionsTaught: 10,
  tutoredCourseIds: [],
  tutoredCourseCodes: [],
  schoolIds: [],
  reviews: { count: 0, total: 0 },
  hasWeeklyHours: true,
};
const tutor = (id: number, facts: Partial<TutorCandidate>): TutorCandidate => ({ ...base, id, ...facts });
const student = { id: 99, courseIds: [7, 8], schoolId: 3 };

describe("recommended tutors", () => {
  it.each([
    ["a tutor of the student's course beats a five-star stranger", [tutor(1, { reviews: { count: 4, total: 20 } }), tutor(2, { tutoredCourseIds: [7], tutoredCourseCodes: ["MATH 137"] })], [2, 1]],
    ["two shared courses beat one", [tutor(1, { tutoredCourseIds: [7], tutoredCourseCodes: ["MATH 137"] }), tutor(2, { tutoredCourseIds: [7, 8], tutoredCourseCodes: ["MATH 137", "MATH 138"] })], [2, 1]],
    ["the student's school beats another school", [tutor(1, { schoolIds: [4] }), tutor(2, { schoolIds: [3] })], [2, 1]],
    ["a higher rating wins among equals", [tutor(1, { reviews: { count: 2, total: 6 } }), tutor(2, { reviews: { count: 2, total: 9 } })], [2, 1]],
    ["an unrated tutor sits between a 3-star and a 4-star one", [tutor(1, { reviews: { count: 1, total: 3 } }), tutor(2, {}), tutor(3, { reviews: { count: 1, total: 4 } })], [3, 2, 1]],
    ["weekly hours break a tie", [tutor(1, { hasWeeklyHours: false }), tutor(2, {})], [2, 1]],
    ["then experience", [tutor(1, { sessionsTaught: 3 }), tutor(2, { sessionsTaught: 40 })], [2, 1]],
    ["tutors not taking students and the student themselves are left out", [tutor(1, { acceptingStudents: false }), tutor(99, {}), tutor(2, {})], [2]],
  ] as const)("%s", (_label, candidates, order) => {
    expect(rankTutors(candidates as unknown as TutorCandidate[], student).map((ranked) => ranked.tutor.id)).toEqual(order);
  });

  it("says which of the student's courses a tutor shares, and keeps to the limit", () => {
    const ranked = rankTutors([tutor(1, { tutoredCourseIds: [5, 8], tutoredCourseCodes: ["CS 135", "MATH 138"] }), tutor(2, {}), tutor(3, {})], student, 2);
    expect(ranked.map((entry) => [entry.tutor.id, entry.sharedCourseCodes])).toEqual([
      [1, ["MATH 138"]],
      [2, []],
    ]);
  });
});
