import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/api+/v1+/study_sessions+/$id.users.free_register";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";
import { enrol, makeSession, makeStudent } from "./fixtures";

/** POST /api/v1/study_sessions/{id}/users/free_register (SPEC §7), as its route answers. */
const database = useTestDatabase();
const db = () => database().db;

const path = (id: number | string) => `/api/v1/study_sessions/${id}/users/free_register`;

async function client() {
  const student = await makeStudent(db());
  return { student, visitor: routeVisitor({ session: await sessionCookieFor(student.id) }) };
}

describe("free_register", () => {
  it("registers the caller for a free session: 201 with the enrolment document, the confirmation mail, then 409 and no second row", async () => {
    const session = await makeSession(db());
    const { student, visitor } = await client();
    const answer = await visitor.api(action, "POST", path(session.id), { course_id: session.courseId, phone_number: "519 555 0100" }, { params: { id: String(session.id) } });
    expect(answer.status).toBe(201);
    expect(answer.data.data).toMatchObject({ type: "studySessionUser", attributes: { status: "active", course_id: session.courseId, phone_number: "519 555 0100" } });
    expect(answer.data.data.relationships.study_session.data).toEqual({ type: "studySession", id: String(session.id) });
    const mail = await db().selectFrom("outbox_emails").where("to_address", "=", student.email).select("subject").execute();
    expect(mail.length).toBeGreaterThanOrEqual(1);

    const again = await visitor.api(action, "POST", path(session.id), {}, { params: { id: String(session.id) } });
    expect(again.status).toBe(409);
    expect(again.data.errors[0].code).toBe("already_registered");
    expect(await db().selectFrom("study_session_users").where("study_session_id", "=", session.id).select("id").execute()).toHaveLength(1);
  });

  it("answers 404 for an unknown session, 409 for a paid or past one, 422 for bad fields", async () => {
    const { visitor, student } = await client();
    expect((await visitor.api(action, "POST", path(999_999_999), {}, { params: { id: "999999999" } })).status).toBe(404);
    expect((await visitor.api(action, "POST", path("abc"), {}, { params: { id: "abc" } })).status).toBe(404);

    const paid = await makeSession(db(), { price: 1900 });
    const paidAnswer = await visitor.api(action, "POST", path(paid.id), {}, { params: { id: String(paid.id) } });
    expect(paidAnswer.status).toBe(409);
    expect(paidAnswer.data.errors[0].code).toBe("paid_session");

    const past = await makeSession(db(), { startsInHours: -100 });
    const pastAnswer = await visitor.api(action, "POST", path(past.id), {}, { params: { id: String(past.id) } });
    expect(pastAnswer.status).toBe(409);
    expect(pastAnswer.data.errors[0].code).toBe("session_past");

    const free = await makeSession(db());
    const badPhone = await visitor.api(action, "POST", path(free.id), { phone_number: "call me maybe" }, { params: { id: String(free.id) } });
    expect(badPhone.status).toBe(422);
    expect(badPhone.data.errors[0].source.pointer).toBe("/phone_number");
    const badCourse = await visitor.api(action, "POST", path(free.id), { course_id: 999_999 }, { params: { id: String(free.id) } });
    expect(badCourse.status).toBe(422);
    expect(badCourse.data.errors[0].source.pointer).toBe("/course_id");
    expect((await visitor.api(action, "POST", path(free.id), "not json", { params: { id: String(free.id) } })).status).toBe(400);
    expect(await db().selectFrom("study_session_users").where("user_id", "=", student.id).select("id").execute()).toHaveLength(0);
  });

  it("is 401 for a guest and 405 for GET", async () => {
    const session = await makeSession(db());
    expect((await routeVisitor().api(action, "POST", path(session.id), {}, { params: { id: String(session.id) } })).status).toBe(401);
    expect((await routeVisitor().api(loader, "GET", path(session.id), undefined, { params: { id: String(session.id) } })).status).toBe(405);
  });

  it("leaves an existing (even refunded) enrolment as it is", async () => {
    const session = await makeSession(db());
    const { student, visitor } = await client();
    await enrol(db(), session.id, student.id, { status: "refunded" });
    const answer = await visitor.api(action, "POST", path(session.id), {}, { params: { id: String(session.id) } });
    expect(answer.status).toBe(409);
    const row = await db().selectFrom("study_session_users").where("study_session_id", "=", session.id).where("user_id", "=", student.id).select("status").executeTakeFirstOrThrow();
    expect(row.status).toBe("refunded");
  });
});
