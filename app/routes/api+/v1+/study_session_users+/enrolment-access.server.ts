import { can } from "~/accounts/policy/permissions";
import { viewerOf, type CurrentSession } from "~/accounts/session.server";
import { ApiError } from "~/api/errors";
import { parseId } from "~/api/handler.server";
import { db } from "~/db/db.server";
import { findRosterEntry, type RosterEntry } from "~/study-sessions/roster.server";

/**
 * The enrolment a /api/v1/study_session_users/{id} call names, and how the caller relates to it:
 * its student (`owner`) or someone who runs its session (`manager`). Anyone else gets the same
 * 404 as for an enrolment that does not exist, so ids reveal nothing.
 */
export async function enrolmentFor(session: CurrentSession, idParam: string | undefined): Promise<{ entry: RosterEntry; owner: boolean; manager: boolean }> {
  const id = parseId(idParam, "study session user");
  const entry = await findRosterEntry(id);
  const missing = () => new ApiError(404, "not_found", `No study session user with id ${idParam}.`);
  if (!entry) throw missing();
  const studySession = await db().selectFrom("study_sessions").select("instructor_id").where("id", "=", entry.study_session_id).executeTakeFirstOrThrow();
  const owner = entry.user_id === session.user.id;
  const manager = can(viewerOf(session.user), "manage_study_session", studySession);
  if (!owner && !manager) throw missing();
  return { entry, owner, manager };
}

export const onlyManagers = () => new ApiError(403, "forbidden", "Only the session's instructor or an admin may do this.");
