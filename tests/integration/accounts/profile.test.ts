import { describe, expect, it } from "vitest";
import { createUserSession } from "../../../app/accounts/session.server";
import { deactivateUser, ProfileInputError, updateProfile, userCourses } from "../../../app/accounts/profile.server";
import { useTestDatabase } from "../../support/database";
import { createTestUser } from "./helpers";

/** Profile changes against a real database (issue 3 items 6 and 8). */
const database = useTestDatabase();

async function someCourses(count: number) {
  return (await database().db.selectFrom("courses").select("id").orderBy("id").limit(count).execute()).map((row) => row.id);
}

async function sessionsOf(userId: number) {
  return database().db.selectFrom("sessions").select("id_hash").where("user_id", "=", userId).execute();
}

describe("updateProfile: user courses", () => {
  it("adds and removes courses, and adding one already there changes nothing", async () => {
    const user = await createTestUser(database().db);
    const [a, b, c] = await someCourses(3);
    await updateProfile(user.id, { user_courses_attributes: [{ course_id: a! }, { course_id: b! }] });
    const before = await userCourses(user.id);
    expect(before.map((row) => row.course_id).sort()).toEqual([a, b].sort());
    const entryA = before.find((row) => row.course_id === a)!;
    await updateProfile(user.id, {
      user_courses_attributes: [{ id: entryA.id, _destroy: true }, { course_id: c! }, { course_id: b! }],
    });
    expect((await userCourses(user.id)).map((row) => row.course_id).sort()).toEqual([b, c].sort());
  });

  it("applies nothing when one entry names an unknown course: fields and earlier entries are rolled back", async () => {
    const user = await createTestUser(database().db);
    const [a, b] = await someCourses(2);
    await updateProfile(user.id, { user_courses_attributes: [{ course_id: a! }] });
    const [entry] = await userCourses(user.id);
    const attempt = updateProfile(user.id, {
      year: "3",
      user_courses_attributes: [{ id: entry!.id, _destroy: true }, { course_id: b! }, { course_id: 999_999_999 }],
    });
    await expect(attempt).rejects.toBeInstanceOf(ProfileInputError);
    await expect(attempt).rejects.toMatchObject({ pointer: "/user/user_courses_attributes/2/course_id" });
    expect((await userCourses(user.id)).map((row) => row.course_id)).toEqual([a]);
    const stored = await database().db.selectFrom("users").select("year").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(stored.year).toBeNull();
  });

  it("refuses someone else's user course id, changing neither user", async () => {
    const owner = await createTestUser(database().db);
    const other = await createTestUser(database().db);
    const [a] = await someCourses(1);
    await updateProfile(owner.id, { user_courses_attributes: [{ course_id: a! }] });
    const [ownersEntry] = await userCourses(owner.id);
    await expect(updateProfile(other.id, { user_courses_attributes: [{ id: ownersEntry!.id, _destroy: true }] })).rejects.toMatchObject({
      pointer: "/user/user_courses_attributes/0/id",
    });
    expect(await userCourses(owner.id)).toHaveLength(1);
  });

  it("records courses a tutor adds as tutored", async () => {
    const tutor = await createTestUser(database().db, { roles: ["tutor"] });
    const [a] = await someCourses(1);
    await updateProfile(tutor.id, { user_courses_attributes: [{ course_id: a! }] });
    expect((await userCourses(tutor.id)).map((row) => row.relation)).toEqual(["tutored"]);
  });
});

describe("updateProfile: email and password", () => {
  it("refuses an email another account uses (any case)", async () => {
    const first = await createTestUser(database().db);
    const second = await createTestUser(database().db);
    await expect(updateProfile(second.id, { email: first.email.toUpperCase() })).rejects.toMatchObject({ field: "email" });
  });

  it("a new password keeps the given session and ends every other one", async () => {
    const user = await createTestUser(database().db);
    const request = new Request("http://x");
    await createUserSession({ userId: user.id, rememberMe: false, request });
    await createUserSession({ userId: user.id, rememberMe: false, request });
    const [kept] = await sessionsOf(user.id);
    await updateProfile(user.id, { password: "a-brand-new-password" }, { keepSessionIdHash: kept!.id_hash });
    expect(await sessionsOf(user.id)).toEqual([kept]);
  });
});

describe("deactivateUser", () => {
  it("sets deactivated_at and ends every session of the user, and only theirs", async () => {
    const user = await createTestUser(database().db);
    const bystander = await createTestUser(database().db);
    const request = new Request("http://x");
    await createUserSession({ userId: user.id, rememberMe: false, request });
    await createUserSession({ userId: user.id, rememberMe: true, request });
    await createUserSession({ userId: bystander.id, rememberMe: false, request });
    expect(await deactivateUser(user.id)).toBe(true);
    expect(await sessionsOf(user.id)).toEqual([]);
    expect(await sessionsOf(bystander.id)).toHaveLength(1);
    const stored = await database().db.selectFrom("users").select("deactivated_at").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(stored.deactivated_at).toBeInstanceOf(Date);
  });

  it("answers false for an unknown user", async () => {
    expect(await deactivateUser(999_999_999)).toBe(false);
  });
});
