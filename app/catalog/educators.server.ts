import { sql } from "kysely";
import { educatorProfile } from "~/accounts/educators.server";
import { INSTRUCTOR_ROLES } from "~/accounts/roles";
import { db } from "~/db/db.server";
import { educatorReviews } from "~/reviews/reviews.server";
import { listUpcomingStudySessions } from "~/study-sessions/upcoming.server";
import { nextOpenSlots } from "~/tutoring/availability.server";
import { parseRecordId } from "~/utils/record-id";

/** How many of a tutor's next open times the profile lists. */
const OPEN_TIMES_SHOWN = 12;

/**
 * Who has a page at /instructors/{id}: an active user with an instructor role, or one who teaches
 * a published online course whatever their role (a teacher or a content creator named on the
 * course's page). Every link to an instructor page is drawn by this rule, so none answers 404.
 * Reads the `users` table of the query it is used in.
 */
export const hasInstructorPage = sql<boolean>`(users.deactivated_at is null and (
  users.roles && array[${sql.join(INSTRUCTOR_ROLES.map((role) => sql.lit(role)))}]::text[]
  or exists (select 1 from online_courses where online_courses.instructor_id = users.id and online_courses.status = 'published')
))`;

/** Whether /instructors/{id} answers for this user: whether a course page may link its educator there. */
export async function instructorPageExists(userId: number): Promise<boolean> {
  const row = await db().selectFrom("users").where("users.id", "=", userId).where(hasInstructorPage).select("users.id").executeTakeFirst();
  return Boolean(row);
}

/**
 * The public page of an instructor (`kind: "instructor"`) or a tutor; undefined when the user has
 * none. What the reviews part offers depends on the viewer (a guest is `id: null`; `mayModerate`:
 * the policy lets them hide and show reviews).
 */
export async function findEducatorPage(idParam: string | undefined, kind: "instructor" | "tutor", viewer: { id: number | null; mayModerate: boolean }) {
  const id = parseRecordId(idParam);
  if (id === null) return undefined;
  const profile = kind === "instructor" ? await educatorProfile(id, hasInstructorPage) : await educatorProfile(id);
  if (!profile) return undefined;
  if (kind === "tutor" && !profile.tutorProfile) return undefined;
  const now = new Date();
  const [sessions, reviews, openSlots, contract] = await Promise.all([
    listUpcomingStudySessions({ now, limit: 5, instructorId: id }),
    educatorReviews(id, viewer, now),
    profile.tutorProfile ? nextOpenSlots(id, now, OPEN_TIMES_SHOWN) : [],
    profile.tutorProfile && viewer.id !== null && viewer.id !== id ? viewerContractWith(id, viewer.id) : undefined,
  ]);
  return {
    ...profile,
    sessions,
    reviews,
    openSlots: openSlots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })),
    // What the viewer can do with this tutor: message them (signed in, not themselves), book under their contract.
    viewerActions: { signedIn: viewer.id !== null, self: viewer.id === id, contractId: contract?.id ?? null },
  };
}

/** The viewer's latest contract with this tutor that is not refunded: where they pay and book. */
async function viewerContractWith(tutorId: number, studentId: number) {
  return db()
    .selectFrom("student_tutor_contracts")
    .select("id")
    .where("tutor_id", "=", tutorId)
    .where("student_id", "=", studentId)
    .where("purchase_status", "!=", "refunded")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}
