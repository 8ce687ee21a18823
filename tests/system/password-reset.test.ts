import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountMailRateLimits } from "../../app/accounts/account-mail-limits.server";
import { verifyPassword } from "../../app/accounts/password.server";
import { createUserSession, currentSession, SESSION_COOKIE } from "../../app/accounts/session.server";
import { tooManyRequestsMessage } from "../../app/errors/messages";
import { resetSingleton } from "../../app/utils/singleton.server";
import { useTestDatabase } from "../support/database";
import { startTestApp, visitor } from "../support/http-app";
import { createTestUser, latestMailTo, mailCount, tokenIn } from "../integration/accounts/helpers";

const database = useTestDatabase();
const db = () => database().db;
let app: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  // Behind a "proxy", so each test can come from client addresses of its own (X-Forwarded-For).
  app = await startTestApp({ TRUST_PROXY: "true" });
});
afterAll(async () => {
  await app?.close();
});

let addressCounter = 0;
const newIp = () => `198.51.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

type Visitor = ReturnType<typeof visitor> & { csrf: string; ip: string };

/** A browser that has opened a page (so it holds a CSRF token), from a client address of its own. */
async function newVisitor(options: { ip?: string; sessionCookie?: string; firstPage?: string } = {}): Promise<Visitor> {
  const browser = visitor(app);
  if (options.sessionCookie) {
    const [name, value] = options.sessionCookie.split(";")[0]!.split("=") as [string, string];
    browser.jar.set(name, value);
  }
  const { csrfToken } = await browser.page(options.firstPage ?? "/users/password/new");
  expect(csrfToken).toBeTruthy();
  return Object.assign(browser, { csrf: csrfToken!, ip: options.ip ?? newIp() });
}

/** A form post as a browser without JavaScript makes it (browsers send Origin with a post; Remix checks it). */
function postForm(browser: Visitor, pathname: string, fields: Record<string, string>) {
  return browser.fetch(pathname, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", Origin: app.origin, "X-Forwarded-For": browser.ip },
    body: new URLSearchParams({ csrf_token: browser.csrf, ...fields }),
  });
}

/** The labelled input of a field: a <label for=id> and an input with that id and name. */
function labelledInput(html: string, name: string, type: string) {
  const input = new RegExp(`<input[^>]*id="([^"]+)"[^>]*name="${name}"[^>]*type="${type}"`).exec(html);
  expect(input, `an input named ${name}`).not.toBeNull();
  expect(html).toContain(`<label for="${input![1]}">`);
}

function sendJson(browser: Visitor, method: string, pathname: string, body?: unknown) {
  return browser.fetch(pathname, {
    method,
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": browser.csrf, "X-Forwarded-For": browser.ip },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function resetTokenFor(email: string) {
  const mail = await latestMailTo(db(), email);
  expect(mail, `a reset mail to ${email}`).toBeDefined();
  return tokenIn(mail!.text_body, "reset_password_token");
}

async function signedInAs(userId: number) {
  return createUserSession({ userId, rememberMe: false, request: new Request("http://x") });
}

/** Who a session cookie signs in, as the app bar shows it: the sign-out button only appears for a session. */
async function pageSignedIn(cookie: string) {
  const response = await app.fetch("/courses", { headers: { Accept: "text/html", Cookie: cookie.split(";")[0]! } });
  return (await response.text()).includes("Sign out");
}

const withoutTags = (html: string) => html.replace(/<!-- -->/g, "");

describe("asking for a reset link", () => {
  it("shows the form without JavaScript: a native form posting to /users/password with a CSRF field and a labelled email input", async () => {
    for (const pathname of ["/users/password/new", "/users/password"]) {
      const { response, html } = await visitor(app).page(pathname);
      expect(response.status).toBe(200);
      expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/users\/password"/);
      expect(html).toMatch(/<input type="hidden" name="csrf_token" value="[^"]+"/);
      labelledInput(html, "email", "email");
    }
  });

  it.each([
    ["the form's own field name", "email"],
    ["a Rails-style user[email]", "user[email]"],
  ])("answers a known and an unknown email with byte-identical responses (%s), and mails only the known one", async (_label, field) => {
    const pathname = "/users/password";
    const user = await createTestUser(db());
    const answers = [];
    for (const email of [user.email, `nobody-${randomBytes(4).toString("hex")}@example.test`]) {
      const response = await postForm(await newVisitor(), pathname, { [field]: email });
      answers.push({
        status: response.status,
        location: response.headers.get("location"),
        type: response.headers.get("content-type"),
        cookies: response.headers.getSetCookie(),
        body: Buffer.from(await response.arrayBuffer()).toString("base64"),
      });
    }
    expect(answers[0]!.status).toBe(302);
    expect(answers[0]!.location).toBe("/users/password/new?sent=1");
    expect(answers[1]).toEqual(answers[0]);
    expect(await mailCount(db(), user.email)).toBe(1);

    const { html } = await visitor(app).page("/users/password/new?sent=1");
    expect(html).toContain("If an account exists for that email address");
  });

  it("answers known and unknown emails identically in JSON too", async () => {
    const user = await createTestUser(db());
    const bodies = [];
    for (const email of [user.email, "nobody-json@example.test"]) {
      const response = await sendJson(await newVisitor(), "POST", "/users/password", { user: { email } });
      expect(response.status).toBe(200);
      bodies.push(await response.text());
    }
    expect(bodies[1]).toBe(bodies[0]);
    expect(JSON.parse(bodies[0]!)).toEqual({ data: null, meta: { message: expect.stringContaining("If an account exists") } });
  });

  it("re-renders the form with the error and the input kept for a malformed email (400)", async () => {
    const response = await postForm(await newVisitor(), "/users/password", { email: "not-an-email" });
    expect(response.status).toBe(400);
    const html = withoutTags(await response.text());
    expect(html).toContain("Enter a valid email address");
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="not-an-email"/);
    expect(html).toMatch(/aria-invalid="true"/);
  });

  it("answers bad JSON with 4xx, never 500", async () => {
    const browser = await newVisitor();
    const invalid = await sendJson(browser, "POST", "/users/password", { user: { email: "nope" } });
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).errors[0]).toMatchObject({ code: "invalid_attribute", source: { pointer: "/user/email" } });
    const broken = await browser.fetch("/users/password", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": browser.csrf, "X-Forwarded-For": browser.ip },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).errors[0].code).toBe("invalid_json");
    const wrongMethod = await browser.fetch("/users/password", {
      method: "DELETE",
      headers: { "X-CSRF-Token": browser.csrf, "X-Forwarded-For": browser.ip },
    });
    expect(wrongMethod.status).toBe(405);
  });

  it(`answers the ${accountMailRateLimits.resetPerIp.limit + 1}th rapid request from one client address with 429 and SPEC §8's text`, async () => {
    const browser = await newVisitor();
    for (let i = 0; i < accountMailRateLimits.resetPerIp.limit; i += 1) {
      const response = await postForm(browser, "/users/password", { "user[email]": `burst-${i}@example.test` });
      expect(response.status).toBe(302);
    }
    const refused = await postForm(browser, "/users/password", { "user[email]": "burst-last@example.test" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain(tooManyRequestsMessage);

    const json = await sendJson(browser, "POST", "/users/password", { user: { email: "burst-json@example.test" } });
    expect(json.status).toBe(429);
    expect((await json.json()).errors[0]).toMatchObject({ code: "too_many_requests", detail: tooManyRequestsMessage });

    // Per address: another client is still served.
    const other = await postForm(await newVisitor(), "/users/password", { "user[email]": "burst-last@example.test" });
    expect(other.status).toBe(302);
  });

  it(`limits one email to ${accountMailRateLimits.resetPerEmail.limit} requests an hour, from whatever addresses`, async () => {
    const user = await createTestUser(db());
    for (let i = 0; i < accountMailRateLimits.resetPerEmail.limit; i += 1) {
      expect((await postForm(await newVisitor(), "/users/password", { "user[email]": user.email })).status).toBe(302);
    }
    const refused = await postForm(await newVisitor(), "/users/password", { "user[email]": user.email });
    expect(refused.status).toBe(429);
    expect(await mailCount(db(), user.email)).toBe(accountMailRateLimits.resetPerEmail.limit);
    // Another email from the same kind of fresh client is fine.
    expect((await postForm(await newVisitor(), "/users/password", { "user[email]": "someone-else@example.test" })).status).toBe(302);
  });
});

describe("choosing a new password", () => {
  async function userWithResetLink() {
    const user = await createTestUser(db(), { confirmed: false });
    expect((await postForm(await newVisitor(), "/users/password", { "user[email]": user.email })).status).toBe(302);
    return { user, token: await resetTokenFor(user.email) };
  }

  function submitNewPassword(browser: Visitor, token: string, password: string, confirmation = password) {
    return postForm(browser, "/users/password", { _method: "put", reset_password_token: token, password, password_confirmation: confirmation });
  }

  it("shows the form for a live link, without leaking the token to other sites as a Referer", async () => {
    const { token } = await userWithResetLink();
    const { response, html } = await visitor(app).page(`/users/password/edit?reset_password_token=${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/users\/password"/);
    expect(html).toMatch(/<input type="hidden" name="_method" value="put"/);
    expect(html).toContain(`value="${token}"`);
    labelledInput(html, "password", "password");
    labelledInput(html, "password_confirmation", "password");
  });

  it("works once: sets the password, ends old sessions, signs in with a new one and goes to /", async () => {
    const { user, token } = await userWithResetLink();
    const oldCookie = await signedInAs(user.id);
    expect(await pageSignedIn(oldCookie)).toBe(true);

    const browser = await newVisitor({ firstPage: `/users/password/edit?reset_password_token=${token}` });
    const response = await submitNewPassword(browser, token, "my-new-password-123");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const newCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    expect(newCookie).toBeDefined();
    expect(newCookie).toMatch(/HttpOnly/i);

    // The cookie saved before the reset no longer authenticates; the new one does.
    expect(await currentSession(new Request("http://x", { headers: { Cookie: oldCookie.split(";")[0]! } }))).toBeNull();
    expect(await pageSignedIn(oldCookie)).toBe(false);
    expect(await pageSignedIn(newCookie!)).toBe(true);

    const stored = await db().selectFrom("users").select(["password_hash", "confirmed_at"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(stored.password_hash, "my-new-password-123")).toBe(true);
    expect(stored.confirmed_at).not.toBeNull();

    // The same link a second time (with Rails-style user[…] field names): refused with a way to
    // get a new one, nothing changed.
    const again = await postForm(await newVisitor(), "/users/password", {
      _method: "put",
      "user[reset_password_token]": token,
      "user[password]": "another-password-456",
      "user[password_confirmation]": "another-password-456",
    });
    expect(again.status).toBe(422);
    const html = await again.text();
    expect(html).toContain("invalid, has expired or has already been used");
    expect(html).toContain('href="/users/password/new"');
    const after = await db().selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(stored.password_hash);
    const page = await visitor(app).page(`/users/password/edit?reset_password_token=${token}`);
    expect(page.response.status).toBe(422);
  });

  it("refuses an expired link, on the page and on submission", async () => {
    const { user, token } = await userWithResetLink();
    await db().updateTable("user_tokens").set({ expires_at: sql<Date>`now() - interval '1 second'` }).where("user_id", "=", user.id).execute();
    const page = await visitor(app).page(`/users/password/edit?reset_password_token=${token}`);
    expect(page.response.status).toBe(422);
    expect(page.html).toContain("Request a new link");
    expect(page.html).not.toContain('name="password"');
    const response = await submitNewPassword(await newVisitor(), token, "my-new-password-123");
    expect(response.status).toBe(422);
    const stored = await db().selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(stored.password_hash, "old-password-1")).toBe(true);
  });

  it.each([
    ["too short", "short", "short", "Use at least 8 characters"],
    ["not matching", "my-new-password-123", "my-new-password-124", "The two passwords don&#x27;t match"],
  ])("re-renders a %s password with the message, keeping the link but not the passwords (400)", async (_label, password, confirmation, message) => {
    const { user, token } = await userWithResetLink();
    const response = await submitNewPassword(await newVisitor(), token, password, confirmation);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message);
    expect(html).toContain(`value="${token}"`);
    expect(html).not.toContain(`value="${password}"`);
    // Nothing changed and the link still works.
    const stored = await db().selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(stored.password_hash, "old-password-1")).toBe(true);
    expect((await visitor(app).page(`/users/password/edit?reset_password_token=${token}`)).response.status).toBe(200);
  });

  it("accepts a real PUT with JSON and answers with the user and a session", async () => {
    const { user, token } = await userWithResetLink();
    const browser = await newVisitor();
    const mismatch = await sendJson(browser, "PUT", "/users/password", {
      user: { reset_password_token: token, password: "json-password-1", password_confirmation: "json-password-2" },
    });
    expect(mismatch.status).toBe(422);
    expect((await mismatch.json()).errors[0].source.pointer).toBe("/user/password_confirmation");

    const response = await sendJson(browser, "PUT", "/users/password", {
      user: { reset_password_token: token, password: "json-password-1", password_confirmation: "json-password-1" },
    });
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.data).toMatchObject({ type: "user", id: String(user.id), attributes: { email: user.email, confirmed: true } });
    expect(document.data.attributes).not.toHaveProperty("password_hash");
    expect(document.meta.redirect_to).toBe("/");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(true);

    const reused = await sendJson(browser, "PUT", "/users/password", {
      user: { reset_password_token: token, password: "json-password-3", password_confirmation: "json-password-3" },
    });
    expect(reused.status).toBe(422);
    expect((await reused.json()).errors[0]).toMatchObject({ code: "invalid_token", source: { pointer: "/user/reset_password_token" } });
  });
});

describe("email confirmation", () => {
  it("confirms through the mailed link, then shows the confirmation; a bad link is a 400 page", async () => {
    const user = await createTestUser(db(), { confirmed: false });
    const admin = await db().selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow();
    const adminBrowser = await newVisitor({ sessionCookie: await signedInAs(admin.id), firstPage: "/courses" });
    expect((await sendJson(adminBrowser, "POST", `/api/v1/users/${user.id}/resend_confirmation`)).status).toBe(200);
    const token = tokenIn((await latestMailTo(db(), user.email))!.text_body, "confirmation_token");

    const response = await app.fetch(`/users/confirmation?confirmation_token=${token}`, { headers: { Accept: "text/html" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/users/confirmation?confirmed=1");
    expect((await visitor(app).page("/users/confirmation?confirmed=1")).html).toContain("Your email address is confirmed");
    const stored = await db().selectFrom("users").select("confirmed_at").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(stored.confirmed_at).not.toBeNull();

    const bad = await visitor(app).page("/users/confirmation?confirmation_token=not-a-real-token");
    expect(bad.response.status).toBe(400);
    expect(bad.html).toContain("This confirmation link is invalid or has expired");
    expect(bad.html).toMatch(/<form[^>]*method="post"[^>]*action="\/users\/confirmation"/);
  });

  it("resends instructions with the same answer for every address, and limits it", async () => {
    const user = await createTestUser(db(), { confirmed: false });
    const browser = await newVisitor();
    const get = (email: string) =>
      browser.fetch(`/users/confirmations/resend_instructions?email=${encodeURIComponent(email)}`, {
        headers: { Accept: "application/json", "X-Forwarded-For": browser.ip },
      });
    const known = await get(user.email);
    const unknown = await get("nobody-confirm@example.test");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toBe(await known.text());
    expect(await mailCount(db(), user.email)).toBe(1);

    const invalid = await get("nope");
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors[0]).toMatchObject({ code: "invalid_parameter", source: { parameter: "email" } });

    for (let i = 2; i < accountMailRateLimits.confirmationPerIp.limit; i += 1) expect((await get(`filler-${i}@example.test`)).status).toBe(200);
    const refused = await get("one-too-many@example.test");
    expect(refused.status).toBe(429);
    expect((await refused.json()).errors[0].detail).toBe(tooManyRequestsMessage);
  });

  it("resends from the page form without JavaScript (PRG to a confirmation message)", async () => {
    const user = await createTestUser(db(), { confirmed: false });
    const browser = await newVisitor({ firstPage: "/users/confirmation" });
    const response = await postForm(browser, "/users/confirmation", { "user[email]": user.email });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/users/confirmation?sent=1");
    expect(await mailCount(db(), user.email)).toBe(1);
  });
});

describe("account mail API", () => {
  async function ids() {
    const rows = await db().selectFrom("users").select(["id", "email"]).where("email", "in", ["admin@demo.test", "student@demo.test"]).execute();
    return Object.fromEntries(rows.map((row) => [row.email.split("@")[0]!, row.id])) as { admin: number; student: number };
  }

  const endpoints = [
    ["PATCH", "confirm"],
    ["POST", "resend_password_reset"],
    ["POST", "resend_confirmation"],
  ] as const;

  it.each(endpoints)("%s /api/v1/users/{id}/%s is 401 unauthenticated when signed out", async (method, action) => {
    const target = await createTestUser(db());
    const response = await sendJson(await newVisitor(), method, `/api/v1/users/${target.id}/${action}`);
    expect(response.status).toBe(401);
    expect((await response.json()).errors[0].code).toBe("unauthenticated");
  });

  it.each(endpoints)("%s /api/v1/users/{id}/%s is 403 forbidden for a student on another user", async (method, action) => {
    const { student } = await ids();
    const target = await createTestUser(db());
    const browser = await newVisitor({ sessionCookie: await signedInAs(student), firstPage: "/courses" });
    const response = await sendJson(browser, method, `/api/v1/users/${target.id}/${action}`);
    expect(response.status).toBe(403);
    expect((await response.json()).errors[0].code).toBe("forbidden");
    expect(await mailCount(db(), target.email)).toBe(0);
    const stored = await db().selectFrom("users").select("confirmed_at").where("id", "=", target.id).executeTakeFirstOrThrow();
    expect(stored.confirmed_at).toBeNull();
  });

  it("lets an admin confirm a user, and mail them a reset link and a confirmation link", async () => {
    const { admin } = await ids();
    const browser = await newVisitor({ sessionCookie: await signedInAs(admin), firstPage: "/courses" });

    const unconfirmed = await createTestUser(db());
    const resetMail = await sendJson(browser, "POST", `/api/v1/users/${unconfirmed.id}/resend_password_reset`);
    expect(resetMail.status).toBe(200);
    expect((await latestMailTo(db(), unconfirmed.email))?.kind).toBe("password_reset");
    const confirmationMail = await sendJson(browser, "POST", `/api/v1/users/${unconfirmed.id}/resend_confirmation`);
    expect(confirmationMail.status).toBe(200);
    expect((await latestMailTo(db(), unconfirmed.email))?.kind).toBe("confirmation");

    const confirm = await sendJson(browser, "PATCH", `/api/v1/users/${unconfirmed.id}/confirm`);
    expect(confirm.status).toBe(200);
    expect((await confirm.json()).data).toMatchObject({ type: "user", id: String(unconfirmed.id), attributes: { confirmed: true } });

    const already = await sendJson(browser, "POST", `/api/v1/users/${unconfirmed.id}/resend_confirmation`);
    expect(already.status).toBe(422);
    expect((await already.json()).errors[0].code).toBe("already_confirmed");

    for (const [method, action] of endpoints) {
      expect((await sendJson(browser, method, `/api/v1/users/987654321/${action}`)).status).toBe(404);
      expect((await sendJson(browser, method, `/api/v1/users/abc/${action}`)).status).toBe(404);
    }
    expect((await browser.fetch(`/api/v1/users/${unconfirmed.id}/confirm`)).status).toBe(405);
  });

  it("lets users ask for their own mail but not confirm themselves", async () => {
    const user = await createTestUser(db());
    const browser = await newVisitor({ sessionCookie: await signedInAs(user.id), firstPage: "/courses" });
    expect((await sendJson(browser, "POST", `/api/v1/users/${user.id}/resend_confirmation`)).status).toBe(200);
    expect((await sendJson(browser, "POST", `/api/v1/users/${user.id}/resend_password_reset`)).status).toBe(200);
    expect((await sendJson(browser, "PATCH", `/api/v1/users/${user.id}/confirm`)).status).toBe(403);
  });

  it("refuses the calls without the CSRF header", async () => {
    const { admin } = await ids();
    const target = await createTestUser(db());
    const browser = await newVisitor({ sessionCookie: await signedInAs(admin), firstPage: "/courses" });
    const response = await browser.fetch(`/api/v1/users/${target.id}/confirm`, { method: "PATCH", headers: { Accept: "application/json" } });
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0].code).toBe("csrf_auth_failed");
  });
});

describe("development mailbox", () => {
  it("lists mail newest first, filters by recipient and shows a mail with clickable links", async () => {
    const user = await createTestUser(db());
    for (let i = 0; i < 2; i += 1) await postForm(await newVisitor(), "/users/password", { "user[email]": user.email });
    const newest = await latestMailTo(db(), user.email);
    const token = tokenIn(newest!.text_body, "reset_password_token");

    const { response, html } = await visitor(app).page(`/dev/mailbox?to=${encodeURIComponent(user.email.toUpperCase())}`);
    expect(response.status).toBe(200);
    const links = [...html.matchAll(/href="\/dev\/mailbox\/(\d+)\?to=[^"]*"/g)].map((match) => Number(match[1]));
    expect(links).toHaveLength(2);
    expect(links[0]).toBe(newest!.id);
    expect(links[0]).toBeGreaterThan(links[1]!);

    const mail = await visitor(app).page(`/dev/mailbox/${newest!.id}`);
    expect(mail.response.status).toBe(200);
    expect(mail.html).toContain("Reset your Marketplace password");
    expect(mail.html).toMatch(new RegExp(`<a href="http://127\\.0\\.0\\.1:\\d+/users/password/edit\\?reset_password_token=${token}"`));

    expect((await visitor(app).page("/dev/mailbox/999999999")).response.status).toBe(404);
    expect((await visitor(app).page("/dev/mailbox/abc")).response.status).toBe(404);
  });

  it("is a 404 in a production deployment unless DEV_MAILBOX is set", async () => {
    const saved = { NODE_ENV: process.env.NODE_ENV, DEV_MAILBOX: process.env.DEV_MAILBOX, DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET, APP_ORIGIN: process.env.APP_ORIGIN };
    try {
      // A deployment: PostgreSQL configured (the test's own database stays installed underneath).
      Object.assign(process.env, { NODE_ENV: "production", DATABASE_URL: "postgresql://deployed.example/app", SESSION_SECRET: "s".repeat(40), APP_ORIGIN: "https://deployed.example" });
      resetSingleton("config");
      expect((await visitor(app).page("/dev/mailbox")).response.status).toBe(404);
      expect((await visitor(app).page("/dev/mailbox/1")).response.status).toBe(404);
      process.env.DEV_MAILBOX = "true";
      resetSingleton("config");
      expect((await visitor(app).page("/dev/mailbox")).response.status).toBe(200);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetSingleton("config");
    }
  });
});
