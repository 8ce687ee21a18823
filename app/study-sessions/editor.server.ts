import { sql } from "kysely";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { SessionValues, StudySessionInput } from "~/study-sessions/editor-rules";

/**
 * Creating and changing live study sessions (instructors and admins). A save is one transaction
 * that locks the session row, so two editors' saves queue up. Dates keep their ids when they are
 * kept, so their meetings and the reminders already sent stay attached; a moved date keeps its id
 * but gets a new start time, which the reminder job treats as a new date to remind.
 */

export interface EditableStudySession extends SessionValues {
  id: number;
  instructor_id: number | null;
}

export async function findEditableStudySession(id: number): Promise<EditableStudySession | undefined> {
  const row = await db()
    .selectFrom("study_sessions")
    .selectAll("study_sessions")
    .select([
      sql<{ id: number; start_time: string; end_time: string }[]>`coalesce((select json_agg(json_build_object('id', d.id, 'start_time', d.start_time, 'end_time', d.end_time) order by d.start_time) from study_session_dates d where d.study_session_id = study_sessions.id), '[]')`.as("dates"),
      sql<number[]>`coalesce((select json_agg(c.course_id order by c.course_id) from study_session_courses c where c.study_session_id = study_sessions.id), '[]')`.as("course_ids"),
    ])
    .where("study_sessions.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, dates: row.dates.map((date) => ({ id: date.id, start_time: new Date(date.start_time), end_time: new Date(date.end_time) })) };
}

/** The courses a session may be linked to, for the form's list. */
export async function linkableCourses() {
  return db()
    .selectFrom("courses")
    .innerJoin("schools", "schools.id", "courses.school_id")
    .select(["courses.id", "courses.code", "courses.name", "schools.name as school_name"])
    .orderBy("schools.name")
    .orderBy("courses.code")
    .execute();
}

export class StudySessionInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function sessionColumns(input: StudySessionInput) {
  return {
    title: input.title,
    description: input.description,
    session_type: input.session_type,
    price_cents: input.price_cents,
    regular_price_cents: input.regular_price_cents,
    currency: input.currency,
    disable_zoom: input.disable_zoom,
    booklet_excluded: input.booklet_excluded,
    solutions_excluded: input.solutions_excluded,
    recording_excluded: input.recording_excluded,
    instructor_pending: input.instructor_pending,
    mcat_type: input.mcat_type,
    mcat_subtype: input.mcat_subtype,
    expires_at: input.expires_at,
  };
}

async function checkCourses(trx: Executor, courseIds: number[]) {
  if (courseIds.length === 0) return;
  const found = await trx.selectFrom("courses").select("id").where("id", "in", courseIds).execute();
  if (found.length !== courseIds.length) throw new StudySessionInputError("course_ids", "One of the chosen courses no longer exists");
}

export async function createStudySession(instructorId: number, input: StudySessionInput): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      await checkCourses(trx, input.course_ids);
      const { id } = await trx
        .insertInto("study_sessions")
        .values({ ...sessionColumns(input), instructor_id: instructorId })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (input.dates.length > 0) {
        await trx
          .insertInto("study_session_dates")
          .values(input.dates.map((date) => ({ study_session_id: id, start_time: date.start_time, end_time: date.end_time })))
          .execute();
      }
      if (input.course_ids.length > 0) {
        await trx
          .insertInto("study_session_courses")
          .values(input.course_ids.map((courseId) => ({ study_session_id: id, course_id: courseId })))
          .execute();
      }
      return id;
    });
}

/** Saves the form over the session. Dates the form no longer lists are deleted; a date id from another session is refused. */
export async function updateStudySession(id: number, input: StudySessionInput): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.selectFrom("study_sessions").select("id").where("id", "=", id).forUpdate().executeTakeFirstOrThrow();
      await checkCourses(trx, input.course_ids);
      await trx.updateTable("study_sessions").set(sessionColumns(input)).where("id", "=", id).execute();
      const existing = await trx.selectFrom("study_session_dates").select(["id", "start_time", "end_time"]).where("study_session_id", "=", id).execute();
      const byId = new Map(existing.map((date) => [date.id, date]));
      const keptIds = input.dates.flatMap((date) => (date.id === null ? [] : [date.id]));
      for (const keptId of keptIds) if (!byId.has(keptId)) throw new StudySessionInputError("dates", "One of the dates no longer belongs to this session; reload the page");
      const removed = existing.filter((date) => !keptIds.includes(date.id)).map((date) => date.id);
      if (removed.length > 0) await trx.deleteFrom("study_session_dates").where("id", "in", removed).execute();
      for (const date of input.dates) {
        if (date.id === null) {
          await trx.insertInto("study_session_dates").values({ study_session_id: id, start_time: date.start_time, end_time: date.end_time }).execute();
          continue;
        }
        const before = byId.get(date.id)!;
        if (before.start_time.getTime() === date.start_time.getTime() && before.end_time.getTime() === date.end_time.getTime()) continue;
        // A moved date's meeting is synced again on its next use (the meeting seam reads meeting_synced_at).
        await trx.updateTable("study_session_dates").set({ start_time: date.start_time, end_time: date.end_time, meeting_synced_at: null }).where("id", "=", date.id).execute();
      }
      await trx.deleteFrom("study_session_courses").where("study_session_id", "=", id).execute();
      if (input.course_ids.length > 0) {
        await trx
          .insertInto("study_session_courses")
          .values(input.course_ids.map((courseId) => ({ study_session_id: id, course_id: courseId })))
          .execute();
      }
    });
}
