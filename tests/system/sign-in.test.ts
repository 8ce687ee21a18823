import { createHash } from "node:crypto";
import argon2 from "argon2";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, PASSWORD_HASH_OPTIONS } from "~/accounts/password.server";
import { inOneRateLimitWindow } from "../integration/accounts/helpers";
import { useTestDatabase } from "../support/database";
import { startTestApp, visitor } from "../support/http-app";

const database = useTestDatabase();
let app: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function newUser(email: string, password = "correct horse battery staple", roles: string[] = []) {
  await database()
    .db.insertInto("users")
    .values({ email, password_hash: await hashPassword(password), first_name: "Test", last_name: "Person", roles, confirmed_at: new Date() })
    .execute();
  return { email, password };
}

/** Posts the sign-in form the way a browser without JavaScript does. */
async function postSignIn(person: ReturnType<typeof visitor>, fields: Record<string, string>) {
  const { csrfToken } = await person.page("/users/sign_in");
  return person.fetch("/users/sign_in", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body: new URLSearchParams({ csrf_token: csrfToken!, ...fields }),
  });
}

describe("signing in", () => {
  it("signs in with the form and lands on the home path, with a fresh httpOnly session cookie", async () => {
    const person = visitor(app);
    const response = await postSignIn(person, { email: "student@demo.test", password: "demo-password" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const dashboard = await person.page("/dashboard");
    expect(dashboard.response.status).toBe(200);
    expect(dashboard.html).toContain("Welcome back");
  });

  it("gives the same answer for a wrong password and an unknown email", async () => {
    await newUser("same-answer@example.test");
    const wrongPassword = await postSignIn(visitor(app), { email: "same-answer@example.test", password: "not the password" });
    const unknownEmail = await postSignIn(visitor(app), { email: "nobody-here@example.test", password: "not the password" });
    expect(wrongPassword.status).toBe(400);
    expect(unknownEmail.status).toBe(400);
    const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    const a = text(await wrongPassword.text());
    const b = text(await unknownEmail.text());
    expect(a).toContain("don't match an account");
    expect(a.replace("same-answer@example.test", "X").replace(/[\w-]{30,}/g, "")).toBe(
      b.replace("nobody-here@example.test", "X").replace(/[\w-]{30,}/g, ""),
    );
  });

  // Every request here comes from 127.0.0.1; that the owner at another address still gets in is
  // tests/integration/accounts/sign-in-throttle.test.ts.
  it("answers the 6th rapid attempt on one account from one address with 429 and Retry-After, with or without JavaScript", async () => {
    const { email } = await newUser("rate-limited@example.test");
    await inOneRateLimitWindow(300);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      statuses.push((await postSignIn(visitor(app), { email, password: `wrong-${attempt}` })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
    const blocked = await postSignIn(visitor(app), { email, password: "correct horse battery staple" });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(await blocked.text()).toContain("Too many requests. Try again in a couple minutes");

    // The same form submitted by the page's JavaScript (single fetch) says when to retry too.
    const browser = visitor(app);
    const { csrfToken } = await browser.page("/users/sign_in");
    const enhanced = await browser.fetch("/users/sign_in.data", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf_token: csrfToken!, email, password: "correct horse battery staple" }),
    });
    expect(enhanced.status).toBe(429);
    expect(Number(enhanced.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("accepts JSON with the CSRF header and answers the user document", async () => {
    const person = visitor(app);
    const { csrfToken } = await person.page("/users/sign_in");
    const response = await person.fetch("/users/sign_in", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken! },
      body: JSON.stringify({ user: { email: "tutor@demo.test", password: "demo-password", remember_me: true } }),
    });
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.data).toMatchObject({ type: "user", attributes: { email: "tutor@demo.test", roles: ["tutor"] } });
    expect(JSON.stringify(document)).not.toContain("argon2");
    expect(document.meta.redirect_to).toBe("/instructor-dashboard");
    expect(response.headers.getSetCookie().find((c) => c.startsWith("__session="))).toMatch(/Max-Age=\d+/);
  });

  it("refuses a redirect target outside the app and keeps a same-site one", async () => {
    for (const target of ["https://evil.example", "//evil.example", "/%09/evil.example", "/\\evil.example"]) {
      const response = await postSignIn(visitor(app), { email: "student@demo.test", password: "demo-password", redirect_to: target });
      expect(response.headers.get("location")).toBe("/dashboard");
    }
    const kept = await postSignIn(visitor(app), { email: "student@demo.test", password: "demo-password", redirect_to: "/courses?query=calc" });
    expect(kept.headers.get("location")).toBe("/courses?query=calc");
  });

  it("accepts a 64-character password and stores argon2id with at least 19 MiB and two passes", async () => {
    const password = "p".repeat(32) + "ä".repeat(16) + "🔑".repeat(8);
    expect([...password]).toHaveLength(56);
    const long = "L0ng-".repeat(12) + "xyzw";
    expect(long).toHaveLength(64);
    const { email } = await newUser("long-password@example.test", long);
    const response = await postSignIn(visitor(app), { email, password: long });
    expect(response.status).toBe(302);
    const { password_hash } = await database().db.selectFrom("users").select("password_hash").where("email", "=", email).executeTakeFirstOrThrow();
    expect(password_hash).toMatch(/^\$argon2id\$v=19\$/);
    const params = Object.fromEntries(password_hash!.split("$")[3]!.split(",").map((pair) => pair.split("=")));
    expect(Number(params.m)).toBeGreaterThanOrEqual(19 * 1024);
    expect(Number(params.t)).toBeGreaterThanOrEqual(2);
    expect(PASSWORD_HASH_OPTIONS.type).toBe(argon2.argon2id);
    expect(await argon2.verify(password_hash!, long)).toBe(true);
  });
});

describe("signing out", () => {
  it("ends the session: a cookie saved before sign-out no longer opens /dashboard", async () => {
    const person = visitor(app);
    await postSignIn(person, { email: "student@demo.test", password: "demo-password" });
    const saved = person.jar.get("__session")!;
    const { csrfToken } = await person.page("/dashboard");
    const out = await person.fetch("/users/sign_out", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams({ csrf_token: csrfToken!, _method: "delete" }),
    });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/");
    const replay = await app.fetch("/dashboard", { headers: { Accept: "text/html", Cookie: `__session=${saved}` } });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toMatch(/^\/users\/sign_in\?redirect_to=%2Fdashboard/);
    const stored = await database()
      .db.selectFrom("sessions")
      .select("user_id")
      .where("id_hash", "=", createHash("sha256").update(saved).digest("base64url"))
      .execute();
    expect(stored).toEqual([]);
  });

  it("sends signed-in visitors of / to their home path", async () => {
    const person = visitor(app);
    await postSignIn(person, { email: "admin@demo.test", password: "demo-password" });
    const response = await person.fetch("/", { headers: { Accept: "text/html" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
  });
});

describe("signing up", () => {
  it("creates a student account from the form, signs them in and sends a confirmation email", async () => {
    const person = visitor(app);
    const { csrfToken } = await person.page("/sign-up");
    const response = await person.fetch("/sign-up", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams({
        csrf_token: csrfToken!,
        first_name: "Nadia",
        last_name: "Haddad",
        email: "Nadia.Haddad@example.test",
        password: "a-strong-password",
        signup_role: "student",
      }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
    const user = await database().db.selectFrom("users").selectAll().where(sql<string>`lower(email)`, "=", "nadia.haddad@example.test").executeTakeFirstOrThrow();
    expect(user.roles).toEqual([]);
    expect(user.confirmed_at).toBeNull();
    const mail = await database().db.selectFrom("outbox_emails").selectAll().where("to_address", "=", user.email).execute();
    expect(mail.length).toBe(1);
  });

  it("re-renders the form with messages and kept input when the email is taken, creating nothing", async () => {
    const person = visitor(app);
    const { csrfToken } = await person.page("/sign-up");
    const before = await database().db.selectFrom("users").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    const response = await person.fetch("/sign-up", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams({ csrf_token: csrfToken!, first_name: "Stu", last_name: "Dent", email: "STUDENT@demo.test", password: "whatever-password" }),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("already exists");
    expect(html).toContain('value="Stu"');
    const after = await database().db.selectFrom("users").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("makes a teacher from the educators page and sends them to /", async () => {
    const person = visitor(app);
    const { csrfToken } = await person.page("/sign-up?role=teacher");
    const response = await person.fetch("/sign-up?role=teacher", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams({ csrf_token: csrfToken!, first_name: "Tess", last_name: "Cher", email: "tess@example.test", password: "teaching-is-fun", signup_role: "teacher" }),
    });
    expect(response.headers.get("location")).toBe("/");
    const user = await database().db.selectFrom("users").select(["roles", "user_type"]).where("email", "=", "tess@example.test").executeTakeFirstOrThrow();
    expect(user).toEqual({ roles: ["teacher"], user_type: "educator" });
  });

  it("signs up JSON clients at POST /users", async () => {
    const person = visitor(app);
    const { csrfToken } = await person.page("/sign-up");
    const response = await person.fetch("/users", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken! },
      body: JSON.stringify({ user: { first_name: "Jay", last_name: "Son", email: "jay@example.test", password: "json-password" }, signup_role: "student" }),
    });
    expect(response.status).toBe(201);
    expect((await response.json()).data.attributes.email).toBe("jay@example.test");
    const again = await person.fetch("/users", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken! },
      body: JSON.stringify({ user: { first_name: "Jay", last_name: "Son", email: "JAY@example.test", password: "json-password" }, signup_role: "student" }),
    });
    expect(again.status).toBe(422);
    expect((await again.json()).errors[0]).toMatchObject({ code: "taken", source: { pointer: "/user/email" } });
  });
});
