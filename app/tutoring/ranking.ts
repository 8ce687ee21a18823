import { averageRating, type ReviewTotals } from "~/reviews/rules";

/**
 * Which tutors to suggest to a student, pure: a tutor of one of the student's own courses first
 * (the reason they come), then one at their school, then by rating (an unrated tutor counts as an
 * average one, so newcomers are not buried), then one with weekly hours set over one without.
 * Tutors not taking students are left out. Ties keep the most experienced first.
 */

export interface TutorCandidate {
  id: number;
  firstName: string;
  lastName: string;
  headline: string;
  rateCents: number;
  currency: "USD" | "CAD";
  acceptingStudents: boolean;
  sessionsTaught: number;
  tutoredCourseIds: readonly number[];
  tutoredCourseCodes: readonly string[];
  schoolIds: readonly number[];
  reviews: ReviewTotals;
  hasWeeklyHours: boolean;
}

export interface StudentFacts {
  id: number | null;
  courseIds: readonly number[];
  schoolId: number | null;
}

const UNRATED = 3.5;

export function tutorScore(tutor: TutorCandidate, student: StudentFacts): number {
  const shared = tutor.tutoredCourseIds.filter((id) => student.courseIds.includes(id)).length;
  const sameSchool = student.schoolId !== null && tutor.schoolIds.includes(student.schoolId);
  return shared * 100 + (sameSchool ? 20 : 0) + (averageRating(tutor.reviews) ?? UNRATED) * 2 + (tutor.hasWeeklyHours ? 1 : 0);
}

/** The candidates a student is offered, best first, with what they share. */
export function rankTutors(candidates: readonly TutorCandidate[], student: StudentFacts, limit = 6) {
  return candidates
    .filter((tutor) => tutor.acceptingStudents && tutor.id !== student.id)
    .map((tutor) => ({
      tutor,
      score: tutorScore(tutor, student),
      sharedCourseCodes: tutor.tutoredCourseCodes.filter((_, index) => student.courseIds.includes(tutor.tutoredCourseIds[index]!)),
    }))
    .sort((a, b) => b.score - a.score || b.tutor.sessionsTaught - a.tutor.sessionsTaught || a.tutor.id - b.tutor.id)
    .slice(0, limit);
}
