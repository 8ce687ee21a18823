import { sql } from "kysely";
import { recordAuditEvent, type AuditedRequest } from "~/accounts/audit.server";
import { db } from "~/db/db.server";
import { isEligibleInstructor, type InstructorChange } from "~/online-courses/admin.server";
import { sessionTiming, type SessionTiming } from "~/study-sessions/timing";

/**
 * The back office's list of live study sessions (SPEC §2 /admin/*): every session with its timing
 * (timing.ts, the rule the session pages use) and whether its instructor is confirmed; admins
 * confirm or un-confirm the instructor (instructor_pending hides them from students) and set or
 * clear who teaches.
 */

export type StudySessionFilter = SessionTiming | "instructor_pending";

export async function listStudySessionsForAdmin(filter: StudySessionFilter | null, now: Date) {
  const rows = await db()
    .selectFrom("study_sessions")
    .leftJoin("users", "users.id", "study_sessions.instructor_id")
    .select((eb) => [
      "study_sessions.id",
      "study_sessions.title",
      "study_sessions.session_type",
      "study_sessions.instructor_id",
      "study_sessions.instructor_pending",
      "study_sessions.disable_zoom",
      sql<string | null>`nullif(trim(users.first_name || ' ' || users.last_name), '')`.as("instructor_name"),
      eb
        .selectFrom("study_session_dates")
        .select(sql<{ start_time: string; end_time: string }[]>`coalesce(json_agg(json_build_object('start_time', start_time, 'end_time', end_time) order by start_time), '[]')`.as("d"))
        .whereRef("study_session_dates.study_session_id", "=", "study_sessions.id")
        .as("dates"),
      eb
        .selectFrom("study_session_users")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("study_session_users.study_session_id", "=", "study_sessions.id")
        .where("study_session_users.status", "=", "active")
        .where("study_session_users.role", "=", "student")
        .as("students"),
    ])
    .orderBy("study_sessions.id", "desc")
    .limit(300)
    .execute();
  const sessions = rows.map(({ dates, disable_zoom, ...row }) => {
    const parsed = (dates ?? []).map((date) => ({ start_time: new Date(date.start_time), end_time: new Date(date.end_time) }));
    return { ...row, timing: sessionTiming(parsed, disable_zoom, now), firstDate: parsed[0]?.start_time ?? null };
  });
  if (filter === "instructor_pending") return sessions.filter((session) => session.instructor_pending);
  return filter ? sessions.filter((session) => session.timing === filter) : sessions;
}

interface Actor {
  actorId: number;
  request?: AuditedRequest;
}

/** Confirms the session's instructor (shown to students) or marks them pending (hidden); false when there is no such session. */
/** The session a back-office form names, with what the policy asks (its instructor); undefined when gone. */
export function findStudySessionForStaff(sessionId: number) {
  return db().selectFrom("study_sessions").select(["id", "title", "instructor_id"]).where("id", "=", sessionId).executeTakeFirst();
}

export async function setInstructorPending(sessionId: number, pending: boolean, actor: Actor): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const result = await trx.updateTable("study_sessions").set({ instructor_pending: pending }).where("id", "=", sessionId).executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await recordAuditEvent({ action: "study_session.change", actorId: actor.actorId, request: actor.request, details: { study_session_id: sessionId, instructor_pending: pending } }, trx);
      return true;
    });
}

/** Sets (or, with null, clears) who teaches the session. */
export async function setStudySessionInstructor(sessionId: number, instructorId: number | null, actor: Actor): Promise<InstructorChange> {
  if (instructorId !== null && !(await isEligibleInstructor(instructorId))) return "not-an-instructor";
  return db()
    .transaction()
    .execute(async (trx) => {
      const result = await trx.updateTable("study_sessions").set({ instructor_id: instructorId }).where("id", "=", sessionId).executeTakeFirst();
      if (result.numUpdatedRows === 0n) return "not-found";
      await recordAuditEvent({ action: "study_session.change", actorId: actor.actorId, request: actor.request, details: { study_session_id: sessionId, instructor_id: instructorId } }, trx);
      return "changed";
    });
}
