import { describe, expect, it } from "vitest";
import { bookableSlots } from "~/tutoring/availability";
import { loadTutorCalendar, slotQuery } from "~/tutoring/availability.server";
import { bookTutoringSession } from "~/tutoring/booking.server";
import { useTestDatabase } from "../../support/database";
import { contract, person, tutor } from "./fixtures";

const database = useTestDatabase();

/** The tutor's first bookable start from `now`. */
async function firstSlot(tutorId: number, now: Date) {
  const calendar = await loadTutorCalendar(tutorId, now);
  return bookableSlots(slotQuery(calendar!, now))[0]!.start;
}

async function sessionsOf(tutorId: number) {
  return database().db.selectFrom("tutoring_sessions").select(["student_id", "starts_at", "status"]).where("tutor_id", "=", tutorId).execute();
}

describe("booking a tutoring session", () => {
  it("books an open slot once, then no longer offers it", async () => {
    const now = new Date();
    const teacher = await tutor(database().db);
    const student = await person(database().db);
    const paid = await contract(database().db, { tutorId: teacher.id, studentId: student.id });
    const start = await firstSlot(teacher.id, now);

    const outcome = await bookTutoringSession({ contractId: paid.id, studentId: student.id, start, now, origin: "http://app.test" });
    expect(outcome).toMatchObject({ kind: "booked", roomSlug: expect.stringMatching(/^tutoring-/) });
    expect(await sessionsOf(teacher.id)).toEqual([{ student_id: student.id, starts_at: start, status: "booked" }]);
    expect(await firstSlot(teacher.id, now)).not.toEqual(start);
    expect(await bookTutoringSession({ contractId: paid.id, studentId: student.id, start, now, origin: "http://app.test" })).toMatchObject({ kind: "refused", status: 409 });
  });

  it("gives one of 20 students booking the same slot at once the session, and tells the others", async () => {
    const now = new Date();
    const teacher = await tutor(database().db);
    const students = await Promise.all(Array.from({ length: 20 }, () => person(database().db)));
    const contracts = await Promise.all(students.map((student) => contract(database().db, { tutorId: teacher.id, studentId: student.id })));
    const start = await firstSlot(teacher.id, now);

    const outcomes = await Promise.all(contracts.map((paid, index) => bookTutoringSession({ contractId: paid.id, studentId: students[index]!.id, start, now, origin: "http://app.test" })));
    expect(outcomes.filter((outcome) => outcome.kind === "booked")).toHaveLength(1);
    const refused = outcomes.filter((outcome) => outcome.kind === "refused");
    expect(refused).toHaveLength(19);
    // Whether a loser lost at the database's constraint or saw the booking first depends on timing; both say 409.
    for (const refusal of refused) expect(refusal).toMatchObject({ status: 409, message: expect.stringMatching(/just booked|not open/) });
    expect(await sessionsOf(teacher.id)).toHaveLength(1);
    // Only the winning booking mailed anyone: the losers' transactions wrote nothing.
    const mailed = await database().db.selectFrom("outbox_emails").select("to_address").where("kind", "=", "tutoring_session_booked").where("to_address", "in", [teacher.email, ...students.map((student) => student.email)]).execute();
    expect(mailed.map((mail) => mail.to_address).sort()).toEqual([teacher.email, students[outcomes.findIndex((outcome) => outcome.kind === "booked")]!.email].sort());
  });

  it("spends a contract's hours once however many bookings race under it", async () => {
    const now = new Date();
    const teacher = await tutor(database().db, { hours: [8, 20] });
    const student = await person(database().db);
    const paid = await contract(database().db, { tutorId: teacher.id, studentId: student.id, minutes: 60 });
    const calendar = await loadTutorCalendar(teacher.id, now);
    // Five different, non-overlapping starts: only the contract's single hour limits them.
    const starts = bookableSlots(slotQuery(calendar!, now))
      .filter((slot, index, all) => index === 0 || slot.start.getTime() >= all[0]!.start.getTime() + index * 2 * 3_600_000)
      .slice(0, 5)
      .map((slot) => slot.start);
    const outcomes = await Promise.all(starts.map((start) => bookTutoringSession({ contractId: paid.id, studentId: student.id, start, now, origin: "http://app.test" })));
    expect(outcomes.filter((outcome) => outcome.kind === "booked")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === "refused").map((outcome) => "message" in outcome && outcome.message)).toEqual(
      Array(starts.length - 1).fill("All the hours of this contract are booked. Request more tutoring to book again."),
    );
  });

  it("refuses an unpaid contract, someone else's contract and a time outside the tutor's hours, writing nothing", async () => {
    const now = new Date();
    const teacher = await tutor(database().db, { hours: [9, 10] });
    const student = await person(database().db);
    const other = await person(database().db);
    const unpaid = await contract(database().db, { tutorId: teacher.id, studentId: student.id, paid: false });
    const paid = await contract(database().db, { tutorId: teacher.id, studentId: student.id });
    const start = await firstSlot(teacher.id, now);
    expect(await bookTutoringSession({ contractId: unpaid.id, studentId: student.id, start, now, origin: "http://app.test" })).toMatchObject({ kind: "refused", status: 409, message: "Pay for this contract before you book a session." });
    expect(await bookTutoringSession({ contractId: paid.id, studentId: other.id, start, now, origin: "http://app.test" })).toMatchObject({ kind: "refused", status: 404 });
    const offHours = new Date(start.getTime() + 3 * 3_600_000);
    expect(await bookTutoringSession({ contractId: paid.id, studentId: student.id, start: offHours, now, origin: "http://app.test" })).toMatchObject({ kind: "refused", status: 409, message: expect.stringMatching(/not open/) });
    expect(await sessionsOf(teacher.id)).toEqual([]);
  });

  it("leaves double booking to the database: an overlapping session for the same tutor or student is refused, a cancelled one frees the time", async () => {
    const db = database().db;
    const teacher = await tutor(db);
    const [first, second] = [await person(db), await person(db)];
    const [a, b] = [await contract(db, { tutorId: teacher.id, studentId: first.id }), await contract(db, { tutorId: teacher.id, studentId: second.id })];
    const at = (iso: string) => new Date(iso);
    const session = (contractId: number, studentId: number, start: string, end: string, room: string) => ({
      contract_id: contractId,
      tutor_id: teacher.id,
      student_id: studentId,
      starts_at: at(start),
      ends_at: at(end),
      room_slug: `${room}-${teacher.id}`,
    });
    const booked = await db.insertInto("tutoring_sessions").values(session(a.id, first.id, "2030-01-07T15:00:00Z", "2030-01-07T16:00:00Z", "one")).returning("id").executeTakeFirstOrThrow();
    await expect(db.insertInto("tutoring_sessions").values(session(b.id, second.id, "2030-01-07T15:30:00Z", "2030-01-07T16:30:00Z", "two")).execute()).rejects.toThrow(/tutoring_sessions_tutor_free/);
    // Back to back is not an overlap.
    await db.insertInto("tutoring_sessions").values(session(b.id, second.id, "2030-01-07T16:00:00Z", "2030-01-07T17:00:00Z", "three")).execute();
    await db.updateTable("tutoring_sessions").set({ status: "cancelled" }).where("id", "=", booked.id).execute();
    await db.insertInto("tutoring_sessions").values(session(b.id, second.id, "2030-01-07T15:00:00Z", "2030-01-07T16:00:00Z", "four")).execute();
    expect(await sessionsOf(teacher.id)).toHaveLength(3);
  });
});
