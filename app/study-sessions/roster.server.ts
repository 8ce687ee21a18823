import { sql } from "kysely";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { StudySessionUserStatus } from "~/db/schema";

/**
 * A live session's roster, as its instructor and admins run it: who is enrolled and how (free,
 * paid, added by staff), adding a user, removing one. One row per user and session (the
 * database's unique key), so adding someone twice, or racing a purchase, leaves one enrolment.
 */

export interface RosterEntry {
  id: number;
  study_session_id: number;
  user_id: number;
  name: string;
  email: string;
  status: StudySessionUserStatus;
  role: "student" | "instructor";
  course_id: number | null;
  course_code: string | null;
  phone_number: string | null;
  extended_access_date: Date | null;
  purchase_id: number | null;
  paid_cents: number | null;
  currency: string | null;
  confirmation_sent_at: Date | null;
  created_at: Date;
}

function rosterQuery(executor: Executor) {
  return executor
    .selectFrom("study_session_users as ssu")
    .innerJoin("users", "users.id", "ssu.user_id")
    .leftJoin("courses", "courses.id", "ssu.course_id")
    .leftJoin("purchases", "purchases.id", "ssu.purchase_id")
    .select([
      "ssu.id",
      "ssu.study_session_id",
      "ssu.user_id",
      sql<string>`trim(coalesce(users.first_name, '') || ' ' || coalesce(users.last_name, ''))`.as("name"),
      "users.email",
      "ssu.status",
      "ssu.role",
      "ssu.course_id",
      "courses.code as course_code",
      "ssu.phone_number",
      "ssu.extended_access_date",
      "ssu.purchase_id",
      "purchases.total_cents as paid_cents",
      "purchases.currency",
      "ssu.confirmation_sent_at",
      "ssu.created_at",
    ]);
}

export async function listRoster(studySessionId: number): Promise<RosterEntry[]> {
  return rosterQuery(db()).where("ssu.study_session_id", "=", studySessionId).orderBy("ssu.status").orderBy("users.last_name").orderBy("users.first_name").orderBy("ssu.id").execute();
}

export async function findRosterEntry(enrolmentId: number, executor: Executor = db()) {
  return rosterQuery(executor).where("ssu.id", "=", enrolmentId).executeTakeFirst();
}

export type AddOutcome = { kind: "added"; enrolmentId: number } | { kind: "refused"; message: string; status: number };

/**
 * Staff add a user to a session (SPEC §7 add_user): an active enrolment without a payment. A user
 * whose enrolment was refunded or removed is let back in; one already active is told so.
 */
export async function addUserToSession(studySessionId: number, user: { id?: number; email?: string }, courseId: number | null): Promise<AddOutcome> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const found = await trx
        .selectFrom("users")
        .select("id")
        .$if(user.id !== undefined, (query) => query.where("id", "=", user.id!))
        .$if(user.id === undefined, (query) => query.where(sql`lower(email)`, "=", (user.email ?? "").trim().toLowerCase()))
        .where("deactivated_at", "is", null)
        .executeTakeFirst();
      if (!found) return { kind: "refused", message: "There is no active account with that email.", status: 404 };
      if (courseId !== null && !(await offersCourse(studySessionId, courseId, trx))) return { kind: "refused", message: NOT_OFFERED_MESSAGE, status: 422 };
      const row = await trx
        .insertInto("study_session_users")
        .values({ study_session_id: studySessionId, user_id: found.id, status: "active", course_id: courseId })
        .onConflict((conflict) =>
          conflict
            .columns(["study_session_id", "user_id"])
            .doUpdateSet({ status: "active", course_id: courseId, updated_at: new Date() })
            .where("study_session_users.status", "in", ["refunded", "removed", "pending_payment"]),
        )
        .returning("id")
        .executeTakeFirst();
      if (!row) return { kind: "refused", message: "That user is already enrolled in this session.", status: 409 };
      return { kind: "added", enrolmentId: row.id };
    });
}

export const NOT_OFFERED_MESSAGE = "That course is not one of this session's courses.";

/** Whether the session is offered for the course (an enrolment may name only those). */
export async function offersCourse(studySessionId: number, courseId: number, executor: Executor = db()): Promise<boolean> {
  const linked = await executor.selectFrom("study_session_courses").select("course_id").where("study_session_id", "=", studySessionId).where("course_id", "=", courseId).executeTakeFirst();
  return linked !== undefined;
}

/** The courses a session is offered for, for the roster's course choice. */
export async function sessionCourses(studySessionId: number) {
  return db()
    .selectFrom("study_session_courses")
    .innerJoin("courses", "courses.id", "study_session_courses.course_id")
    .select(["courses.id", "courses.code", "courses.name"])
    .where("study_session_id", "=", studySessionId)
    .orderBy("courses.code")
    .execute();
}

/** Takes a user off the roster: the row stays (for the record) as removed, and access ends. */
export async function removeEnrolment(enrolmentId: number): Promise<boolean> {
  const result = await db()
    .updateTable("study_session_users")
    .set({ status: "removed", updated_at: new Date() })
    .where("id", "=", enrolmentId)
    .where("status", "in", ["active", "pending_payment"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What staff may change on an enrolment (SPEC §7 PATCH): its course, phone number and extended access date. */
export async function updateEnrolment(enrolmentId: number, changes: { course_id?: number | null; phone_number?: string | null; extended_access_date?: Date | null }) {
  if (Object.keys(changes).length === 0) return;
  await db()
    .updateTable("study_session_users")
    .set({ ...changes, updated_at: new Date() })
    .where("id", "=", enrolmentId)
    .execute();
}

/** The caller's own enrolments, newest first (GET /api/v1/study_session_users). */
export async function listOwnEnrolments(userId: number, page: { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    rosterQuery(db()).where("ssu.user_id", "=", userId).orderBy("ssu.created_at", "desc").orderBy("ssu.id", "desc").offset(page.offset).limit(page.limit).execute(),
    db().selectFrom("study_session_users").select((eb) => eb.fn.countAll<string>().as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
