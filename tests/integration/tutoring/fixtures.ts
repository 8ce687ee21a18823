import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { WeeklyWindow } from "~/tutoring/availability";

/** Tutors, students and contracts made by a test, on its own database. */

export async function person(db: Kysely<Database>, roles: string[] = []) {
  const email = `tutoring-${randomBytes(5).toString("hex")}@example.test`;
  return db.insertInto("users").values({ email, first_name: "Tess", last_name: "Tutor", roles, contract_accepted_at: roles.includes("tutor") ? new Date() : null }).returning(["id", "email"]).executeTakeFirstOrThrow();
}

/** A tutor open every day of the week in `timeZone` during `hours` (local), with 60-minute sessions. */
export async function tutor(db: Kysely<Database>, options: { timeZone?: string; hours?: [number, number]; rateCents?: number } = {}) {
  const user = await person(db, ["tutor"]);
  await db
    .insertInto("tutor_profiles")
    .values({ user_id: user.id, headline: "Calculus tutor", hourly_rate_cents: options.rateCents ?? 4000, time_zone: options.timeZone ?? "America/Toronto", session_minutes: 60 })
    .execute();
  const [from, to] = options.hours ?? [9, 17];
  const weekly: WeeklyWindow[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: from * 60, endMinute: to * 60 }));
  await db.insertInto("tutor_availabilities").values(weekly.map((window) => ({ tutor_id: user.id, weekday: window.weekday, start_minute: window.startMinute, end_minute: window.endMinute }))).execute();
  return user;
}

export async function contract(db: Kysely<Database>, options: { tutorId: number; studentId: number; minutes?: number; paid?: boolean }) {
  return db
    .insertInto("student_tutor_contracts")
    .values({
      student_id: options.studentId,
      tutor_id: options.tutorId,
      rate_cents: 4000,
      currency: "USD",
      purchased_minutes: options.minutes ?? 180,
      session_minutes: 60,
      purchase_status: options.paid === false ? "unpaid" : "paid",
      payment_method: options.paid === false ? null : "card",
      paid_at: options.paid === false ? null : new Date(),
      terms: "Test terms",
    })
    .returning(["id"])
    .executeTakeFirstOrThrow();
}
