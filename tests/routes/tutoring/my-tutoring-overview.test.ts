import { describe, expect, it } from "vitest";
import { action as contractAction } from "~/routes/my-tutoring+/contracts.$id";
import { loader } from "~/routes/my-tutoring+/_index";
import { action as tutorAction, loader as tutorLoader } from "~/routes/tutors+/$id";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";
import { contract, person, tutor } from "../../integration/tutoring/fixtures";

/** /my-tutoring's schedule, a tutor's earnings and a student's balance; messaging and booking from a profile or a contract. */
const database = useTestDatabase();
const HOUR = 3_600_000;

async function visit(userId: number) {
  const answer = await routeVisitor({ session: await sessionCookieFor(userId) }).get(loader, "/my-tutoring");
  expect(answer.status).toBe(200);
  return answer.data;
}

describe("/my-tutoring overview", () => {
  it("lists both people's sessions, sums the tutor's earnings by the hours held and the student's hours left to book", async () => {
    const db = database().db;
    const teacher = await tutor(db, { timeZone: "America/Vancouver" });
    const student = await person(db);
    await db.updateTable("users").set({ token_balance: 35 }).where("id", "=", student.id).execute();
    const paid = await contract(db, { tutorId: teacher.id, studentId: student.id, minutes: 240 });
    await contract(db, { tutorId: teacher.id, studentId: student.id, minutes: 120, paid: false });
    const now = Date.now();
    const session = (startsIn: number, hours: number, status: "booked" | "cancelled" | "completed" = "booked") => ({
      contract_id: paid.id,
      tutor_id: teacher.id,
      student_id: student.id,
      starts_at: new Date(now + startsIn),
      ends_at: new Date(now + startsIn + hours * HOUR),
      status,
      room_slug: `room-${paid.id}-${startsIn}`,
    });
    // Held: 1 h two days ago and 1 h yesterday; cancelled: 1 h; to come: 1 h in three days.
    await db
      .insertInto("tutoring_sessions")
      .values([session(-48 * HOUR, 1, "completed"), session(-24 * HOUR, 1), session(-30 * HOUR, 1, "cancelled"), session(72 * HOUR, 1)])
      .execute();

    const asTutor = await visit(teacher.id);
    expect(asTutor.timeZone).toBe("America/Vancouver");
    expect(asTutor.upcoming).toMatchObject([{ side: "tutor", with: "Tess Tutor", contractId: paid.id, phase: "upcoming" }]);
    expect(asTutor.recent).toHaveLength(2);
    // $40 an hour (the fixture's rate): two hours held, one to come.
    expect(asTutor.tutor.earnings.allTime).toEqual([{ currency: "USD", heldMinutes: 120, earnedCents: 8000, upcomingMinutes: 60, upcomingCents: 4000 }]);

    const asStudent = await visit(student.id);
    expect(asStudent.timeZone).toBe("UTC");
    expect(asStudent.tutor).toBeNull();
    expect(asStudent.upcoming).toMatchObject([{ side: "student", contractId: paid.id }]);
    // 4 hours paid, 3 used by sessions not cancelled; the unpaid contract counts nothing yet.
    expect(asStudent.balance).toEqual({ tokens: 35, minutesToBook: 60 });
  });

  it("shows a newcomer an empty schedule and a zero balance", async () => {
    const newcomer = await person(database().db);
    const page = await visit(newcomer.id);
    expect(page).toMatchObject({ upcoming: [], recent: [], balance: { tokens: 0, minutesToBook: 0 }, tutor: null });
  });
});

describe("messaging and booking from a tutor's profile and a contract", () => {
  it("opens one chat between the student and the tutor from either place; a stranger gets the contract's 404", async () => {
    const db = database().db;
    const teacher = await tutor(db);
    const student = await person(db);
    const paid = await contract(db, { tutorId: teacher.id, studentId: student.id });
    const asStudent = routeVisitor({ session: await sessionCookieFor(student.id) });

    const profile = await asStudent.get(tutorLoader, `/tutors/${teacher.id}`, { params: { id: String(teacher.id) } });
    expect(profile.data.viewerActions).toEqual({ signedIn: true, self: false, contractId: paid.id });
    const fromProfile = await asStudent.form(tutorAction, `/tutors/${teacher.id}`, { intent: "message" }, { params: { id: String(teacher.id) } });
    expect(fromProfile.status).toBe(302);
    const chat = fromProfile.headers.get("Location")!;
    expect(chat).toMatch(/^\/chats\/\d+$/);

    const fromContract = await asStudent.form(contractAction, `/my-tutoring/contracts/${paid.id}`, { intent: "message" }, { params: { id: String(paid.id) } });
    expect(fromContract.headers.get("Location")).toBe(chat);
    const asTutor = routeVisitor({ session: await sessionCookieFor(teacher.id) });
    expect((await asTutor.form(contractAction, `/my-tutoring/contracts/${paid.id}`, { intent: "message" }, { params: { id: String(paid.id) } })).headers.get("Location")).toBe(chat);
    expect((await asTutor.get(tutorLoader, `/tutors/${teacher.id}`, { params: { id: String(teacher.id) } })).data.viewerActions).toMatchObject({ self: true, contractId: null });

    const stranger = await person(db);
    const asStranger = routeVisitor({ session: await sessionCookieFor(stranger.id) });
    expect((await asStranger.form(contractAction, `/my-tutoring/contracts/${paid.id}`, { intent: "message" }, { params: { id: String(paid.id) } })).status).toBe(404);
    expect((await asStranger.get(tutorLoader, `/tutors/${teacher.id}`, { params: { id: String(teacher.id) } })).data.viewerActions).toEqual({ signedIn: true, self: false, contractId: null });
  });

  it("sends a guest to sign in, and refuses messaging yourself or a bad intent", async () => {
    const teacher = await tutor(database().db);
    const guest = await routeVisitor().form(tutorAction, `/tutors/${teacher.id}`, { intent: "message" }, { params: { id: String(teacher.id) } });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/users\/sign_in/);
    const asTutor = routeVisitor({ session: await sessionCookieFor(teacher.id) });
    const self = await asTutor.form(tutorAction, `/tutors/${teacher.id}`, { intent: "message" }, { params: { id: String(teacher.id) } });
    expect(self.status).toBe(400);
    expect(self.data.result.error[""]).toEqual(["You cannot start a chat with yourself."]);
    expect((await asTutor.form(tutorAction, `/tutors/${teacher.id}`, { intent: "delete" }, { params: { id: String(teacher.id) } })).status).toBe(400);
  });
});
