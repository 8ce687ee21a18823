import type { EnrolmentStatus, PackageType } from "../../../app/db/schema";

/** Demo enrolments: who is in which online course, and how far they have got. */
export interface EnrolmentSeed {
  email: string;
  onlineCourseSlug: string;
  status: EnrolmentStatus;
  packageType: PackageType;
  /** How many activities, in curriculum order, are already completed; the next one is current. */
  completedActivities: number;
  viewTimeMinutes: number;
}

export const enrolments: readonly EnrolmentSeed[] = [
  // The demo student studies for Waterloo MATH 137 with the Learn package, a few lessons in.
  {
    email: "student@demo.test",
    onlineCourseSlug: "waterloo-math-137-exam-prep",
    status: "active",
    packageType: "learn",
    completedActivities: 3,
    viewTimeMinutes: 42,
  },
  // Two more courses with the Learn package, just started: their booklets are not made yet, so the
  // demo student can generate one at /courses/waterloo-cs-135/booklet or /courses/mcgill-chem-110/booklet.
  {
    email: "student@demo.test",
    onlineCourseSlug: "functional-program-design",
    status: "active",
    packageType: "learn",
    completedActivities: 1,
    viewTimeMinutes: 12,
  },
  {
    email: "student@demo.test",
    onlineCourseSlug: "general-chemistry-1-complete",
    status: "active",
    packageType: "learn",
    completedActivities: 1,
    viewTimeMinutes: 8,
  },
];
