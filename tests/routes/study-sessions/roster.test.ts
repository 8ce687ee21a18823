import { describe, expect, it } from "vitest";
import { action as rosterAction, loader as rosterLoader } from "~/routes/study-sessions+/$id_.roster";
import { action as newAction } from "~/routes/study-sessions+/new";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

const database = useTestDatabase();

async function visitorFor(email: string) {
  const user = await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return { id: user.id, visitor: routeVisitor({ session: await sessionCookieFor(user.id) }) };
}

async function newSession(visitor: ReturnType<typeof routeVisitor>) {
  const answer = await visitor.form(newAction, "/study-sessions/new", {
    title: "Roster test session",
    session_type: "office_hours",
    currency: "USD",
    time_zone: "UTC",
    series_first_day: "2027-02-01",
    series_start: "15:00",
    series_end: "16:00",
    series_weeks: "1",
  });
  return Number(answer.headers.get("Location")!.split("/").pop());
}

const outboxFor = (email: string) => database().db.selectFrom("outbox_emails").select(["subject", "attachments"]).where("to_address", "=", email).execute();

describe("a live session's roster", () => {
  it("lets its instructor add a student, who gets a confirmation, and lists them", async () => {
    const { visitor } = await visitorFor("instructor@demo.test");
    const id = await newSession(visitor);
    const params = { params: { id: String(id) } };
    const before = (await outboxFor("student@demo.test")).length;
    const added = await visitor.form(rosterAction, `/study-sessions/${id}/roster`, { intent: "add", email: "Student@Demo.test " }, params);
    expect(added.status).toBe(302);
    expect((await outboxFor("student@demo.test")).length).toBe(before + 1);
    const page = await visitor.get(rosterLoader, `/study-sessions/${id}/roster`, params);
    expect(page.data.roster.map((entry: { email: string; status: string }) => [entry.email, entry.status])).toEqual([["student@demo.test", "active"]]);
    // Added twice: told so, still one row.
    const again = await visitor.form(rosterAction, `/study-sessions/${id}/roster`, { intent: "add", email: "student@demo.test" }, params);
    expect(again.status).toBe(409);
    expect(again.data.result.error[""]).toEqual(["That user is already enrolled in this session."]);
    const unknown = await visitor.form(rosterAction, `/study-sessions/${id}/roster`, { intent: "add", email: "nobody@nowhere.test" }, params);
    expect(unknown.status).toBe(404);
  });

  it("resends, then removes an enrolment, after which it is no longer active and cannot be removed again", async () => {
    const { visitor } = await visitorFor("instructor@demo.test");
    const id = await newSession(visitor);
    const params = { params: { id: String(id) } };
    await visitor.form(rosterAction, `/study-sessions/${id}/roster`, { intent: "add", email: "student@demo.test" }, params);
    const enrolment = await database().db.selectFrom("study_session_users").select("id").where("study_session_id", "=", id).executeTakeFirstOrThrow();
    const before = (await outboxFor("student@demo.test")).length;
    expect((await visitor.form(rosterAction, `/study-sessions/${id}/roster`, { intent: "resend", enrolment_id: String(enrolment.id) }, params)).status).toBe(302);
    expect((await outboxFor("student@demo.test")).length).toBe(before + 1);
    expect((await visitor.form(rosterAction, `/study-sessions/${id}/roster`, { intent: "remove", enrolment_id: String(enrolment.id) }, params)).status).toBe(302);
    const row = await database().db.selectFrom("study_session_users").select("status").where("id", "=", enrolment.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("removed");
    expect((await visitor.form(rosterAction, `/study-sessions/${id}/roster`, { intent: "remove", enrolment_id: String(enrolment.id) }, params)).status).toBe(409);
    // A removed student can be added back.
    expect((await visitor.form(rosterAction, `/study-sessions/${id}/roster`, { intent: "add", email: "student@demo.test" }, params)).status).toBe(302);
  });

  it("refuses an enrolment of another session (404) and other people's rosters (403)", async () => {
    const owner = await visitorFor("instructor@demo.test");
    const first = await newSession(owner.visitor);
    const second = await newSession(owner.visitor);
    await owner.visitor.form(rosterAction, `/study-sessions/${second}/roster`, { intent: "add", email: "student@demo.test" }, { params: { id: String(second) } });
    const foreign = await database().db.selectFrom("study_session_users").select("id").where("study_session_id", "=", second).executeTakeFirstOrThrow();
    const answer = await owner.visitor.form(rosterAction, `/study-sessions/${first}/roster`, { intent: "remove", enrolment_id: String(foreign.id) }, { params: { id: String(first) } });
    expect(answer.status).toBe(404);
    expect((await database().db.selectFrom("study_session_users").select("status").where("id", "=", foreign.id).executeTakeFirstOrThrow()).status).toBe("active");
    const other = await visitorFor("sofia.lindqvist@demo.test");
    expect((await other.visitor.get(rosterLoader, `/study-sessions/${first}/roster`, { params: { id: String(first) } })).status).toBe(403);
    expect((await other.visitor.form(rosterAction, `/study-sessions/${first}/roster`, { intent: "add", email: "student@demo.test" }, { params: { id: String(first) } })).status).toBe(403);
    expect((await owner.visitor.form(rosterAction, `/study-sessions/${first}/roster`, { intent: "launch" }, { params: { id: String(first) } })).status).toBe(400);
  });
});
