import { describe, expect, it } from "vitest";
import * as roster from "~/routes/api+/v1+/study_sessions+/$id.users._index";
import * as addUser from "~/routes/api+/v1+/study_sessions+/$id.users.add_user";
import * as zoomSync from "~/routes/api+/v1+/study_sessions+/$id.zoom_sync";
import * as enrolments from "~/routes/api+/v1+/study_session_users+/_index";
import * as enrolment from "~/routes/api+/v1+/study_session_users+/$id";
import * as refund from "~/routes/api+/v1+/study_session_users+/$id.refund";
import * as resend from "~/routes/api+/v1+/study_session_users+/$id.resend_email";
import { ensureMeeting } from "~/meetings/meetings.server";
import { action as newAction } from "~/routes/study-sessions+/new";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

const database = useTestDatabase();

async function visitorFor(email: string) {
  const user = await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return { id: user.id, visitor: routeVisitor({ session: await sessionCookieFor(user.id) }) };
}

async function sessionWithStudent() {
  const instructor = await visitorFor("instructor@demo.test");
  const created = await instructor.visitor.form(newAction, "/study-sessions/new", {
    title: "API test session",
    session_type: "exam_review",
    currency: "USD",
    time_zone: "UTC",
    series_first_day: "2027-03-01",
    series_start: "15:00",
    series_end: "16:00",
    series_weeks: "2",
  });
  const id = Number(created.headers.get("Location")!.split("/").pop());
  const student = await visitorFor("student@demo.test");
  const added = await instructor.visitor.api(addUser.action, "POST", `/api/v1/study_sessions/${id}/users/add_user`, { user_id: student.id }, { params: { id: String(id) } });
  return { id, instructor, student, added };
}

describe("the study session users API", () => {
  it("adds a user (201, document style), lists the roster to its instructor, and the student's own enrolments to the student", async () => {
    const { id, instructor, student, added } = await sessionWithStudent();
    expect(added.status).toBe(201);
    expect(added.data.data).toMatchObject({ type: "studySessionUser", attributes: { status: "active", role: "student" }, relationships: { user: { data: { type: "user", id: String(student.id) } }, study_session: { data: { type: "studySession", id: String(id) } } } });
    const listed = await instructor.visitor.api(roster.loader, "GET", `/api/v1/study_sessions/${id}/users`, undefined, { params: { id: String(id) } });
    expect(listed.status).toBe(200);
    expect(listed.data.data.map((row: { attributes: { email: string } }) => row.attributes.email)).toEqual(["student@demo.test"]);
    const own = await student.visitor.api(enrolments.loader, "GET", "/api/v1/study_session_users");
    expect(own.status).toBe(200);
    expect(own.data.data.map((row: { id: string }) => row.id)).toContain(added.data.data.id);
    expect(own.data.meta).toMatchObject({ page: 1 });
    const again = await instructor.visitor.api(addUser.action, "POST", `/api/v1/study_sessions/${id}/users/add_user`, { user_id: student.id }, { params: { id: String(id) } });
    expect(again.status).toBe(409);
    expect(again.data.errors[0].code).toBe("already_registered");
    const bad = await instructor.visitor.api(addUser.action, "POST", `/api/v1/study_sessions/${id}/users/add_user`, { user_id: "me" }, { params: { id: String(id) } });
    expect(bad.status).toBe(422);
  });

  it("refuses the roster and add_user to students and other instructors (403), and unknown sessions (404)", async () => {
    const { id, student } = await sessionWithStudent();
    const other = await visitorFor("sofia.lindqvist@demo.test");
    expect((await student.visitor.api(roster.loader, "GET", `/api/v1/study_sessions/${id}/users`, undefined, { params: { id: String(id) } })).status).toBe(403);
    expect((await other.visitor.api(addUser.action, "POST", `/api/v1/study_sessions/${id}/users/add_user`, { user_id: other.id }, { params: { id: String(id) } })).status).toBe(403);
    const unknown = await other.visitor.api(roster.loader, "GET", "/api/v1/study_sessions/999999/users", undefined, { params: { id: "999999" } });
    expect(unknown.status).toBe(404);
    expect(unknown.data.errors[0].code).toBe("not_found");
  });

  it("shows an enrolment to its student and instructor and 404 to anyone else; only staff change the access date", async () => {
    const { instructor, student, added } = await sessionWithStudent();
    const enrolmentId = added.data.data.id as string;
    const params = { params: { id: enrolmentId } };
    const path = `/api/v1/study_session_users/${enrolmentId}`;
    expect((await student.visitor.api(enrolment.loader, "GET", path, undefined, params)).status).toBe(200);
    expect((await instructor.visitor.api(enrolment.loader, "GET", path, undefined, params)).status).toBe(200);
    const stranger = await visitorFor("sofia.lindqvist@demo.test");
    expect((await stranger.visitor.api(enrolment.loader, "GET", path, undefined, params)).status).toBe(404);
    expect((await stranger.visitor.api(enrolment.action, "PATCH", path, { phone_number: "555" }, params)).status).toBe(404);
    const own = await student.visitor.api(enrolment.action, "PATCH", path, { phone_number: "+1 519 555 0100" }, params);
    expect(own.status).toBe(200);
    expect(own.data.data.attributes.phone_number).toBe("+1 519 555 0100");
    expect((await student.visitor.api(enrolment.action, "PATCH", path, { extended_access_date: "2027-06-01T00:00:00Z" }, params)).status).toBe(403);
    const staff = await instructor.visitor.api(enrolment.action, "PATCH", path, { extended_access_date: "2027-06-01T00:00:00Z" }, params);
    expect(staff.status).toBe(200);
    expect(new Date(staff.data.data.attributes.extended_access_date).toISOString()).toBe("2027-06-01T00:00:00.000Z");
    expect((await instructor.visitor.api(enrolment.action, "PATCH", path, { surprise: true }, params)).status).toBe(422);
  });

  it("resends to the student's own address, lets only staff name another, and refunds (staff only), after which the enrolment has ended", async () => {
    const { instructor, student, added } = await sessionWithStudent();
    const enrolmentId = added.data.data.id as string;
    const params = { params: { id: enrolmentId } };
    const outbox = async (to: string) => (await database().db.selectFrom("outbox_emails").select("id").where("to_address", "=", to).execute()).length;
    const before = await outbox("student@demo.test");
    expect((await student.visitor.api(resend.action, "POST", `/api/v1/study_session_users/${enrolmentId}/resend_email`, {}, params)).status).toBe(200);
    expect(await outbox("student@demo.test")).toBe(before + 1);
    expect((await student.visitor.api(resend.action, "POST", `/api/v1/study_session_users/${enrolmentId}/resend_email`, { email: "someone@else.test" }, params)).status).toBe(403);
    expect((await instructor.visitor.api(resend.action, "POST", `/api/v1/study_session_users/${enrolmentId}/resend_email`, { email: "typo-fixed@demo.test" }, params)).status).toBe(200);
    expect(await outbox("typo-fixed@demo.test")).toBe(1);
    expect((await student.visitor.api(refund.action, "PUT", `/api/v1/study_session_users/${enrolmentId}/refund`, undefined, params)).status).toBe(403);
    const refunded = await instructor.visitor.api(refund.action, "PUT", `/api/v1/study_session_users/${enrolmentId}/refund`, undefined, params);
    expect(refunded.status).toBe(200);
    expect(refunded.data.data.attributes.status).toBe("removed");
    expect((await instructor.visitor.api(refund.action, "PUT", `/api/v1/study_session_users/${enrolmentId}/refund`, undefined, params)).status).toBe(409);
    expect((await instructor.visitor.api(enrolment.action, "DELETE", `/api/v1/study_session_users/${enrolmentId}`, undefined, params)).status).toBe(409);
  });

  it("syncs each date's meeting for the instructor, and answers the dates with their join addresses", async () => {
    const { id, instructor, student } = await sessionWithStudent();
    expect((await student.visitor.api(zoomSync.action, "PUT", `/api/v1/study_sessions/${id}/zoom_sync`, undefined, { params: { id: String(id) } })).status).toBe(403);
    const synced = await instructor.visitor.api(zoomSync.action, "PUT", `/api/v1/study_sessions/${id}/zoom_sync`, undefined, { params: { id: String(id) } });
    expect(synced.status).toBe(200);
    expect(synced.data.data).toHaveLength(2);
    for (const date of synced.data.data) expect(date.attributes.join_url).toMatch(/\/meetings\//);
    const stored = await database().db.selectFrom("study_session_dates").select("join_url").where("study_session_id", "=", id).execute();
    expect(stored.every((date) => date.join_url)).toBe(true);
  });

  it("moves a date's meeting on its next join after the instructor moves the date", async () => {
    const { id, instructor } = await sessionWithStudent();
    await instructor.visitor.api(zoomSync.action, "PUT", `/api/v1/study_sessions/${id}/zoom_sync`, undefined, { params: { id: String(id) } });
    const [first] = await database().db.selectFrom("study_session_dates").selectAll().where("study_session_id", "=", id).orderBy("start_time").execute();
    await database().db.updateTable("study_session_dates").set({ start_time: new Date(first!.start_time.getTime() + 3_600_000), end_time: new Date(first!.end_time.getTime() + 3_600_000), meeting_synced_at: null }).where("id", "=", first!.id).execute();
    const meeting = await ensureMeeting({ id: first!.id, start_time: first!.start_time, end_time: first!.end_time }, { title: "API test session", description: "" });
    expect(meeting.meetingId).toBe(first!.meeting_id);
    const after = await database().db.selectFrom("study_session_dates").select("meeting_synced_at").where("id", "=", first!.id).executeTakeFirstOrThrow();
    expect(after.meeting_synced_at).not.toBeNull();
  });
});
