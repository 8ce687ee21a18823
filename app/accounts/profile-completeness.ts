import type { SchoolType } from "~/db/schema";

/**
 * Profile completeness (SPEC §5). Pure, shared by the profile page (what to ask for) and the
 * server. A student profile needs a school and a year, and faculty and degree unless the
 * school is a high school or K-8 (those have neither). A tutor profile needs at least one
 * tutored course. Other roles (staff, instructors, …) have no profile requirements.
 */
export type MissingProfileItem = "school" | "year" | "faculty" | "degree" | "tutored_courses";

export interface ProfileFacts {
  roles: readonly string[];
  school_id: number | null;
  /** The type of the user's school; null when there is no school. */
  school_type: SchoolType | null;
  year: string | null;
  faculty: string | null;
  degree: string | null;
  tutoredCourseCount: number;
}

export const MISSING_ITEM_LABELS: Record<MissingProfileItem, string> = {
  school: "your school",
  year: "your year",
  faculty: "your faculty",
  degree: "your degree",
  tutored_courses: "the courses you tutor",
};

/** Schools without faculties or degrees. */
const SCHOOLS_WITHOUT_FACULTY: readonly SchoolType[] = ["high_school", "k_to_8"];

const filled = (value: string | null) => value !== null && value.trim() !== "";

/** Whether the student rules apply: a signed-in user holding no role is a student (SPEC §6). */
function isStudentProfile(roles: readonly string[]) {
  return roles.length === 0;
}

export function missingProfileItems(profile: ProfileFacts): MissingProfileItem[] {
  const missing: MissingProfileItem[] = [];
  if (isStudentProfile(profile.roles)) {
    if (profile.school_id === null) missing.push("school");
    if (!filled(profile.year)) missing.push("year");
    // Until a school is chosen we cannot know whether it has faculties, so ask for them.
    const needsFaculty = profile.school_type === null || !SCHOOLS_WITHOUT_FACULTY.includes(profile.school_type);
    if (needsFaculty && !filled(profile.faculty)) missing.push("faculty");
    if (needsFaculty && !filled(profile.degree)) missing.push("degree");
  }
  if (profile.roles.includes("tutor") && profile.tutoredCourseCount === 0) missing.push("tutored_courses");
  return missing;
}

export function isProfileComplete(profile: ProfileFacts): boolean {
  return missingProfileItems(profile).length === 0;
}
