import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/my-tutoring+/contracts.$id";
import { toastFrom } from "~/toasts/toast.server";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";

const database = useTestDatabase();
const DAY_MS = 86_400_000;

async function visitorFor(email: string) {
  const { id } = await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return { id, visitor: routeVisitor({ session: await sessionCookieFor(id) }) };
}

let added = 0;

/** The demo contract between the demo student and Jordan Pham, with one session added that has ended and has no feedback yet. */
async function demoContract() {
  const contract = await database()
    .db.selectFrom("student_tutor_contracts as k")
    .innerJoin("users as s", "s.id", "k.student_id")
    .innerJoin("users as t", "t.id", "k.tutor_id")
    .where("s.email", "=", "student@demo.test")
    .where("t.email", "=", "jordan.pham@demo.test")
    .select(["k.id", "k.student_id", "k.tutor_id"])
    .executeTakeFirstOrThrow();
  // Each test's session an hour apart from the others' (a tutor's sessions may not overlap).
  added += 1;
  const start = new Date(Math.floor((Date.now() - 2 * DAY_MS) / 3_600_000) * 3_600_000 - added * 2 * 3_600_000);
  const past = await database()
    .db.insertInto("tutoring_sessions")
    .values({ contract_id: contract.id, tutor_id: contract.tutor_id, student_id: contract.student_id, starts_at: start, ends_at: new Date(start.getTime() + 3_600_000), room_slug: `tutoring-feedback-test-${start.getTime()}` })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ...contract, pastSessionId: past.id };
}

const path = (id: number) => `/my-tutoring/contracts/${id}`;
const params = (id: number) => ({ params: { id: String(id) } });

async function feedbackCount() {
  return (await database().db.selectFrom("tutoring_session_feedbacks").select("id").execute()).length;
}

async function toastOf(visitor: RouteVisitor) {
  return (await toastFrom(visitor.request("/"))).toast?.message;
}

type SessionRow = { id: number; phase: string; feedback: { student: unknown; tutor: unknown; mayWrite: boolean } };

async function sessionOn(visitor: RouteVisitor, contractId: number, sessionId: number) {
  const page = await visitor.get(loader, path(contractId), params(contractId));
  return (page.data.contract.sessions as SessionRow[]).find((entry) => entry.id === sessionId)!;
}

describe("feedback on a tutoring session, from the contract's page", () => {
  it("lets the student and the tutor each leave theirs once, tells the other, and shows both", async () => {
    const contract = await demoContract();
    const { visitor: student } = await visitorFor("student@demo.test");
    const { visitor: tutor } = await visitorFor("jordan.pham@demo.test");
    expect((await sessionOn(student, contract.id, contract.pastSessionId)).feedback).toEqual({ student: null, tutor: null, mayWrite: true });

    const saved = await student.form(action, path(contract.id), { intent: "feedback", session_id: String(contract.pastSessionId), rating: "4", went_well: "  Limits finally make sense. ", to_improve: "" }, params(contract.id));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(path(contract.id));
    expect(await toastOf(student)).toBe("Thank you: Jordan can read your feedback now.");
    const tutorNotified = await database().db.selectFrom("notifications").select(["type", "data"]).where("user_id", "=", contract.tutor_id).where("type", "=", "TutoringSessionFeedback").execute();
    expect(tutorNotified).toEqual([{ type: "TutoringSessionFeedback", data: { path: path(contract.id), author_name: "Maya Thompson", side: "student" } }]);

    const tutorView = await sessionOn(tutor, contract.id, contract.pastSessionId);
    expect(tutorView.feedback).toEqual({ student: { rating: 4, wentWell: "Limits finally make sense.", toImprove: "" }, tutor: null, mayWrite: true });
    const tutorSaved = await tutor.form(action, path(contract.id), { intent: "feedback", session_id: String(contract.pastSessionId), went_well: "", to_improve: "Bring the problem set along next time." }, params(contract.id));
    expect(tutorSaved.status).toBe(302);
    expect(await toastOf(tutor)).toBe("Thank you: Maya can read your feedback now.");
    const studentNotified = await database().db.selectFrom("notifications").select("data").where("user_id", "=", contract.student_id).where("type", "=", "TutoringSessionFeedback").execute();
    expect(studentNotified).toEqual([{ data: { path: path(contract.id), author_name: "Jordan Pham", side: "tutor" } }]);

    expect((await sessionOn(student, contract.id, contract.pastSessionId)).feedback).toEqual({
      student: { rating: 4, wentWell: "Limits finally make sense.", toImprove: "" },
      tutor: { rating: null, wentWell: "", toImprove: "Bring the problem set along next time." },
      mayWrite: false,
    });

    // A second save by either side is refused and changes nothing.
    const before = await feedbackCount();
    for (const [visitor, fields] of [
      [student, { rating: "1", went_well: "Changed my mind" }],
      [tutor, { went_well: "Second thoughts" }],
    ] as const) {
      const again = await visitor.form(action, path(contract.id), { intent: "feedback", session_id: String(contract.pastSessionId), ...fields }, params(contract.id));
      expect(again.status).toBe(409);
      expect(again.data.result.error[""]).toEqual(["You have already left feedback on this session."]);
    }
    expect(await feedbackCount()).toBe(before);
    const stored = await database().db.selectFrom("tutoring_session_feedbacks").select(["author_role", "rating", "went_well"]).where("tutoring_session_id", "=", contract.pastSessionId).orderBy("author_role").execute();
    expect(stored).toEqual([
      { author_role: "student", rating: 4, went_well: "Limits finally make sense." },
      { author_role: "tutor", rating: null, went_well: "" },
    ]);
  });

  it("shows the demo's past session with the student's feedback to both, the form only to the tutor", async () => {
    const contract = await demoContract();
    const seeded = await database().db.selectFrom("tutoring_session_feedbacks").select("tutoring_session_id").where("author_id", "=", contract.student_id).executeTakeFirstOrThrow();
    const { visitor: student } = await visitorFor("student@demo.test");
    const { visitor: tutor } = await visitorFor("jordan.pham@demo.test");
    const studentView = await sessionOn(student, contract.id, seeded.tutoring_session_id);
    expect(studentView).toMatchObject({ phase: "past", feedback: { student: { rating: 5 }, tutor: null, mayWrite: false } });
    expect((await sessionOn(tutor, contract.id, seeded.tutoring_session_id)).feedback).toMatchObject({ student: { rating: 5 }, mayWrite: true });
  });

  it("refuses feedback on a session still to come", async () => {
    const contract = await demoContract();
    const upcoming = await database().db.selectFrom("tutoring_sessions").select("id").where("contract_id", "=", contract.id).where("starts_at", ">", new Date()).where("status", "=", "booked").executeTakeFirstOrThrow();
    const { visitor: student } = await visitorFor("student@demo.test");
    expect((await sessionOn(student, contract.id, upcoming.id)).feedback.mayWrite).toBe(false);
    const before = await feedbackCount();
    const refused = await student.form(action, path(contract.id), { intent: "feedback", session_id: String(upcoming.id), rating: "5", went_well: "Great" }, params(contract.id));
    expect(refused.status).toBe(409);
    expect(refused.data.result.error[""]).toEqual(["Feedback opens when the session has ended."]);
    expect(await feedbackCount()).toBe(before);
  });

  it("answers 404 to someone who is not on the contract, for the page and the form", async () => {
    const contract = await demoContract();
    const { visitor: stranger } = await visitorFor("class_rep@demo.test");
    const before = await feedbackCount();
    expect((await stranger.get(loader, path(contract.id), params(contract.id))).status).toBe(404);
    const posted = await stranger.form(action, path(contract.id), { intent: "feedback", session_id: String(contract.pastSessionId), rating: "1", went_well: "Not mine to rate" }, params(contract.id));
    expect(posted.status).toBe(404);
    expect(await feedbackCount()).toBe(before);
  });

  it("answers bad input with 400 and messages by field, storing nothing", async () => {
    const contract = await demoContract();
    const { visitor: student } = await visitorFor("student@demo.test");
    const { visitor: tutor } = await visitorFor("jordan.pham@demo.test");
    const before = await feedbackCount();
    const post = (visitor: RouteVisitor, fields: Record<string, string>) => visitor.form(action, path(contract.id), { intent: "feedback", session_id: String(contract.pastSessionId), ...fields }, params(contract.id));
    const cases: [RouteVisitor, Record<string, string>, Record<string, string[]>][] = [
      [student, { rating: "9", went_well: "Good" }, { rating: ["Choose a rating from 1 to 5"] }],
      [student, { rating: "great", went_well: "Good" }, { rating: ["Choose a rating from 1 to 5"] }],
      [student, { rating: "", went_well: "Good" }, { rating: ["Choose a rating from 1 to 5"] }],
      [student, { rating: "4", to_improve: "x".repeat(2001) }, { to_improve: ["Keep it to 2,000 characters"] }],
      [tutor, { went_well: "   ", to_improve: "" }, { went_well: ["Write what went well or what could be better"] }],
      [tutor, { rating: "5", went_well: "Good" }, { rating: ["Only the student rates the session"] }],
    ];
    for (const [visitor, fields, errors] of cases) {
      const answer = await post(visitor, fields);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(answer.data.result.error).toEqual(errors);
    }
    const noSession = await post(student, { session_id: "abc", rating: "4" });
    expect(noSession.status).toBe(400);
    expect(noSession.data.result.error).toMatchObject({ session_id: ["Choose a session"] });
    expect(await feedbackCount()).toBe(before);
    expect((await sessionOn(student, contract.id, contract.pastSessionId)).feedback).toEqual({ student: null, tutor: null, mayWrite: true });
  });
});
