import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { StudySessionUserRole, StudySessionUserStatus } from "~/db/schema";
import { sessionTiming } from "~/study-sessions/timing";

/**
 * A student's enrolment in a live study session: finding it, and the free registration (SPEC §7
 * free_register) that the session page and the API share. One enrolment per student and session
 * is the database's rule (unique (study_session_id, user_id)), so two registrations racing end in
 * one row and the loser is told it is already registered.
 */

export interface Enrolment {
  id: number;
  study_session_id: number;
  user_id: number;
  role: StudySessionUserRole;
  status: StudySessionUserStatus;
  course_id: number | null;
  phone_number: string | null;
  extended_access_date: Date | null;
  purchase_id: number | null;
  confirmation_sent_at: Date | null;
  created_at: Date;
}

export async function findEnrolment(sessionId: number, userId: number, executor: Executor = db()): Promise<Enrolment | undefined> {
  return executor
    .selectFrom("study_session_users")
    .where("study_session_id", "=", sessionId)
    .where("user_id", "=", userId)
    .select(["id", "study_session_id", "user_id", "role", "status", "course_id", "phone_number", "extended_access_date", "purchase_id", "confirmation_sent_at", "created_at"])
    .executeTakeFirst();
}

export interface FreeRegistration {
  sessionId: number;
  userId: number;
  courseId?: number;
  phoneNumber?: string;
  now?: Date;
}

export type FreeRegistrationOutcome =
  | { kind: "registered"; enrolmentId: number }
  | { kind: "not-found" }
  | { kind: "already-registered"; enrolmentId: number }
  | { kind: "paid" }
  | { kind: "past" }
  | { kind: "unknown-course" };

/**
 * Registers a student for a free session: refused for a paid one (bought at checkout), one whose
 * every date is past, or a course the session is not offered for; a second registration changes
 * nothing. The caller sends the confirmation mail after "registered".
 */
export async function registerFree(input: FreeRegistration): Promise<FreeRegistrationOutcome> {
  const now = input.now ?? new Date();
  return db()
    .transaction()
    .execute(async (trx) => {
      const session = await trx.selectFrom("study_sessions").where("id", "=", input.sessionId).select(["id", "price_cents", "disable_zoom"]).executeTakeFirst();
      if (!session) return { kind: "not-found" } as const;
      const existing = await findEnrolment(session.id, input.userId, trx);
      if (existing) return { kind: "already-registered", enrolmentId: existing.id } as const;
      if (session.price_cents > 0) return { kind: "paid" } as const;
      const dates = await trx.selectFrom("study_session_dates").where("study_session_id", "=", session.id).select(["start_time", "end_time"]).execute();
      if (sessionTiming(dates, session.disable_zoom, now) === "past") return { kind: "past" } as const;
      if (input.courseId !== undefined) {
        const offered = await trx
          .selectFrom("study_session_courses")
          .where("study_session_id", "=", session.id)
          .where("course_id", "=", input.courseId)
          .select("course_id")
          .executeTakeFirst();
        if (!offered) return { kind: "unknown-course" } as const;
      }
      const inserted = await trx
        .insertInto("study_session_users")
        .values({
          study_session_id: session.id,
          user_id: input.userId,
          status: "active",
          course_id: input.courseId ?? null,
          phone_number: input.phoneNumber ?? null,
        })
        .onConflict((conflict) => conflict.columns(["study_session_id", "user_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted) return { kind: "registered", enrolmentId: inserted.id } as const;
      // Another registration of this student won the race between the look-up and the insert.
      const winner = await findEnrolment(session.id, input.userId, trx);
      return { kind: "already-registered", enrolmentId: winner!.id } as const;
    });
}
