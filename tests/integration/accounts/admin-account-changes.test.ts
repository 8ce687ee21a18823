import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { OTHER_ADMIN_ACCESS_MESSAGE } from "~/accounts/policy/permissions";
import { createUserSession } from "~/accounts/session.server";
import { action as confirmUser } from "~/routes/api+/v1+/users+/$id.confirm";
import { action as deactivateUser } from "~/routes/api+/v1+/users+/$id.deactivate";
import { action as updateUser } from "~/routes/api+/v1+/users+/$id";
import { useTestDatabase } from "../../support/database";
import { createTestUser } from "./helpers";

/**
 * One admin must not take over another (security finding): the users API refuses changes to
 * another admin's sign-in details and status with 403 and changes nothing, while admins keep
 * editing everyone else, and every admin change to someone else's account is in audit_events.
 */
const database = useTestDatabase();

async function person(roles: string[] = []) {
  const user = await createTestUser(database().db, { roles, confirmed: true });
  const cookie = (await createUserSession({ userId: user.id, rememberMe: false, request: new Request("http://app.test") })).split(";")[0]!;
  return { ...user, cookie };
}

function call(method: string, path: string, who: { cookie: string }, body?: unknown) {
  const headers = new Headers({ Cookie: who.cookie, Accept: "application/json" });
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(`http://app.test${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const id = path.split("/")[4]!;
  return { request, params: { id }, context: {} } as unknown as ActionFunctionArgs;
}

const put = (who: { cookie: string }, target: { id: number }, user: Record<string, unknown>) => updateUser(call("PUT", `/api/v1/users/${target.id}`, who, { user }));

async function stored(userId: number) {
  return database().db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
}

async function sessionCount(userId: number) {
  return (await database().db.selectFrom("sessions").select("id_hash").where("user_id", "=", userId).execute()).length;
}

async function auditRowsAbout(targetId: number) {
  const rows = await database().db.selectFrom("audit_events").selectAll().where("action", "=", "user.change").orderBy("id").execute();
  return rows.filter((row) => (row.details as { target_user_id?: number }).target_user_id === targetId);
}

async function expectRefused(response: Response) {
  expect(response.status).toBe(403);
  expect((await response.json()).errors[0]).toMatchObject({ code: "forbidden", detail: OTHER_ADMIN_ACCESS_MESSAGE });
}

describe("an admin changing another admin's account", () => {
  it("cannot set their password: 403, the hash, the sessions and the audit log unchanged", async () => {
    const [a, b] = [await person(["admin"]), await person(["admin"])];
    const before = await stored(b.id);
    await expectRefused(await put(a, b, { password: "taken-over-password" }));
    expect((await stored(b.id)).password_hash).toBe(before.password_hash);
    expect(await sessionCount(b.id)).toBe(1);
    expect(await auditRowsAbout(b.id)).toEqual([]);
  });

  it("cannot change their email: 403, the row unchanged", async () => {
    const [a, b] = [await person(["admin"]), await person(["admin"])];
    const before = await stored(b.id);
    await expectRefused(await put(a, b, { email: "attacker@example.test" }));
    expect(await stored(b.id)).toEqual(before);
  });

  it("cannot slip a password change in with a name change: nothing of the request is applied", async () => {
    const [a, b] = [await person(["admin"]), await person(["teacher", "admin"])];
    const before = await stored(b.id);
    await expectRefused(await put(a, b, { first_name: "Mallory", password: "taken-over-password" }));
    expect(await stored(b.id)).toEqual(before);
    expect(await auditRowsAbout(b.id)).toEqual([]);
  });

  it("is refused before being asked to sign in again, so no password is typed for a change that cannot happen", async () => {
    const [a, b] = [await person(["admin"]), await person(["admin"])];
    await database().db.updateTable("sessions").set({ authenticated_at: new Date(Date.now() - 60 * 60 * 1000) }).where("user_id", "=", a.id).execute();
    await expectRefused(await put(a, b, { password: "taken-over-password" }));
  });

  it("cannot deactivate them: 403, still active, still signed in", async () => {
    const [a, b] = [await person(["admin"]), await person(["admin"])];
    await expectRefused(await deactivateUser(call("DELETE", `/api/v1/users/${b.id}/deactivate`, a)));
    expect((await stored(b.id)).deactivated_at).toBeNull();
    expect(await sessionCount(b.id)).toBe(1);
    expect(await auditRowsAbout(b.id)).toEqual([]);
  });

  it("cannot change their roles: the API takes no roles, and the row is unchanged", async () => {
    const [a, b] = [await person(["admin"]), await person(["admin"])];
    const response = await put(a, b, { roles: [] });
    expect(response.status).toBe(422);
    expect((await stored(b.id)).roles).toEqual(["admin"]);
  });

  it("may still change their name, recorded with both ids", async () => {
    const [a, b] = [await person(["admin"]), await person(["admin"])];
    expect((await put(a, b, { first_name: "Renamed" })).status).toBe(200);
    expect((await stored(b.id)).first_name).toBe("Renamed");
    expect(await auditRowsAbout(b.id)).toMatchObject([{ actor_id: a.id, details: { target_user_id: b.id, fields: ["first_name"] } }]);
  });
});

describe("an admin changing their own account", () => {
  it("sets their own email and password as before, with nothing in the audit log", async () => {
    const a = await person(["admin"]);
    const before = await stored(a.id);
    const response = await put(a, a, { email: `new-${a.email}`, password: "my-own-new-password" });
    expect(response.status).toBe(200);
    const after = await stored(a.id);
    expect(after.email).toBe(`new-${a.email}`);
    expect(after.password_hash).not.toBe(before.password_hash);
    expect(await auditRowsAbout(a.id)).toEqual([]);
  });
});

describe("an admin changing a student's account", () => {
  it("sets their email and password, recorded with both ids and the field names, never the password", async () => {
    const [admin, student] = [await person(["admin"]), await person()];
    const before = await stored(student.id);
    const response = await put(admin, student, { email: `moved-${student.email}`, password: "reset-by-support-1", last_name: before.last_name });
    expect(response.status).toBe(200);
    const after = await stored(student.id);
    expect(after.email).toBe(`moved-${student.email}`);
    expect(after.password_hash).not.toBe(before.password_hash);
    const rows = await auditRowsAbout(student.id);
    // last_name was sent unchanged, so it is not listed.
    expect(rows).toMatchObject([
      { actor_id: admin.id, impersonator_id: null, method: "PUT", path: `/api/v1/users/${student.id}`, details: { target_user_id: student.id, fields: ["email", "password"] } },
    ]);
    expect(JSON.stringify(rows)).not.toContain("reset-by-support-1");
  });

  it("records the courses changed under one name", async () => {
    const [admin, student] = [await person(["admin"]), await person()];
    const course = await database().db.selectFrom("courses").select("id").orderBy("id").executeTakeFirstOrThrow();
    expect((await put(admin, student, { user_courses_attributes: [{ course_id: course.id }] })).status).toBe(200);
    // Adding the same course again changes nothing, so it records nothing.
    expect((await put(admin, student, { user_courses_attributes: [{ course_id: course.id }] })).status).toBe(200);
    expect((await auditRowsAbout(student.id)).map((row) => row.details)).toEqual([{ target_user_id: student.id, fields: ["user_courses"] }]);
  });

  it("deactivates them, recorded with both ids", async () => {
    const [admin, student] = [await person(["admin"]), await person()];
    const response = await deactivateUser(call("DELETE", `/api/v1/users/${student.id}/deactivate`, admin));
    expect(response.status).toBe(200);
    expect((await stored(student.id)).deactivated_at).toBeInstanceOf(Date);
    expect(await auditRowsAbout(student.id)).toMatchObject([{ actor_id: admin.id, method: "DELETE", details: { target_user_id: student.id, fields: ["deactivated_at"] } }]);
  });

  it("confirms their address, recorded with both ids", async () => {
    const admin = await person(["admin"]);
    const student = await createTestUser(database().db);
    const response = await confirmUser(call("PATCH", `/api/v1/users/${student.id}/confirm`, admin));
    expect(response.status).toBe(200);
    expect(await auditRowsAbout(student.id)).toMatchObject([{ actor_id: admin.id, details: { target_user_id: student.id, fields: ["confirmed_at"] } }]);
  });
});

describe("a student changing their own account", () => {
  it("is not recorded as an admin change", async () => {
    const student = await person();
    expect((await put(student, student, { first_name: "Mine" })).status).toBe(200);
    expect(await auditRowsAbout(student.id)).toEqual([]);
  });
});
