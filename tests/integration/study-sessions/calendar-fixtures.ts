import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, StudySessionUserStatus } from "../../../app/db/schema";

/** Sessions, students and enrolments of a test's own, made directly in the database (tests in one file share it). */

export async function createStudent(db: Kysely<Database>, firstName = "Rae") {
  return db
    .insertInto("users")
    .values({ email: `student-${randomBytes(6).toString("hex")}@example.test`, password_hash: null, first_name: firstName, last_name: "Student", roles: [] })
    .returning(["id", "email", "first_name"])
    .executeTakeFirstOrThrow();
}

export async function createSession(db: Kysely<Database>, input: { title?: string; dates: { start: Date; hours?: number }[]; disableZoom?: boolean }) {
  const session = await db
    .insertInto("study_sessions")
    .values({ title: input.title ?? `Crash course ${randomBytes(3).toString("hex")}`, description: "Everything for the final.", session_type: "exam_prep", disable_zoom: input.disableZoom ?? false })
    .returning(["id", "title"])
    .executeTakeFirstOrThrow();
  const dates =
    input.dates.length === 0
      ? []
      : await db
          .insertInto("study_session_dates")
          .values(input.dates.map((date) => ({ study_session_id: session.id, start_time: date.start, end_time: new Date(date.start.getTime() + (date.hours ?? 2) * 3_600_000) })))
          .returning(["id", "start_time", "end_time"])
          .execute();
  return { ...session, dates: dates.sort((a, b) => a.start_time.getTime() - b.start_time.getTime()) };
}

export async function enrol(db: Kysely<Database>, sessionId: number, userId: number, options: { status?: StudySessionUserStatus; createdAt?: Date } = {}) {
  return db
    .insertInto("study_session_users")
    .values({ study_session_id: sessionId, user_id: userId, status: options.status ?? "active", ...(options.createdAt ? { created_at: options.createdAt } : {}) })
    .returning(["id"])
    .executeTakeFirstOrThrow();
}

export const HOUR = 3_600_000;
