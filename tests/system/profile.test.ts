import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../../app/accounts/password.server";
import { createUserSession, SESSION_COOKIE } from "../../app/accounts/session.server";
import { useTestDatabase } from "../support/database";
import { startTestApp, visitor } from "../support/http-app";

// Uploads go to a folder of this run, never the developer's data/ (read on first use of the config).
vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "profile-test-"));
});

/** The profile page, its API and reauthentication over HTTP (issue 3 items 6 and 8). */
const database = useTestDatabase();
let app: Awaited<ReturnType<typeof startTestApp>>;
const PASSWORD = "profile-test-password";

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function newUser(roles: string[] = []) {
  const email = `profile-${Math.random().toString(36).slice(2)}@example.test`;
  return database()
    .db.insertInto("users")
    .values({ email, password_hash: await hashPassword(PASSWORD), first_name: "Pat", last_name: "Doe", roles, confirmed_at: new Date() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function demoId(email: string) {
  return (await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

/** A browser signed in as the user (a real session), with the page's CSRF token at hand. */
async function browserFor(userId: number, options: { signedInMinutesAgo?: number } = {}) {
  const setCookie = await createUserSession({ userId, rememberMe: false, request: new Request("http://x") });
  const value = setCookie.split(";")[0]!.slice(SESSION_COOKIE.length + 1);
  if (options.signedInMinutesAgo) {
    await database()
      .db.updateTable("sessions")
      .set({ authenticated_at: new Date(Date.now() - options.signedInMinutesAgo * 60_000) })
      .where("user_id", "=", userId)
      .execute();
  }
  const browser = visitor(app);
  browser.jar.set(SESSION_COOKIE, value);
  const { csrfToken } = await browser.page("/courses");
  return Object.assign(browser, { csrfToken: csrfToken!, sessionValue: value });
}
type Browser = Awaited<ReturnType<typeof browserFor>>;

function postForm(browser: Browser, pathname: string, fields: [string, string][]) {
  return browser.fetch(pathname, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body: new URLSearchParams([["csrf_token", browser.csrfToken], ...fields]).toString(),
  });
}

function api(browser: Browser, method: string, pathname: string, body?: unknown) {
  return browser.fetch(pathname, {
    method,
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": browser.csrfToken },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const text = (html: string) => html.replace(/<!-- -->/g, "");

async function storedUser(id: number) {
  return database().db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}
async function courseIdsOf(userId: number) {
  return (await database().db.selectFrom("user_courses").select("course_id").where("user_id", "=", userId).orderBy("course_id").execute()).map((r) => r.course_id);
}
async function aUniversity() {
  return database().db.selectFrom("schools").select("id").where("school_type", "=", "university").orderBy("id").executeTakeFirstOrThrow();
}
async function courses(count: number) {
  return (await database().db.selectFrom("courses").select("id").orderBy("id").limit(count).execute()).map((r) => r.id);
}

const baseFields = (user: { email: string }): [string, string][] => [
  ["intent", "profile"],
  ["first_name", "Pat"],
  ["last_name", "Doe"],
  ["email", user.email],
];

describe("the /profile page without JavaScript", () => {
  it("shows what is missing, then saves the fields and the course changes of one post", async () => {
    const user = await newUser();
    const browser = await browserFor(user.id);
    const before = await browser.page("/profile");
    expect(before.response.status).toBe(200);
    expect(text(before.html)).toContain("Your profile is missing: your school, your year, your faculty, your degree.");

    const [a, b, c] = await courses(3);
    await database().db.insertInto("user_courses").values([{ user_id: user.id, course_id: a! }, { user_id: user.id, course_id: b! }]).execute();
    const entries = await database().db.selectFrom("user_courses").select(["id", "course_id"]).where("user_id", "=", user.id).orderBy("course_id").execute();
    const school = await aUniversity();
    const response = await postForm(browser, "/profile", [
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
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/profile");
    expect(await storedUser(user.id)).toMatchObject({ school_id: school.id, year: "2", faculty: "Science", degree: "BSc", country_code: "CA", bio: "Likes calculus." });
    expect(await courseIdsOf(user.id)).toEqual([b, c].sort((x, y) => x! - y!));
    // The toast rides on a signed cookie, shown in the server's HTML of the next page only.
    const after = await browser.page("/profile");
    expect(text(after.html)).toContain("Your profile is complete.");
    expect(text(after.html)).toContain("Your profile is saved.");
    expect(after.html).toContain('data-toast-type="success"');
    expect(text((await browser.page("/profile")).html)).not.toContain("Your profile is saved.");
  });

  it("answers bad input with 400 and the messages, keeps the input and changes nothing", async () => {
    const user = await newUser();
    const browser = await browserFor(user.id);
    const response = await postForm(browser, "/profile", [
      ["intent", "profile"],
      ["first_name", ""],
      ["last_name", "Doe"],
      ["email", "not-an-email"],
      ["year", "Third year typed by hand"],
      ["country_code", "FR"],
    ]);
    expect(response.status).toBe(400);
    const html = text(await response.text());
    expect(html).toContain("Enter your first name");
    expect(html).toContain("Enter a valid email address");
    expect(html).toContain("Choose Canada or the United States");
    expect(html).toContain("Year is too long");
    expect(html).toContain('value="not-an-email"');
    expect(await storedUser(user.id)).toMatchObject({ first_name: "Pat", email: user.email, year: null, country_code: null });
  });

  it("refuses an unknown course with 400 and saves none of the post", async () => {
    const user = await newUser();
    const browser = await browserFor(user.id);
    const response = await postForm(browser, "/profile", [...baseFields(user), ["year", "4"], ["user_courses_attributes[0][course_id]", "999999999"]]);
    expect(response.status).toBe(400);
    expect(text(await response.text())).toContain("There is no course with id 999999999.");
    expect((await storedUser(user.id)).year).toBeNull();
    expect(await courseIdsOf(user.id)).toEqual([]);
  });

  it("asks for the password to change the email after an old sign-in, and then saves it on the same session", async () => {
    const user = await newUser();
    const browser = await browserFor(user.id, { signedInMinutesAgo: 30 });
    const newEmail = `changed-${user.id}@example.test`;
    const fields: [string, string][] = [["intent", "profile"], ["first_name", "Pat"], ["last_name", "Doe"], ["email", newEmail]];
    const refused = await postForm(browser, "/profile", fields);
    expect(refused.status).toBe(401);
    expect(text(await refused.text())).toContain("enter your password again");
    expect((await storedUser(user.id)).email).toBe(user.email);

    const wrong = await postForm(browser, "/profile", [...fields, ["current_password", "not it"]]);
    expect(wrong.status).toBe(401);
    const saved = await postForm(browser, "/profile", [...fields, ["current_password", PASSWORD]]);
    expect(saved.status).toBe(302);
    expect(await storedUser(user.id)).toMatchObject({ email: newEmail, confirmed_at: null });
  });

  it("changing the password keeps this session and ends the others", async () => {
    const user = await newUser();
    const other = await browserFor(user.id);
    const browser = await browserFor(user.id);
    const response = await postForm(browser, "/profile", [["intent", "password"], ["password", "a-new-password-1"], ["password_confirmation", "a-new-password-1"]]);
    expect(response.status).toBe(302);
    expect((await browser.fetch("/dashboard", { headers: { Accept: "text/html" } })).status).toBe(200);
    expect((await other.fetch("/dashboard", { headers: { Accept: "text/html" } })).status).toBe(302);
  });
});

describe("avatar upload", () => {
  function upload(browser: Browser, file: Blob, name: string) {
    const form = new FormData();
    form.append("csrf_token", browser.csrfToken);
    form.append("intent", "avatar");
    form.append("avatar", file, name);
    return browser.fetch("/profile", { method: "POST", body: form, headers: { Accept: "text/html" } });
  }

  it("resizes a PNG into normal (120) and thumb (48), served as images with long cache headers", async () => {
    const user = await newUser();
    const browser = await browserFor(user.id);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
    const response = await upload(browser, new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png");
    expect(response.status).toBe(302);
    const { avatar } = await storedUser(user.id);
    expect(avatar).toMatchObject({ is_silhouette: false, is_processing: false });
    for (const [variant, size] of [["normal", 120], ["thumb", 48]] as const) {
      const served = await app.fetch(avatar![variant]!);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toContain("max-age=31536000");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([size, size]);
    }
  });

  it("refuses a text file with 400 and a message, and an oversized file with 413", async () => {
    const user = await newUser();
    const browser = await browserFor(user.id);
    const textFile = await upload(browser, new Blob(["just some words"], { type: "image/png" }), "fake.png");
    expect(textFile.status).toBe(400);
    expect(text(await textFile.text())).toContain("That file is not an image we can use");
    const large = await upload(browser, new Blob([new Uint8Array(5 * 1024 * 1024 + 200_000)], { type: "image/png" }), "big.png");
    expect(large.status).toBe(413);
    expect(text(await large.text())).toContain("larger than 5 MB");
    expect((await storedUser(user.id)).avatar).toBeNull();
  });

  it("answers 404 for files that are not stored avatars", async () => {
    for (const pathname of ["/uploads/avatars/nothing-here.webp", "/uploads/avatars/..%2F..%2Fsession-secret", "/uploads/avatars/x.html"]) {
      expect((await app.fetch(pathname)).status, pathname).toBe(404);
    }
  });
});

describe("the users API", () => {
  it("lets a user read and update themself, with course changes", async () => {
    const user = await newUser();
    const browser = await browserFor(user.id);
    const read = await api(browser, "GET", `/api/v1/users/${user.id}`);
    expect(read.status).toBe(200);
    expect((await read.json()).data).toMatchObject({ id: String(user.id), type: "user", attributes: { email: user.email } });
    const [a] = await courses(1);
    const response = await api(browser, "PUT", `/api/v1/users/${user.id}`, { user: { year: "1", user_courses_attributes: [{ course_id: a }] } });
    expect(response.status).toBe(200);
    expect((await response.json()).data.attributes.year).toBe("1");
    expect(await courseIdsOf(user.id)).toEqual([a]);
  });

  it("refuses a student reading or updating another user (403), and lets an admin", async () => {
    const target = await newUser();
    const student = await browserFor(await demoId("student@demo.test"));
    expect((await api(student, "GET", `/api/v1/users/${target.id}`)).status).toBe(403);
    const refused = await api(student, "PUT", `/api/v1/users/${target.id}`, { user: { year: "9" } });
    expect(refused.status).toBe(403);
    expect((await refused.json()).errors[0].code).toBe("forbidden");
    expect((await storedUser(target.id)).year).toBeNull();

    const admin = await browserFor(await demoId("admin@demo.test"));
    expect((await api(admin, "GET", `/api/v1/users/${target.id}`)).status).toBe(200);
    expect((await api(admin, "PUT", `/api/v1/users/${target.id}`, { user: { year: "9" } })).status).toBe(200);
    expect((await storedUser(target.id)).year).toBe("9");
  });

  it("answers 422 for an unknown course, someone else's user course, or a bad body; 404 for an unknown user", async () => {
    const user = await newUser();
    const other = await newUser();
    const [a] = await courses(1);
    const othersEntry = await database().db.insertInto("user_courses").values({ user_id: other.id, course_id: a! }).returning("id").executeTakeFirstOrThrow();
    const browser = await browserFor(user.id);
    const unknown = await api(browser, "PUT", `/api/v1/users/${user.id}`, { user: { user_courses_attributes: [{ course_id: 999999999 }] } });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors[0].source.pointer).toBe("/user/user_courses_attributes/0/course_id");
    const foreign = await api(browser, "PUT", `/api/v1/users/${user.id}`, { user: { user_courses_attributes: [{ id: othersEntry.id, _destroy: true }] } });
    expect(foreign.status).toBe(422);
    expect(await courseIdsOf(other.id)).toEqual([a]);
    expect((await api(browser, "PUT", `/api/v1/users/${user.id}`, { user: { roles: ["admin"] } })).status).toBe(422);
    expect((await api(browser, "PUT", `/api/v1/users/${user.id}`, { user: { country_code: "FR" } })).status).toBe(422);
    const admin = await browserFor(await demoId("admin@demo.test"));
    expect((await api(admin, "GET", "/api/v1/users/999999999")).status).toBe(404);
  });

  it("needs a recent sign-in to change the email: 401 reauthentication_required, then fine after reauthenticating", async () => {
    const user = await newUser();
    const browser = await browserFor(user.id, { signedInMinutesAgo: 20 });
    const newEmail = `api-changed-${user.id}@example.test`;
    const refused = await api(browser, "PUT", `/api/v1/users/${user.id}`, { user: { email: newEmail } });
    expect(refused.status).toBe(401);
    expect((await refused.json()).errors[0]).toMatchObject({ status: "401", code: "reauthentication_required" });
    expect((await storedUser(user.id)).email).toBe(user.email);

    const page = await browser.page("/users/reauthenticate?redirect_to=%2Fprofile");
    expect(page.response.status).toBe(200);
    const wrong = await postForm(browser, "/users/reauthenticate", [["password", "wrong"], ["redirect_to", "/profile"]]);
    expect(wrong.status).toBe(400);
    const reauth = await postForm(browser, "/users/reauthenticate", [["password", PASSWORD], ["redirect_to", "https://evil.example/"]]);
    expect(reauth.status).toBe(302);
    // An outside target is refused: the visitor continues to the profile.
    expect(reauth.headers.get("location")).toBe("/profile");
    const accepted = await api(browser, "PUT", `/api/v1/users/${user.id}`, { user: { email: newEmail } });
    expect(accepted.status).toBe(200);
    expect((await storedUser(user.id)).email).toBe(newEmail);
  });

  it("deactivation needs a recent sign-in when self, and ends every session: the old cookie no longer opens /dashboard", async () => {
    const user = await newUser();
    const stale = await browserFor(user.id, { signedInMinutesAgo: 20 });
    const refused = await api(stale, "DELETE", `/api/v1/users/${user.id}/deactivate`);
    expect(refused.status).toBe(401);
    expect((await refused.json()).errors[0].code).toBe("reauthentication_required");

    const fresh = await browserFor(user.id);
    const other = await browserFor(await demoId("student@demo.test"));
    expect((await api(other, "DELETE", `/api/v1/users/${user.id}/deactivate`)).status).toBe(403);
    const done = await api(fresh, "DELETE", `/api/v1/users/${user.id}/deactivate`);
    expect(done.status).toBe(200);
    expect((await storedUser(user.id)).deactivated_at).toBeInstanceOf(Date);
    for (const browser of [stale, fresh]) {
      const dashboard = await app.fetch("/dashboard", { headers: { Accept: "text/html", Cookie: `${SESSION_COOKIE}=${browser.sessionValue}` } });
      expect(dashboard.status).toBe(302);
      expect(dashboard.headers.get("location")).toContain("/users/sign_in");
    }
  });

  it("records contract acceptance for the signed-in user", async () => {
    const user = await newUser();
    const browser = await browserFor(user.id);
    const response = await api(browser, "PUT", "/api/v1/users/accept_contract");
    expect(response.status).toBe(200);
    expect((await response.json()).data.attributes.contract_accepted_at).toEqual(expect.any(String));
    expect((await storedUser(user.id)).contract_accepted_at).toBeInstanceOf(Date);
  });

  it("lists educators publicly, paged, without private fields; educator_profile 404s for a non-educator", async () => {
    const list = await app.fetch("/api/v1/users/educators?per_page=100");
    expect(list.status).toBe(200);
    const body = await list.json();
    const tutorId = String(await demoId("tutor@demo.test"));
    const studentId = String(await demoId("student@demo.test"));
    const ids = body.data.map((record: { id: string }) => record.id);
    expect(ids).toContain(tutorId);
    expect(ids).not.toContain(studentId);
    expect(body.meta).toMatchObject({ page: 1, per_page: 100 });
    expect(body.data[0].type).toBe("educator");
    expect(body.data[0].attributes.email).toBeUndefined();
    expect((await app.fetch("/api/v1/users/educators?page=0")).status).toBe(400);

    const profile = await app.fetch(`/api/v1/users/${tutorId}/educator_profile`);
    expect(profile.status).toBe(200);
    const document = await profile.json();
    expect(document.data).toMatchObject({ id: tutorId, type: "educatorProfile", attributes: { roles: ["tutor"] } });
    expect(document.data.attributes.email).toBeUndefined();
    expect(document.data.relationships.tutored_courses.data).toEqual(expect.any(Array));
    expect((await app.fetch(`/api/v1/users/${studentId}/educator_profile`)).status).toBe(404);
  });
});
