import { can } from "~/accounts/policy/permissions";
import { viewerFor, type CurrentSession } from "~/accounts/session.server";
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
