import { randomBytes } from "node:crypto";
import { db } from "~/db/db.server";
import { isBookableSlot } from "~/tutoring/availability";
import { sendTutoringBookingMails } from "~/tutoring/confirmation.server";
import { loadTutorCalendar, slotQuery } from "~/tutoring/availability.server";
import { bookingRefusal, type Refusal } from "~/tutoring/rules";

export const SLOT_TAKEN = "This time was just booked. Choose another time.";
export const STUDENT_BUSY = "You already have a tutoring session at this time. Choose another time.";

/** PostgreSQL's exclusion_violation: the tutor or the student already has a session then. */
const EXCLUSION_VIOLATION = "23P01";

export type BookingOutcome = { kind: "booked"; sessionId: number; roomSlug: string } | ({ kind: "refused" } & Refusal);

/**
 * Books a session under the student's contract at `start`. The contract row is locked for the
 * transaction, so two bookings under one contract cannot both spend its last hour; the tutor's
 * and the student's calendars are kept free of overlaps by the database's exclusion constraints,
 * so whatever races, one booking of a time wins and the others are told it was just taken. Both
 * people are mailed the session with its .ics in the same transaction.
 */
export async function bookTutoringSession(input: { contractId: number; studentId: number; start: Date; now: Date; origin: string }): Promise<BookingOutcome> {
  try {
    return await db()
      .transaction()
      .execute(async (trx): Promise<BookingOutcome> => {
        const contract = await trx
          .selectFrom("student_tutor_contracts")
          .where("id", "=", input.contractId)
          .where("student_id", "=", input.studentId)
          .select(["id", "tutor_id", "purchase_status", "purchased_minutes", "session_minutes"])
          .forUpdate()
          .executeTakeFirst();
        if (!contract) return { kind: "refused", message: "Contract not found", status: 404 };
        const sessions = await trx
          .selectFrom("tutoring_sessions")
          .where("contract_id", "=", contract.id)
          .select(["status", "starts_at as startsAt", "ends_at as endsAt"])
          .execute();
        const refusal = bookingRefusal({
          purchaseStatus: contract.purchase_status,
          purchasedMinutes: contract.purchased_minutes,
          sessionMinutes: contract.session_minutes,
          sessions,
        });
        if (refusal) return { kind: "refused", ...refusal };
        const calendar = await loadTutorCalendar(contract.tutor_id, input.now, trx);
        if (!calendar) return { kind: "refused", message: "This tutor no longer takes bookings.", status: 409 };
        // The contract's length, not today's profile setting: what the student bought.
        const query = { ...slotQuery({ ...calendar, sessionMinutes: contract.session_minutes }, input.now) };
        if (!isBookableSlot(query, input.start)) return { kind: "refused", message: "This time is not open for booking. Choose one of the times shown.", status: 409 };
        const roomSlug = `tutoring-${randomBytes(9).toString("base64url")}`;
        const row = await trx
          .insertInto("tutoring_sessions")
          .values({
            contract_id: contract.id,
            tutor_id: contract.tutor_id,
            student_id: input.studentId,
            starts_at: input.start,
            ends_at: new Date(input.start.getTime() + contract.session_minutes * 60_000),
            room_slug: roomSlug,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await sendTutoringBookingMails(trx, { sessionId: row.id, origin: input.origin });
        return { kind: "booked", sessionId: row.id, roomSlug };
      });
  } catch (error) {
    const { code, constraint, message } = error as { code?: string; constraint?: string; message?: string };
    if (code === EXCLUSION_VIOLATION) {
      const studentBusy = (constraint ?? message ?? "").includes("tutoring_sessions_student_free");
      return { kind: "refused", message: studentBusy ? STUDENT_BUSY : SLOT_TAKEN, status: 409 };
    }
    throw error;
  }
}
