import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { hashPassword } from "~/accounts/password.server";
import { action as acceptContract } from "~/routes/api+/v1+/users+/accept_contract";
import { action as deactivate } from "~/routes/api+/v1+/users+/$id.deactivate";
import { loader as educatorProfile } from "~/routes/api+/v1+/users+/$id.educator_profile";
import { action as updateUser, loader as showUser } from "~/routes/api+/v1+/users+/$id";
import { loader as educators } from "~/routes/api+/v1+/users+/educators";
import { loader as dashboard } from "~/routes/dashboard";
import { action as profileAction, loader as profilePage } from "~/routes/profile";
import { loader as avatarFile } from "~/routes/uploads+/avatars.$file";
import { action as reauthenticate, loader as reauthenticatePage } from "~/routes/users+/reauthenticate";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";
import { expectRedirectWithToast } from "../../support/toast";

// Uploads go to a folder of this run, never the developer's data/ (read on first use of the config).
vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "profile-test-"));
});

/** The profile page, the users API and asking for the password again, as their routes answer. */
const database = useTestDatabase();
const db = () => database().db;
const PASSWORD = "profile-test-password";

async function newUser(roles: string[] = []) {
  const email = `profile-${Math.random().toString(36).slice(2)}@example.test`;
  return db()
    .insertInto("users")
    .values({ email, password_hash: await hashPassword(PASSWORD), first_name: "Pat", last_name: "Doe", roles, confirmed_at: new Date() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function demoId(email: string) {
  return (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

/** A browser signed in as the user under a new session, optionally signed in a while ago. */
async function browserFor(userId: number, options: { signedInMinutesAgo?: number } = {}) {
  const session = await sessionCookieFor(userId);
  if (options.signedInMinutesAgo) {
    await db()
      .updateTable("sessions")
      .set({ authenticated_at: new Date(Date.now() - options.signedInMinutesAgo * 60_000) })
      .where("user_id", "=", userId)
      .execute();
  }
  return routeVisitor({ session });
}

const postProfile = (person: RouteVisitor, fields: [string, string][]) => person.form(profileAction, "/profile", fields);

function api(person: RouteVisitor, method: string, userId: number | string, body?: unknown) {
  const route = method === "GET" ? showUser : updateUser;
  return person.api(route, method, `/api/v1/users/${userId}`, body, { params: { id: String(userId) } });
}

/** Whether /dashboard opens with this browser's cookie (else it is sent to sign in). */
async function dashboardOpens(person: RouteVisitor) {
  const answer = await person.get(dashboard, "/dashboard");
  if (answer.status === 302) expect(answer.headers.get("Location")).toContain("/users/sign_in");
  return answer.status === 200;
}

async function storedUser(id: number) {
  return db().selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}
async function courseIdsOf(userId: number) {
  return (await db().selectFrom("user_courses").select("course_id").where("user_id", "=", userId).orderBy("course_id").execute()).map((r) => r.course_id);
}
async function aUniversity() {
  return db().selectFrom("schools").select("id").where("school_type", "=", "university").orderBy("id").executeTakeFirstOrThrow();
}
async function courses(count: number) {
  return (await db().selectFrom("courses").select("id").orderBy("id").limit(count).execute()).map((r) => r.id);
}

const baseFields = (user: { email: string }): [string, string][] => [
  ["intent", "profile"],
  ["first_name", "Pat"],
  ["last_name", "Doe"],
  ["email", user.email],
];

/** Every message of a form's answer, as the page shows them. */
const messagesOf = (answer: { data?: { result?: { error?: Record<string, string[] | null> } } }) =>
  Object.values(answer.data?.result?.error ?? {})
    .flat()
    .join(" | ");

describe("the /profile page without JavaScript", () => {
  it("shows what is missing, then saves the fields and the course changes of one post", async () => {
    const user = await newUser();
    const person = await browserFor(user.id);
    const before = await person.get(profilePage, "/profile");
    expect(before.status).toBe(200);
    // "Your profile is missing: your school, your year, your faculty, your degree."
    expect(before.data.missing).toEqual(["school", "year", "faculty", "degree"]);

    const [a, b, c] = await courses(3);
    await db().insertInto("user_courses").values([{ user_id: user.id, course_id: a! }, { user_id: user.id, course_id: b! }]).execute();
    const entries = await db().selectFrom("user_courses").select(["id", "course_id"]).where("user_id", "=", user.id).orderBy("course_id").execute();
    const school = await aUniversity();
    const response = await postProfile(person, [
      ...baseFields(user),
      ["school_id", String(school.id)],
      ["year", "2"],
      ["faculty", "Science"],
      ["degree", "BSc"],
      ["country_code", "CA"],
      ["bio", "Likes calculus."],
      ["user_courses_attributes[0][id]", String(entries[0]!.id)],
      ["user_courses_attributes[0][_destroy]", "1"],
      ["user_courses_attributes[1][id]", String(entries[1]!.id)],
      ["user_courses_attributes[2][course_id]", String(c)],
    ]);
    await expectRedirectWithToast(response, "/profile", "Your profile is saved.");
    expect(await storedUser(user.id)).toMatchObject({ school_id: school.id, year: "2", faculty: "Science", degree: "BSc", country_code: "CA", bio: "Likes calculus." });
    expect(await courseIdsOf(user.id)).toEqual([b, c].sort((x, y) => x! - y!));
    // "Your profile is complete."
    expect((await person.get(profilePage, "/profile")).data.missing).toEqual([]);
  });

  it("answers bad input with 400 and the messages, keeps the input and changes nothing", async () => {
    const user = await newUser();
    const person = await browserFor(user.id);
    const response = await postProfile(person, [
      ["intent", "profile"],
      ["first_name", ""],
      ["last_name", "Doe"],
      ["email", "not-an-email"],
      ["year", "Third year typed by hand"],
      ["country_code", "FR"],
    ]);
    expect(response.status).toBe(400);
    const messages = messagesOf(response);
    expect(messages).toContain("Enter your first name");
    expect(messages).toContain("Enter a valid email address");
    expect(messages).toContain("Choose Canada or the United States");
    expect(messages).toContain("Year is too long");
    expect(response.data.result.initialValue.email).toBe("not-an-email");
    expect(await storedUser(user.id)).toMatchObject({ first_name: "Pat", email: user.email, year: null, country_code: null });
  });

  it("refuses an unknown course with 400 and saves none of the post", async () => {
    const user = await newUser();
    const person = await browserFor(user.id);
    const response = await postProfile(person, [...baseFields(user), ["year", "4"], ["user_courses_attributes[0][course_id]", "999999999"]]);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.data)).toContain("There is no course with id 999999999.");
    expect((await storedUser(user.id)).year).toBeNull();
    expect(await courseIdsOf(user.id)).toEqual([]);
  });

  it("asks for the password to change the email after an old sign-in, and then saves it on the same session", async () => {
    const user = await newUser();
    const person = await browserFor(user.id, { signedInMinutesAgo: 30 });
    const newEmail = `changed-${user.id}@example.test`;
    const fields: [string, string][] = [["intent", "profile"], ["first_name", "Pat"], ["last_name", "Doe"], ["email", newEmail]];
    const refused = await postProfile(person, fields);
    expect(refused.status).toBe(401);
    expect(messagesOf(refused)).toContain("enter your password again");
    expect((await storedUser(user.id)).email).toBe(user.email);

    const wrong = await postProfile(person, [...fields, ["current_password", "not it"]]);
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(wrong.data)).not.toContain("not it");
    const saved = await postProfile(person, [...fields, ["current_password", PASSWORD]]);
    expect(saved.status).toBe(302);
    expect(await storedUser(user.id)).toMatchObject({ email: newEmail, confirmed_at: null });
  });

  it("changing the password keeps this session and ends the others", async () => {
    const user = await newUser();
    const other = await browserFor(user.id);
    const person = await browserFor(user.id);
    const response = await postProfile(person, [["intent", "password"], ["password", "a-new-password-1"], ["password_confirmation", "a-new-password-1"]]);
    await expectRedirectWithToast(response, "/profile", "Your password is changed. Other devices have been signed out.");
    expect(await dashboardOpens(person)).toBe(true);
    expect(await dashboardOpens(other)).toBe(false);
  });
});

describe("avatar upload", () => {
  function upload(person: RouteVisitor, file: Blob, name: string) {
    const form = new FormData();
    form.append("intent", "avatar");
    form.append("avatar", file, name);
    return person.multipart(profileAction, "/profile", form);
  }

  const serve = (file: string) => routeVisitor().get(avatarFile, `/uploads/avatars/${encodeURIComponent(file)}`, { params: { file } });

  it("resizes a PNG into normal (120) and thumb (48), served as images with long cache headers", async () => {
    const user = await newUser();
    const person = await browserFor(user.id);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
    const response = await upload(person, new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png");
    await expectRedirectWithToast(response, "/profile", "Your picture is updated.");
    const { avatar } = await storedUser(user.id);
    expect(avatar).toMatchObject({ is_silhouette: false, is_processing: false });
    for (const [variant, size] of [["normal", 120], ["thumb", 48]] as const) {
      const url = avatar![variant]!;
      expect(url).toMatch(/^\/uploads\/avatars\//);
      const file = url.slice("/uploads/avatars/".length);
      const served = await routeVisitor().raw(avatarFile, url, { params: { file } });
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("image/webp");
      expect(served.headers.get("Cache-Control")).toContain("max-age=31536000");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([size, size]);
    }
  });

  it("refuses a text file with 400 and a message, and an oversized file with 413", async () => {
    const user = await newUser();
    const person = await browserFor(user.id);
    const textFile = await upload(person, new Blob(["just some words"], { type: "image/png" }), "fake.png");
    expect(textFile.status).toBe(400);
    expect(JSON.stringify(textFile.data)).toContain("That file is not an image we can use");
    const large = await upload(person, new Blob([new Uint8Array(5 * 1024 * 1024 + 200_000)], { type: "image/png" }), "big.png");
    expect(large.status).toBe(413);
    expect(JSON.stringify(large.data)).toContain("larger than 5 MB");
    expect((await storedUser(user.id)).avatar).toBeNull();
  });

  it("answers 404 for files that are not stored avatars", async () => {
    // The router hands the route the decoded name: `..%2F..%2Fsession-secret` arrives as `../../session-secret`.
    for (const file of ["nothing-here.webp", "../../session-secret", "x.html"]) {
      expect((await serve(file)).status, file).toBe(404);
    }
  });
});

describe("the users API", () => {
  it("lets a user read and update themself, with course changes", async () => {
    const user = await newUser();
    const person = await browserFor(user.id);
    const read = await api(person, "GET", user.id);
    expect(read.status).toBe(200);
    expect(read.data.data).toMatchObject({ id: String(user.id), type: "user", attributes: { email: user.email } });
    const [a] = await courses(1);
    const response = await api(person, "PUT", user.id, { user: { year: "1", user_courses_attributes: [{ course_id: a }] } });
    expect(response.status).toBe(200);
    expect(response.data.data.attributes.year).toBe("1");
    expect(await courseIdsOf(user.id)).toEqual([a]);
  });

  it("refuses a student reading or updating another user (403), and lets an admin", async () => {
    const target = await newUser();
    const student = await browserFor(await demoId("student@demo.test"));
    expect((await api(student, "GET", target.id)).status).toBe(403);
    const refused = await api(student, "PUT", target.id, { user: { year: "9" } });
    expect(refused.status).toBe(403);
    expect(refused.data.errors[0].code).toBe("forbidden");
    expect((await storedUser(target.id)).year).toBeNull();

    const admin = await browserFor(await demoId("admin@demo.test"));
    expect((await api(admin, "GET", target.id)).status).toBe(200);
    expect((await api(admin, "PUT", target.id, { user: { year: "9" } })).status).toBe(200);
    expect((await storedUser(target.id)).year).toBe("9");
  });

  it("answers 422 for an unknown course, someone else's user course, or a bad body; 404 for an unknown user", async () => {
    const user = await newUser();
    const other = await newUser();
    const [a] = await courses(1);
    const othersEntry = await db().insertInto("user_courses").values({ user_id: other.id, course_id: a! }).returning("id").executeTakeFirstOrThrow();
    const person = await browserFor(user.id);
    const unknown = await api(person, "PUT", user.id, { user: { user_courses_attributes: [{ course_id: 999999999 }] } });
    expect(unknown.status).toBe(422);
    expect(unknown.data.errors[0].source.pointer).toBe("/user/user_courses_attributes/0/course_id");
    const foreign = await api(person, "PUT", user.id, { user: { user_courses_attributes: [{ id: othersEntry.id, _destroy: true }] } });
    expect(foreign.status).toBe(422);
    expect(await courseIdsOf(other.id)).toEqual([a]);
    expect((await api(person, "PUT", user.id, { user: { roles: ["admin"] } })).status).toBe(422);
    expect((await api(person, "PUT", user.id, { user: { country_code: "FR" } })).status).toBe(422);
    const admin = await browserFor(await demoId("admin@demo.test"));
    expect((await api(admin, "GET", 999999999)).status).toBe(404);
  });

  it("needs a recent sign-in to change the email: 401 reauthentication_required, then fine after reauthenticating", async () => {
    const user = await newUser();
    const person = await browserFor(user.id, { signedInMinutesAgo: 20 });
    const newEmail = `api-changed-${user.id}@example.test`;
    const refused = await api(person, "PUT", user.id, { user: { email: newEmail } });
    expect(refused.status).toBe(401);
    expect(refused.data.errors[0]).toMatchObject({ status: "401", code: "reauthentication_required" });
    expect((await storedUser(user.id)).email).toBe(user.email);

    const page = await person.get(reauthenticatePage, "/users/reauthenticate?redirect_to=%2Fprofile");
    expect(page.status).toBe(200);
    expect(page.data.redirectTo).toBe("/profile");
    const wrong = await person.form(reauthenticate, "/users/reauthenticate", [["password", "wrong"], ["redirect_to", "/profile"]]);
    expect(wrong.status).toBe(400);
    expect(wrong.data.result.error.password).toContain("That password is not right.");
    const reauth = await person.form(reauthenticate, "/users/reauthenticate", [["password", PASSWORD], ["redirect_to", "https://evil.example/"]]);
    expect(reauth.status).toBe(302);
    // An outside target is refused: the visitor continues to the profile.
    expect(reauth.headers.get("Location")).toBe("/profile");
    const accepted = await api(person, "PUT", user.id, { user: { email: newEmail } });
    expect(accepted.status).toBe(200);
    expect((await storedUser(user.id)).email).toBe(newEmail);
  });

  it("deactivation needs a recent sign-in when self, and ends every session: the old cookie no longer opens /dashboard", async () => {
    const user = await newUser();
    const deactivateAs = (person: RouteVisitor) => person.api(deactivate, "DELETE", `/api/v1/users/${user.id}/deactivate`, undefined, { params: { id: String(user.id) } });
    const stale = await browserFor(user.id, { signedInMinutesAgo: 20 });
    const refused = await deactivateAs(stale);
    expect(refused.status).toBe(401);
    expect(refused.data.errors[0].code).toBe("reauthentication_required");

    const fresh = await browserFor(user.id);
    const other = await browserFor(await demoId("student@demo.test"));
    expect((await deactivateAs(other)).status).toBe(403);
    const done = await deactivateAs(fresh);
    expect(done.status).toBe(200);
    expect((await storedUser(user.id)).deactivated_at).toBeInstanceOf(Date);
    for (const person of [stale, fresh]) expect(await dashboardOpens(person)).toBe(false);
  });

  it("records contract acceptance for the signed-in user", async () => {
    const user = await newUser();
    const person = await browserFor(user.id);
    const response = await person.api(acceptContract, "PUT", "/api/v1/users/accept_contract");
    expect(response.status).toBe(200);
    expect(response.data.data.attributes.contract_accepted_at).toEqual(expect.any(String));
    expect((await storedUser(user.id)).contract_accepted_at).toBeInstanceOf(Date);
  });

  it("lists educators publicly, paged, without private fields; educator_profile 404s for a non-educator", async () => {
    const guest = routeVisitor();
    const list = await guest.api(educators, "GET", "/api/v1/users/educators?per_page=100");
    expect(list.status).toBe(200);
    const tutorId = String(await demoId("tutor@demo.test"));
    const studentId = String(await demoId("student@demo.test"));
    const ids = list.data.data.map((record: { id: string }) => record.id);
    expect(ids).toContain(tutorId);
    expect(ids).not.toContain(studentId);
    expect(list.data.meta).toMatchObject({ page: 1, per_page: 100 });
    expect(list.data.data[0].type).toBe("educator");
    expect(list.data.data[0].attributes.email).toBeUndefined();
    expect((await guest.api(educators, "GET", "/api/v1/users/educators?page=0")).status).toBe(400);

    const profileOf = (id: string) => guest.api(educatorProfile, "GET", `/api/v1/users/${id}/educator_profile`, undefined, { params: { id } });
    const profile = await profileOf(tutorId);
    expect(profile.status).toBe(200);
    expect(profile.data.data).toMatchObject({ id: tutorId, type: "educatorProfile", attributes: { roles: ["tutor"] } });
    expect(profile.data.data.attributes.email).toBeUndefined();
    expect(profile.data.data.relationships.tutored_courses.data).toEqual(expect.any(Array));
    expect((await profileOf(studentId)).status).toBe(404);
  });
});
