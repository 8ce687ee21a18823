import { parseRecordId } from "~/utils/record-id";

/**
 * The filters of /tutors, read from the address (a GET form, so a filtered list is a link and the
 * guest page cache keys it): a course, a subject, a school, and "open in the next 7 days". A value
 * that names nothing is ignored rather than refused: a stale link still lists tutors.
 */
export interface TutorFilters {
  courseId: number | null;
  subject: string | null;
  schoolId: number | null;
  openSoon: boolean;
}

/** How far ahead "open soon" looks. */
export const OPEN_SOON_DAYS = 7;

export function parseTutorFilters(params: URLSearchParams, subjects: readonly string[]): TutorFilters {
  const subject = params.get("subject");
  return {
    courseId: parseRecordId(params.get("course")),
    subject: subject && subjects.includes(subject) ? subject : null,
    schoolId: parseRecordId(params.get("school")),
    openSoon: params.get("open") === "week",
  };
}

export function hasFilters(filters: TutorFilters): boolean {
  return filters.courseId !== null || filters.subject !== null || filters.schoolId !== null || filters.openSoon;
}

/** Whether a tutor's courses pass the course, subject and school filters. */
export function matchesCourseFilters(courses: readonly { id: number; subject: string; school_id: number }[], filters: TutorFilters): boolean {
  return courses.some(
    (course) =>
      (filters.courseId === null || course.id === filters.courseId) &&
      (filters.subject === null || course.subject === filters.subject) &&
      (filters.schoolId === null || course.school_id === filters.schoolId),
  );
}
