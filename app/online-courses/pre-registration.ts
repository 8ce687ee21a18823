import { AccessLevel } from "~/accounts/roles";
import type { OnlineCourseStatus } from "~/db/schema";

/**
 * Pre-registration (SPEC §4: a preparing course shows its details and takes pre-registrations).
 * A pre-registration is a wish to hear when the course opens: it is not an enrolment and opens
 * no content (the access module never looks at it). Pure, shared by server and client.
 */

/** The notification a pre-registered student gets when the course is published. */
export const COURSE_PUBLISHED_NOTIFICATION = "OnlineCoursePublished";

/** What the overview page offers the viewer about pre-registration. */
export type PreRegistrationState =
  /** The course is not preparing (or the viewer cannot see it): nothing to offer. */
  | "unavailable"
  /** A guest: sign in or sign up first, then come back. */
  | "sign-in"
  /** A signed-in viewer who has not pre-registered. */
  | "open"
  /** Already pre-registered: may withdraw. */
  | "pre-registered";

export function preRegistrationState(input: {
  status: OnlineCourseStatus;
  accessLevel: AccessLevel;
  signedIn: boolean;
  preRegistered: boolean;
}): PreRegistrationState {
  if (input.status !== "preparing" || input.accessLevel < AccessLevel.OVERVIEW) return "unavailable";
  if (!input.signedIn) return "sign-in";
  return input.preRegistered ? "pre-registered" : "open";
}

export type PreRegistrationCheck = { ok: true } | { ok: false; status: 409; reason: string };

/** Whether a viewer who can see the course may pre-register now: only while it is preparing. */
export function checkPreRegistration(status: OnlineCourseStatus): PreRegistrationCheck {
  switch (status) {
    case "preparing":
      return { ok: true };
    case "published":
      return { ok: false, status: 409, reason: "This course is open: register for it below." };
    case "hidden":
    case "closed":
      return { ok: false, status: 409, reason: "This course is not taking pre-registrations." };
  }
}

/** Pre-registered students are told when a course moves to published, and only then. */
export function notifiesPreRegistrants(from: OnlineCourseStatus, to: OnlineCourseStatus): boolean {
  return to === "published" && from !== "published";
}

/** The count line staff see on the overview and in the course manager. */
export function preRegistrationCountLabel(count: number): string {
  if (count === 0) return "No one has pre-registered yet.";
  return count === 1 ? "1 student has pre-registered." : `${count} students have pre-registered.`;
}

/** The notification's data: a same-site link to the course and its name for the title. */
export function coursePublishedNotificationData(course: { id: number; name: string }) {
  return { path: `/online-courses/${course.id}`, online_course_id: course.id, course_name: course.name };
}
