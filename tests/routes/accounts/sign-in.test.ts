import { createHash } from "node:crypto";
import type { HeadersFunction } from "@remix-run/node";
import argon2 from "argon2";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { hashPassword, PASSWORD_HASH_OPTIONS } from "~/accounts/password.server";
import { loader as dashboard } from "~/routes/dashboard";
import { loader as home } from "~/routes/_index";
import { action as signInJson } from "~/routes/json+/users+/sign_in";
import { loader as signUpForm, action as signUpPage } from "~/routes/sign-up";
import { signUpHref } from "~/shell/menus";
import { action as signUpJson } from "~/routes/users+/_index";
import { action as signInPage, headers as signInHeaders } from "~/routes/users+/sign_in";
import { action as signOut } from "~/routes/users+/sign_out";
import { useTestDatabase } from "../../support/database";
import type { RouteAnswer } from "../../support/route-answer";
import { routeVisitor, type RouteVisitor } from "../../support/route-visitor";
import { expectRedirectWithToast } from "../../support/toast";
import { inOneRateLimitWindow, uniqueIp } from "../../integration/accounts/helpers";

/** Signing in, out and up: the forms (with JavaScript off) and their JSON twins, as the routes answer them. */
const database = useTestDatabase();
const db = () => database().db;

async function newUser(email: string, password = "correct horse battery staple", roles: string[] = []) {
  await db()
    .insertInto("users")
    .values({ email, password_hash: await hashPassword(password), first_name: "Test", last_name: "Person", roles, confirmed_at: new Date() })
    .execute();
  return { email, password };
}

/** A browser of its own, from a client address of its own. */
const browser = (clientIp = uniqueIp()) => routeVisitor({ clientIp });

/** Posts the sign-in form the way a browser without JavaScript does. */
const postSignIn = (person: RouteVisitor, fields: Record<string, string>) => person.form(signInPage, "/users/sign_in", fields);

const sessionSetCookie = (answer: RouteAnswer) => answer.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="));

/** The headers Remix sends with the page (the route's `headers` export); the same headers go with a single-fetch answer. */
function pageHeaders(headers: HeadersFunction, answer: RouteAnswer) {
  return new Headers(headers({ actionHeaders: answer.headers, loaderHeaders: new Headers(), parentHeaders: new Headers(), errorHeaders: undefined }));
}

describe("signing in", () => {
  it("signs in with the form and lands on the home path, with a fresh httpOnly session cookie", async () => {
    const person = browser();
    const response = await postSignIn(person, { email: "student@demo.test", password: "demo-password" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    const cookie = sessionSetCookie(response)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const page = await person.get(dashboard, "/dashboard");
    expect(page.status).toBe(200);
    expect(page.data.firstName).toBe("Maya");
  });

  it("gives the same answer for a wrong password and an unknown email", async () => {
    await newUser("same-answer@example.test");
    const wrongPassword = await postSignIn(browser(), { email: "same-answer@example.test", password: "not the password" });
    const unknownEmail = await postSignIn(browser(), { email: "nobody-here@example.test", password: "not the password" });
    expect(wrongPassword.status).toBe(400);
    expect(unknownEmail.status).toBe(400);
    const a = JSON.stringify(wrongPassword.data);
    const b = JSON.stringify(unknownEmail.data);
    expect(a).toContain("don't match an account");
    expect(a).not.toContain("not the password");
    expect(a.replace("same-answer@example.test", "X")).toBe(b.replace("nobody-here@example.test", "X"));
    expect(wrongPassword.headers.getSetCookie()).toEqual(unknownEmail.headers.getSetCookie());
  });

  // Every attempt here comes from one address; that the owner at another address still gets in is
  // tests/integration/accounts/sign-in-throttle.test.ts.
  it("answers the 6th rapid attempt on one account from one address with 429 and Retry-After, with or without JavaScript", async () => {
    const { email } = await newUser("rate-limited@example.test");
    const clientIp = uniqueIp();
    await inOneRateLimitWindow(300);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      statuses.push((await postSignIn(browser(clientIp), { email, password: `wrong-${attempt}` })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
    const blocked = await postSignIn(browser(clientIp), { email, password: "correct horse battery staple" });
    expect(blocked.status).toBe(429);
    expect(sessionSetCookie(blocked)).toBeUndefined();
    // The page (no JavaScript) and the single-fetch answer (the form sent by the page's JavaScript) both say when to retry.
    const retryAfter = Number(pageHeaders(signInHeaders, blocked).get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(Number(blocked.headers.get("Retry-After"))).toBe(retryAfter);
    expect(JSON.stringify(blocked.data)).toContain("Too many requests. Try again in a couple minutes");
  });

  it("accepts JSON and answers the user document", async () => {
    const response = await browser().api(signInJson, "POST", "/json/users/sign_in", { user: { email: "tutor@demo.test", password: "demo-password", remember_me: true } });
    expect(response.status).toBe(200);
    const document = response.data;
    expect(document.data).toMatchObject({ type: "user", attributes: { email: "tutor@demo.test", roles: ["tutor"] } });
    expect(JSON.stringify(document)).not.toContain("argon2");
    expect(document.meta.redirect_to).toBe("/instructor-dashboard");
    expect(sessionSetCookie(response)).toMatch(/Max-Age=\d+/);
  });

  it("refuses a redirect target outside the app and keeps a same-site one", async () => {
    for (const target of ["https://evil.example", "//evil.example", "/%09/evil.example", "/\\evil.example"]) {
      const response = await postSignIn(browser(), { email: "student@demo.test", password: "demo-password", redirect_to: target });
      expect(response.headers.get("Location"), target).toBe("/dashboard");
    }
    const kept = await postSignIn(browser(), { email: "student@demo.test", password: "demo-password", redirect_to: "/courses?query=calc" });
    expect(kept.headers.get("Location")).toBe("/courses?query=calc");
  });

  it("accepts a 64-character password and stores argon2id with at least 19 MiB and two passes", async () => {
    const password = "p".repeat(32) + "ä".repeat(16) + "🔑".repeat(8);
    expect([...password]).toHaveLength(56);
    const long = "L0ng-".repeat(12) + "xyzw";
    expect(long).toHaveLength(64);
    const { email } = await newUser("long-password@example.test", long);
    const response = await postSignIn(browser(), { email, password: long });
    expect(response.status).toBe(302);
    const { password_hash } = await db().selectFrom("users").select("password_hash").where("email", "=", email).executeTakeFirstOrThrow();
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
    const person = browser();
    await postSignIn(person, { email: "student@demo.test", password: "demo-password" });
    const saved = person.session!;
    expect(saved).toBeTruthy();
    // The app bar's sign-out form (HTML forms cannot send DELETE).
    const out = await person.form(signOut, "/users/sign_out", { _method: "delete" });
    await expectRedirectWithToast(out, "/", "You are signed out. See you soon!");
    expect(person.session).toBeUndefined();
    const replay = await routeVisitor({ session: saved }).get(dashboard, "/dashboard");
    expect(replay.status).toBe(302);
    expect(replay.headers.get("Location")).toMatch(/^\/users\/sign_in\?redirect_to=%2Fdashboard/);
    const stored = await db()
      .selectFrom("sessions")
      .select("user_id")
      .where("id_hash", "=", createHash("sha256").update(saved).digest("base64url"))
      .execute();
    expect(stored).toEqual([]);
  });

  it("sends signed-in visitors of / to their home path", async () => {
    const person = browser();
    await postSignIn(person, { email: "admin@demo.test", password: "demo-password" });
    const response = await person.get(home, "/");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
  });
});

describe("signing up", () => {
  const userCount = async () => (await db().selectFrom("users").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow()).n;

  it("creates a student account from the form, signs them in and sends a confirmation email", async () => {
    const person = browser();
    const response = await person.form(signUpPage, "/sign-up", {
      first_name: "Nadia",
      last_name: "Haddad",
      email: "Nadia.Haddad@example.test",
      password: "a-strong-password",
      signup_role: "student",
    });
    expect(response.status).toBe(302);
    // SPEC §5: a new student sets up their profile first, then goes on to their dashboard.
    expect(response.headers.get("Location")).toBe("/onboarding?redirect_to=%2Fdashboard");
    expect(person.session).toBeTruthy();
    const user = await db().selectFrom("users").selectAll().where(sql<string>`lower(email)`, "=", "nadia.haddad@example.test").executeTakeFirstOrThrow();
    expect(user.roles).toEqual([]);
    expect(user.confirmed_at).toBeNull();
    const mail = await db().selectFrom("outbox_emails").selectAll().where("to_address", "=", user.email).execute();
    expect(mail.length).toBe(1);
  });

  it("re-renders the form with messages and kept input when the email is taken, creating nothing", async () => {
    const before = await userCount();
    const response = await browser().form(signUpPage, "/sign-up", { first_name: "Stu", last_name: "Dent", email: "STUDENT@demo.test", password: "whatever-password" });
    expect(response.status).toBe(400);
    const { result } = response.data;
    expect(result.error.email.join(" ")).toContain("already exists");
    expect(result.initialValue).toMatchObject({ first_name: "Stu", email: "STUDENT@demo.test" });
    expect(JSON.stringify(result)).not.toContain("whatever-password");
    expect(await userCount()).toBe(before);
  });

  it("follows the MCAT pages' sign-up link back to the MCAT page it came from (SPEC §2)", async () => {
    const person = browser();
    const href = signUpHref("/mcat/free-resources");
    const form = await person.get(signUpForm, href);
    expect(form.data).toMatchObject({ product: "mcat", redirectTo: "/mcat/free-resources" });
    const response = await person.form(signUpPage, href, {
      first_name: "Mo",
      last_name: "Cat",
      email: "mo.cat@example.test",
      password: "a-strong-password",
      signup_role: "student",
      redirect_to: form.data.redirectTo,
    });
    expect(response.status).toBe(302);
    // A new student sets up their profile first; onboarding then goes on to the MCAT page.
    expect(response.headers.get("Location")).toBe("/onboarding?redirect_to=%2Fmcat%2Ffree-resources");
  });

  it("makes a teacher from the educators page and sends them to /", async () => {
    const response = await browser().form(signUpPage, "/sign-up?role=teacher", {
      first_name: "Tess",
      last_name: "Cher",
      email: "tess@example.test",
      password: "teaching-is-fun",
      signup_role: "teacher",
    });
    expect(response.headers.get("Location")).toBe("/");
    const user = await db().selectFrom("users").select(["roles", "user_type"]).where("email", "=", "tess@example.test").executeTakeFirstOrThrow();
    expect(user).toEqual({ roles: ["teacher"], user_type: "educator" });
  });

  it("signs up JSON clients at POST /users", async () => {
    const person = browser();
    const response = await person.api(signUpJson, "POST", "/users", {
      user: { first_name: "Jay", last_name: "Son", email: "jay@example.test", password: "json-password" },
      signup_role: "student",
    });
    expect(response.status).toBe(201);
    expect(response.data.data.attributes.email).toBe("jay@example.test");
    expect(sessionSetCookie(response)).toBeDefined();
    const again = await browser().api(signUpJson, "POST", "/users", {
      user: { first_name: "Jay", last_name: "Son", email: "JAY@example.test", password: "json-password" },
      signup_role: "student",
    });
    expect(again.status).toBe(422);
    expect(again.data.errors[0]).toMatchObject({ code: "taken", source: { pointer: "/user/email" } });
  });
});
