import { describe, expect, it } from "vitest";
import { saveSessionFeedback, sessionFeedback } from "~/tutoring/session-feedback.server";
import { useTestDatabase } from "../../support/database";
import { contract, person, tutor } from "./fixtures";

const database = useTestDatabase();
const HOUR_MS = 3_600_000;

/** A paid contract with one session that ended an hour ago. */
async function pastSession() {
  const teacher = await tutor(database().db);
  const student = await person(database().db);
  const paid = await contract(database().db, { tutorId: teacher.id, studentId: student.id });
  const now = new Date();
  const session = await database()
    .db.insertInto("tutoring_sessions")
    .values({ contract_id: paid.id, tutor_id: teacher.id, student_id: student.id, starts_at: new Date(now.getTime() - 2 * HOUR_MS), ends_at: new Date(now.getTime() - HOUR_MS), room_slug: `tutoring-feedback-${paid.id}` })
    .returning(["id", "status", "starts_at", "ends_at"])
    .executeTakeFirstOrThrow();
  return { teacher, student, contractId: paid.id, session, now };
}

async function rowsOf(sessionId: number) {
  return database().db.selectFrom("tutoring_session_feedbacks").select(["author_id", "author_role", "rating"]).where("tutoring_session_id", "=", sessionId).execute();
}

describe("saving feedback on a tutoring session", () => {
  it("keeps one feedback per side however many saves race, and notifies the other person once", async () => {
    const { teacher, student, contractId, session, now } = await pastSession();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) => saveSessionFeedback({ contractId, sessionId: session.id, by: { id: student.id, side: "student" }, rating: (index % 5) + 1, wentWell: `Try ${index}`, toImprove: "", now })),
    );
    expect(outcomes.filter((outcome) => outcome.kind === "saved")).toHaveLength(1);
    for (const outcome of outcomes.filter((entry) => entry.kind === "refused")) expect(outcome).toMatchObject({ status: 409, message: "You have already left feedback on this session." });
    expect(await rowsOf(session.id)).toEqual([{ author_id: student.id, author_role: "student", rating: expect.any(Number) }]);
    const notified = await database().db.selectFrom("notifications").select("user_id").where("type", "=", "TutoringSessionFeedback").where("user_id", "in", [student.id, teacher.id]).execute();
    expect(notified).toEqual([{ user_id: teacher.id }]);

    expect(await saveSessionFeedback({ contractId, sessionId: session.id, by: { id: teacher.id, side: "tutor" }, wentWell: "Came prepared", toImprove: "", now })).toEqual({ kind: "saved" });
    const shown = await sessionFeedback(contractId, [session], "tutor", now);
    expect(shown.get(session.id)).toMatchObject({ student: { rating: expect.any(Number) }, tutor: { rating: null, wentWell: "Came prepared" }, mayWrite: false });
  });

  it("refuses a session of another contract, the wrong person for the side, and feedback missing its rating", async () => {
    const { teacher, student, contractId, session, now } = await pastSession();
    const other = await pastSession();
    expect(await saveSessionFeedback({ contractId: other.contractId, sessionId: session.id, by: { id: student.id, side: "student" }, rating: 5, wentWell: "", toImprove: "", now })).toMatchObject({ kind: "refused", status: 404 });
    expect(await saveSessionFeedback({ contractId, sessionId: session.id, by: { id: teacher.id, side: "student" }, rating: 5, wentWell: "", toImprove: "", now })).toMatchObject({ kind: "refused", status: 403 });
    expect(await saveSessionFeedback({ contractId, sessionId: session.id, by: { id: student.id, side: "student" }, wentWell: "Good", toImprove: "", now })).toEqual({ kind: "refused", message: "Choose a rating from 1 to 5", status: 400 });
    // Before the end the session takes no feedback; the same save an hour later does.
    const during = new Date(session.ends_at.getTime() - 60_000);
    expect(await saveSessionFeedback({ contractId, sessionId: session.id, by: { id: student.id, side: "student" }, rating: 5, wentWell: "", toImprove: "", now: during })).toMatchObject({ kind: "refused", status: 409 });
    expect((await sessionFeedback(contractId, [session], "student", during)).get(session.id)?.mayWrite).toBe(false);
    expect(await rowsOf(session.id)).toEqual([]);
  });
});
