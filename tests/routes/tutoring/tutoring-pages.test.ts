import { describe, expect, it } from "vitest";
import { action as contractAction, loader as contractLoader } from "~/routes/my-tutoring+/contracts.$id";
import { action as myTutoringAction, loader as myTutoringLoader } from "~/routes/my-tutoring+/_index";
import { action as tutoringAction, loader as tutoringLoader } from "~/routes/tutoring";
import { toastFrom } from "~/toasts/toast.server";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";

const database = useTestDatabase();

async function userId(email: string) {
  return (await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

async function visitorFor(email: string) {
  const id = await userId(email);
  return { id, visitor: routeVisitor({ session: await sessionCookieFor(id) }) };
}

async function toastOf(visitor: RouteVisitor) {
  return (await toastFrom(visitor.request("/"))).toast?.message;
}

async function courseId(slug: string) {
  return (await database().db.selectFrom("courses").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
}

const contractPath = (id: number) => `/my-tutoring/contracts/${id}`;
const params = (id: number) => ({ params: { id: String(id) } });

describe("/tutoring", () => {
  it("shows a guest how it works and recommended tutors, without a form; a student the tutors of their courses first", async () => {
    const guest = await routeVisitor().get(tutoringLoader, "/tutoring");
    expect(guest.status).toBe(200);
    expect(guest.data).toMatchObject({ signedIn: false, courses: [] });
    expect(guest.data.recommended.length).toBeGreaterThan(0);

    const { visitor } = await visitorFor("student@demo.test");
    const page = await visitor.get(tutoringLoader, "/tutoring");
    // The demo student takes MATH 137, which Jordan Pham tutors.
    expect(page.data.recommended[0]).toMatchObject({ name: "Jordan Pham", sharedCourseCodes: ["MATH 137"] });
    expect(page.data.courses[0].code).toMatch(/^(CS 135|ECON 101|MATH 137)$/);
  });

  it("sends a request, refuses bad input with messages and a guest's post, writing nothing then", async () => {
    const { id, visitor } = await visitorFor("student@demo.test");
    const course = await courseId("waterloo-math-138");
    const count = async () => (await database().db.selectFrom("tutor_requests").select("id").where("student_id", "=", id).execute()).length;
    const before = await count();

    const bad = await visitor.form(tutoringAction, "/tutoring", { course_id: String(course), goals: "  ", hours: "4" });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error).toMatchObject({ goals: ["Say what you would like help with"], hours: ["Choose how many hours"] });
    const guest = await routeVisitor().form(tutoringAction, "/tutoring", { course_id: String(course), goals: "Help", hours: "2" });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/users\/sign_in/);
    expect(await count()).toBe(before);

    const sent = await visitor.form(tutoringAction, "/tutoring", { course_id: String(course), goals: "Series convergence tests", preferred_times: "Sunday afternoons", hours: "2" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/my-tutoring");
    expect(await toastOf(visitor)).toBe("Your request is sent. You will hear when a tutor accepts it.");
    expect(await count()).toBe(before + 1);
  });
});

describe("/my-tutoring and a contract's page", () => {
  it("lets the tutor of the course accept a request, which opens a contract the student pays with tokens and books under", async () => {
    const { visitor: student } = await visitorFor("student@demo.test");
    const course = await courseId("waterloo-math-135");
    await student.form(tutoringAction, "/tutoring", { course_id: String(course), goals: "Induction proofs", hours: "1" });
    const { visitor: jordan } = await visitorFor("jordan.pham@demo.test");
    const incoming = (await jordan.get(myTutoringLoader, "/my-tutoring")).data.tutor.incoming as { id: number; goals: string }[];
    const request = incoming.find((entry) => entry.goals === "Induction proofs")!;

    const accepted = await jordan.form(myTutoringAction, "/my-tutoring", { intent: "accept", request_id: String(request.id) });
    expect(accepted.status).toBe(302);
    const contractId = Number(accepted.headers.get("Location")!.split("/").pop());
    expect(await toastOf(jordan)).toBe("You accepted the request. The student pays, then books sessions with you.");

    const unpaid = await student.get(contractLoader, contractPath(contractId), params(contractId));
    expect(unpaid.data).toMatchObject({ side: "student", slots: [], bookingRefusal: "Pay for this contract before you book a session.", contract: { hours: 1, purchaseStatus: "unpaid", tokenPrice: 50 } });
    const paid = await student.form(contractAction, contractPath(contractId), { intent: "pay_tokens" }, params(contractId));
    expect(paid.status).toBe(302);
    const open = await student.get(contractLoader, contractPath(contractId), params(contractId));
    expect(open.data.contract.purchaseStatus).toBe("paid");
    const slot = open.data.slots[0] as { start: string };
    expect(slot).toBeDefined();

    const booked = await student.form(contractAction, contractPath(contractId), { intent: "book", start: slot.start }, params(contractId));
    expect(booked.status).toBe(302);
    expect(await toastOf(student)).toBe("Your session is booked. You and your tutor have it by email, with a calendar file.");
    // Both people get the session by mail, each with the same calendar event.
    const mails = await database()
      .db.selectFrom("outbox_emails")
      .select(["to_address", "subject", "attachments"])
      .where("kind", "=", "tutoring_session_booked")
      .where("to_address", "in", ["student@demo.test", "jordan.pham@demo.test"])
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    expect(mails.map((mail) => [mail.to_address, mail.subject]).sort()).toEqual([
      ["jordan.pham@demo.test", "Tutoring session booked with Maya Thompson"],
      ["student@demo.test", "Tutoring session booked with Jordan Pham"],
    ]);
    for (const mail of mails) {
      const ics = Buffer.from(mail.attachments[0]!.contentBase64, "base64").toString("utf8");
      expect(ics).toContain(`DTSTART:${slot.start.replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);
      expect(ics).toMatch(/UID:tutoring-session-\d+@app\.test/);
    }
    const after = await student.get(contractLoader, contractPath(contractId), params(contractId));
    // The student may cancel it only while it is 24 hours or more away (the first open time may be sooner).
    const cancellable = new Date(slot.start).getTime() - Date.now() >= 24 * 3_600_000;
    expect(after.data.contract.sessions).toMatchObject([{ starts_at: new Date(slot.start), phase: "upcoming", cancellable }]);
    // The hour is spent: no more times are offered, and booking again is refused.
    expect(after.data).toMatchObject({ slots: [], bookingRefusal: "All the hours of this contract are booked. Request more tutoring to book again." });
    const again = await student.form(contractAction, contractPath(contractId), { intent: "book", start: slot.start }, params(contractId));
    expect(again.status).toBe(409);
  });

  it("keeps a contract from other students (404) and refuses the tutor's booking and a bad time (403, 400)", async () => {
    const contract = await database()
      .db.selectFrom("student_tutor_contracts")
      .innerJoin("users", "users.id", "student_tutor_contracts.student_id")
      .where("users.email", "=", "student@demo.test")
      .select("student_tutor_contracts.id")
      .executeTakeFirstOrThrow();
    const { visitor: other } = await visitorFor("class_rep@demo.test");
    expect((await other.get(contractLoader, contractPath(contract.id), params(contract.id))).status).toBe(404);
    expect((await other.form(contractAction, contractPath(contract.id), { intent: "pay_tokens" }, params(contract.id))).status).toBe(404);

    const { visitor: jordan } = await visitorFor("jordan.pham@demo.test");
    const tutorView = await jordan.get(contractLoader, contractPath(contract.id), params(contract.id));
    expect(tutorView.data).toMatchObject({ side: "tutor", slots: [], bookingRefusal: null });
    expect((await jordan.form(contractAction, contractPath(contract.id), { intent: "book", start: new Date().toISOString() }, params(contract.id))).status).toBe(403);

    const { visitor: student } = await visitorFor("student@demo.test");
    const bad = await student.form(contractAction, contractPath(contract.id), { intent: "book", start: "tomorrow" }, params(contract.id));
    expect(bad.status).toBe(400);

    // The demo's upcoming session is four days away: the student cancels it and its hour returns.
    const before = (await student.get(contractLoader, contractPath(contract.id), params(contract.id))).data.contract;
    const upcoming = (before.sessions as { id: number; phase: string; cancellable: boolean }[]).find((entry) => entry.phase === "upcoming")!;
    expect(upcoming.cancellable).toBe(true);
    expect((await other.form(contractAction, contractPath(contract.id), { intent: "cancel", session_id: String(upcoming.id) }, params(contract.id))).status).toBe(404);
    const cancelled = await student.form(contractAction, contractPath(contract.id), { intent: "cancel", session_id: String(upcoming.id) }, params(contract.id));
    expect(cancelled.status).toBe(302);
    const after = (await student.get(contractLoader, contractPath(contract.id), params(contract.id))).data.contract;
    expect(after.minutesLeft).toBe(before.minutesLeft + 60);
    expect((after.sessions as { id: number; phase: string }[]).find((entry) => entry.id === upcoming.id)?.phase).toBe("cancelled");
    expect((await student.form(contractAction, contractPath(contract.id), { intent: "cancel", session_id: String(upcoming.id) }, params(contract.id))).status).toBe(409);
  });

  it("shows a tutor without the agreement the agreement form, refuses their accept, then lets them accept once agreed", async () => {
    const { id, visitor } = await visitorFor("tutor@demo.test");
    await database().db.updateTable("users").set({ contract_accepted_at: null }).where("id", "=", id).execute();
    const page = await visitor.get(myTutoringLoader, "/my-tutoring");
    expect(page.data.tutor).toMatchObject({ agreementAccepted: false, refusal: "Accept the contractor agreement before you take tutoring requests." });
    const request = (page.data.tutor.incoming as { id: number }[])[0]!;
    const refused = await visitor.form(myTutoringAction, "/my-tutoring", { intent: "accept", request_id: String(request.id) });
    expect(refused.status).toBe(403);
    expect(refused.data.result.error[""]).toEqual(["Accept the contractor agreement before you take tutoring requests."]);

    const unticked = await visitor.form(myTutoringAction, "/my-tutoring", { intent: "accept_agreement" });
    expect(unticked.status).toBe(400);
    expect((await visitor.form(myTutoringAction, "/my-tutoring", { intent: "accept_agreement", agree: "on" })).status).toBe(302);
    expect((await visitor.form(myTutoringAction, "/my-tutoring", { intent: "accept", request_id: String(request.id) })).status).toBe(302);
  });

  it("lets a student who is no tutor neither accept a request nor the agreement", async () => {
    const { visitor } = await visitorFor("class_rep@demo.test");
    const request = await database().db.selectFrom("tutor_requests").select("id").where("status", "=", "open").executeTakeFirstOrThrow();
    expect((await visitor.form(myTutoringAction, "/my-tutoring", { intent: "accept", request_id: String(request.id) })).status).toBe(404);
    expect((await visitor.form(myTutoringAction, "/my-tutoring", { intent: "accept_agreement", agree: "on" })).status).toBe(403);
  });
});
