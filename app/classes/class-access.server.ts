import { can } from "~/accounts/policy/permissions";
import { viewerFor, type CurrentSession } from "~/accounts/session.server";
import { findAssignment } from "~/classes/assignments.server";
import { findClass, type ClassRecord } from "~/classes/classes.server";
import { notFound } from "~/errors/not-found.server";
import { parseRecordId } from "~/utils/record-id";

/**
 * The class at /teacher-dashboard/courses/{id}, to its teachers (and admins): a 404 for anyone
 * else, so another teacher's class is not even known to exist.
 */
export async function requireTaughtClass(session: CurrentSession, idParam: string | undefined): Promise<ClassRecord> {
  const id = parseRecordId(idParam);
  const klass = id === null ? undefined : await findClass(id);
  if (!klass || !can(viewerFor(session), "teach_class", klass)) throw notFound("There is no class of yours at this address.");
  return klass;
}

/** The assignment at /course-assignments/{id}, to the students and teachers of its class (admins too); a 404 for anyone else. */
export async function requireClassAssignment(session: CurrentSession, idParam: string | undefined) {
  const id = parseRecordId(idParam);
  const assignment = id === null ? undefined : await findAssignment(id);
  const klass = assignment ? await findClass(assignment.course_section_id) : undefined;
  const viewer = viewerFor(session);
  if (!assignment || !klass || !can(viewer, "attend_class", klass)) throw notFound("There is no assignment of yours at this address.");
  const isStudent = klass.members.some((member) => member.user_id === session.user.id && member.role === "student");
  return { assignment, klass, teaches: can(viewer, "teach_class", klass), isStudent };
}
