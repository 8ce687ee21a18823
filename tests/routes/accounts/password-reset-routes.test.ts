import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { accountMailRateLimits } from "~/accounts/account-mail-limits.server";
import { verifyPassword } from "~/accounts/password.server";
import { SESSION_COOKIE } from "~/accounts/session.server";
import { tooManyRequestsMessage } from "~/errors/messages";
import { action as confirmUser, loader as confirmUserLoader } from "~/routes/api+/v1+/users+/$id.confirm";
import { action as resendConfirmation } from "~/routes/api+/v1+/users+/$id.resend_confirmation";
import { action as resendPasswordReset } from "~/routes/api+/v1+/users+/$id.resend_password_reset";
import { loader as dashboard } from "~/routes/dashboard";
import { loader as mailbox } from "~/routes/dev+/mailbox";
import { loader as mailboxMail } from "~/routes/dev+/mailbox.$id";
import { action as passwordJson } from "~/routes/json+/users+/password";
import { action as confirmationForm, loader as confirmationPage } from "~/routes/users+/confirmation";
import { loader as resendInstructions } from "~/routes/users+/confirmations.resend_instructions";
import { action as passwordForm } from "~/routes/users+/password";
import { loader as newPasswordPage } from "~/routes/users+/password.edit";
import { loader as requestResetPage } from "~/routes/users+/password.new";
import { resetSingleton } from "~/utils/singleton.server";
import { useTestDatabase } from "../../support/database";
import type { RouteAnswer } from "../../support/route-answer";
import { routeVisitor, sessionCookieFor, TEST_ORIGIN, type RouteVisitor } from "../../support/route-visitor";
import { createTestUser, latestMailTo, mailCount, tokenIn, uniqueIp } from "../../integration/accounts/helpers";

/** Password reset, email confirmation, the account mail API and the development mailbox, as their routes answer. */
const database = useTestDatabase();
const db = () => database().db;

/** A browser from a client address of its own (rate limits count per address). */
const browser = (options: { clientIp?: string; session?: string } = {}) => routeVisitor({ clientIp: options.clientIp ?? uniqueIp(), session: options.session });

const askForReset = (person: RouteVisitor, fields: Record<string, string>) => person.form(passwordForm, "/users/password", fields);

const sendJson = (person: RouteVisitor, method: string, body?: unknown) => person.api(passwordJson, method, "/json/users/password", body);

async function resetTokenFor(email: string) {
  const mail = await latestMailTo(db(), email);
  expect(mail, `a reset mail to ${email}`).toBeDefined();
  return tokenIn(mail!.text_body, "reset_password_token");
}

/** Whether a session cookie still signs someone in: /dashboard opens for it (else it is sent to sign in). */
async function signedIn(session: string) {
  const answer = await routeVisitor({ session }).get(dashboard, "/dashboard");
  return answer.status === 200;
}

const passwordHashOf = async (userId: number) =>
  (await db().selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow()).password_hash;

/** What a browser gets for an answer: status, where it goes, the cookies and the body. */
const seen = (answer: RouteAnswer) => ({
  status: answer.status,
  location: answer.headers.get("Location"),
  cookies: answer.headers.getSetCookie(),
  body: JSON.stringify(answer.data ?? null),
});

describe("asking for a reset link", () => {
  it("serves the form at /users/password/new to guests", async () => {
    expect((await browser().get(requestResetPage, "/users/password/new")).status).toBe(200);
    expect((await browser().get(requestResetPage, "/users/password/new?sent=1")).status).toBe(200);
  });

  it.each([
    ["the form's own field name", "email"],
    ["a Rails-style user[email]", "user[email]"],
  ])("answers a known and an unknown email identically (%s), and mails only the known one", async (_label, field) => {
    const user = await createTestUser(db());
    const answers = [];
    for (const email of [user.email, `nobody-${randomBytes(4).toString("hex")}@example.test`]) {
      answers.push(seen(await askForReset(browser(), { [field]: email })));
    }
    expect(answers[0]!.status).toBe(302);
    expect(answers[0]!.location).toBe("/users/password/new?sent=1");
    expect(answers[1]).toEqual(answers[0]);
    expect(await mailCount(db(), user.email)).toBe(1);
  });

  it("answers known and unknown emails identically in JSON too", async () => {
    const user = await createTestUser(db());
    const bodies = [];
    for (const email of [user.email, "nobody-json@example.test"]) {
      const response = await sendJson(browser(), "POST", { user: { email } });
      expect(response.status).toBe(200);
      bodies.push(JSON.stringify(response.data));
    }
    expect(bodies[1]).toBe(bodies[0]);
    expect(JSON.parse(bodies[0]!)).toEqual({ data: null, meta: { message: expect.stringContaining("If an account exists") } });
  });

  it("re-renders the form with the error and the input kept for a malformed email (400)", async () => {
    const response = await askForReset(browser(), { email: "not-an-email" });
    expect(response.status).toBe(400);
    const { result } = response.data;
    expect(result.error.email).toContain("Enter a valid email address");
    expect(result.initialValue.email).toBe("not-an-email");
  });

  it("answers bad JSON and other methods with 4xx, never 500", async () => {
    const person = browser();
    const invalid = await sendJson(person, "POST", { user: { email: "nope" } });
    expect(invalid.status).toBe(422);
    expect(invalid.data.errors[0]).toMatchObject({ code: "invalid_attribute", source: { pointer: "/user/email" } });
    const broken = await sendJson(person, "POST", "{not json");
    expect(broken.status).toBe(400);
    expect(broken.data.errors[0].code).toBe("invalid_json");
    // Without a JSON body, DELETE reaches the page route.
    const wrongMethod = await person.call(passwordForm, "/users/password", { method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("Allow")).toBe("POST, PUT");
  });

  it(`answers the ${accountMailRateLimits.resetPerIp.limit + 1}th rapid request from one client address with 429 and SPEC §8's text`, async () => {
    const person = browser();
    for (let i = 0; i < accountMailRateLimits.resetPerIp.limit; i += 1) {
      expect((await askForReset(person, { "user[email]": `burst-${i}@example.test` })).status).toBe(302);
    }
    const refused = await askForReset(person, { "user[email]": "burst-last@example.test" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.data.result.error[""]).toContain(tooManyRequestsMessage);

    const json = await sendJson(person, "POST", { user: { email: "burst-json@example.test" } });
    expect(json.status).toBe(429);
    expect(json.data.errors[0]).toMatchObject({ code: "too_many_requests", detail: tooManyRequestsMessage });

    // Per address: another client is still served.
    expect((await askForReset(browser(), { "user[email]": "burst-last@example.test" })).status).toBe(302);
  });

  it(`limits one email to ${accountMailRateLimits.resetPerEmail.limit} requests an hour, from whatever addresses`, async () => {
    const user = await createTestUser(db());
    for (let i = 0; i < accountMailRateLimits.resetPerEmail.limit; i += 1) {
      expect((await askForReset(browser(), { "user[email]": user.email })).status).toBe(302);
    }
    expect((await askForReset(browser(), { "user[email]": user.email })).status).toBe(429);
    expect(await mailCount(db(), user.email)).toBe(accountMailRateLimits.resetPerEmail.limit);
    // Another email from the same kind of fresh client is fine.
    expect((await askForReset(browser(), { "user[email]": "someone-else@example.test" })).status).toBe(302);
  });
});

describe("choosing a new password", () => {
  async function userWithResetLink() {
    const user = await createTestUser(db(), { confirmed: false });
    expect((await askForReset(browser(), { "user[email]": user.email })).status).toBe(302);
    return { user, token: await resetTokenFor(user.email) };
  }

  /** The new-password form, which posts with `_method=put`. */
  const submitNewPassword = (person: RouteVisitor, token: string, password: string, confirmation = password) =>
    askForReset(person, { _method: "put", reset_password_token: token, password, password_confirmation: confirmation });

  const openLink = (token: string) => browser().get(newPasswordPage, `/users/password/edit?reset_password_token=${token}`);

  it("shows the form for a live link, without leaking the token to other sites as a Referer", async () => {
    const { token } = await userWithResetLink();
    const page = await openLink(token);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    expect(page.data).toEqual({ token, valid: true });
  });

  it("works once: sets the password, ends old sessions, signs in with a new one and goes to /", async () => {
    const { user, token } = await userWithResetLink();
    const oldSession = await sessionCookieFor(user.id);
    expect(await signedIn(oldSession)).toBe(true);

    const response = await submitNewPassword(browser(), token, "my-new-password-123");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const newCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    expect(newCookie).toMatch(/HttpOnly/i);

    // The cookie saved before the reset no longer authenticates; the new one does.
    expect(await signedIn(oldSession)).toBe(false);
    expect(await signedIn(newCookie!.split(";")[0]!.slice(SESSION_COOKIE.length + 1))).toBe(true);

    const stored = await db().selectFrom("users").select(["password_hash", "confirmed_at"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(stored.password_hash, "my-new-password-123")).toBe(true);
    expect(stored.confirmed_at).not.toBeNull();

    // The same link a second time (with Rails-style user[…] field names): refused with a way to
    // get a new one, nothing changed.
    const again = await askForReset(browser(), {
      _method: "put",
      "user[reset_password_token]": token,
      "user[password]": "another-password-456",
      "user[password_confirmation]": "another-password-456",
    });
    expect(again.status).toBe(422);
    expect(again.data.tokenInvalid).toBe(true);
    expect(again.data.result.error[""].join(" ")).toContain("invalid, has expired or has already been used");
    expect(await passwordHashOf(user.id)).toBe(stored.password_hash);
    expect((await openLink(token)).status).toBe(422);
  });

  it("refuses an expired link, on the page and on submission", async () => {
    const { user, token } = await userWithResetLink();
    await db().updateTable("user_tokens").set({ expires_at: sql<Date>`now() - interval '1 second'` }).where("user_id", "=", user.id).execute();
    const page = await openLink(token);
    expect(page.status).toBe(422);
    // The page offers a new link instead of the form, and does not repeat the token.
    expect(page.data).toEqual({ token: "", valid: false });
    const response = await submitNewPassword(browser(), token, "my-new-password-123");
    expect(response.status).toBe(422);
    expect(await verifyPassword(await passwordHashOf(user.id), "old-password-1")).toBe(true);
  });

  it.each([
    ["too short", "short", "short", "password", "Use at least 8 characters"],
    ["not matching", "my-new-password-123", "my-new-password-124", "password_confirmation", "The two passwords don't match"],
  ])("re-renders a %s password with the message, keeping the link but not the passwords (400)", async (_label, password, confirmation, field, message) => {
    const { user, token } = await userWithResetLink();
    const response = await submitNewPassword(browser(), token, password, confirmation);
    expect(response.status).toBe(400);
    const { result } = response.data;
    expect(result.error[field]).toContain(message);
    expect(result.initialValue.reset_password_token).toBe(token);
    expect(JSON.stringify(result)).not.toContain(password);
    // Nothing changed and the link still works.
    expect(await verifyPassword(await passwordHashOf(user.id), "old-password-1")).toBe(true);
    expect((await openLink(token)).status).toBe(200);
  });

  it("accepts a real PUT with JSON and answers with the user and a session", async () => {
    const { user, token } = await userWithResetLink();
    const person = browser();
    const mismatch = await sendJson(person, "PUT", { user: { reset_password_token: token, password: "json-password-1", password_confirmation: "json-password-2" } });
    expect(mismatch.status).toBe(422);
    expect(mismatch.data.errors[0].source.pointer).toBe("/user/password_confirmation");

    const response = await sendJson(person, "PUT", { user: { reset_password_token: token, password: "json-password-1", password_confirmation: "json-password-1" } });
    expect(response.status).toBe(200);
    expect(response.data.data).toMatchObject({ type: "user", id: String(user.id), attributes: { email: user.email, confirmed: true } });
    expect(response.data.data.attributes).not.toHaveProperty("password_hash");
    expect(response.data.meta.redirect_to).toBe("/");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(true);

    const reused = await sendJson(person, "PUT", { user: { reset_password_token: token, password: "json-password-3", password_confirmation: "json-password-3" } });
    expect(reused.status).toBe(422);
    expect(reused.data.errors[0]).toMatchObject({ code: "invalid_token", source: { pointer: "/user/reset_password_token" } });
  });
});

describe("email confirmation", () => {
  const adminId = async () => (await db().selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow()).id;

  it("confirms through the mailed link, then shows the confirmation; a bad link is a 400 page", async () => {
    const user = await createTestUser(db(), { confirmed: false });
    const admin = browser({ session: await sessionCookieFor(await adminId()) });
    const path = `/api/v1/users/${user.id}/resend_confirmation`;
    expect((await admin.api(resendConfirmation, "POST", path, undefined, { params: { id: String(user.id) } })).status).toBe(200);
    const token = tokenIn((await latestMailTo(db(), user.email))!.text_body, "confirmation_token");

    const response = await browser().get(confirmationPage, `/users/confirmation?confirmation_token=${token}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/users/confirmation?confirmed=1");
    // "Your email address is confirmed", with a way to log in for a guest.
    expect((await browser().get(confirmationPage, "/users/confirmation?confirmed=1")).data).toEqual({ state: "confirmed", continueTo: null });
    const stored = await db().selectFrom("users").select("confirmed_at").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(stored.confirmed_at).not.toBeNull();

    // "This confirmation link is invalid or has expired", with the form for a new link.
    const bad = await browser().get(confirmationPage, "/users/confirmation?confirmation_token=not-a-real-token");
    expect(bad.status).toBe(400);
    expect(bad.data.state).toBe("invalid");
  });

  it("resends instructions with the same answer for every address, and limits it", async () => {
    const user = await createTestUser(db(), { confirmed: false });
    const person = browser();
    const get = (email: string) => person.call(resendInstructions, `/users/confirmations/resend_instructions?email=${encodeURIComponent(email)}`, { headers: { Accept: "application/json" } });
    const known = await get(user.email);
    const unknown = await get("nobody-confirm@example.test");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.data).toEqual(known.data);
    expect(await mailCount(db(), user.email)).toBe(1);

    const invalid = await get("nope");
    expect(invalid.status).toBe(400);
    expect(invalid.data.errors[0]).toMatchObject({ code: "invalid_parameter", source: { parameter: "email" } });

    for (let i = 2; i < accountMailRateLimits.confirmationPerIp.limit; i += 1) expect((await get(`filler-${i}@example.test`)).status).toBe(200);
    const refused = await get("one-too-many@example.test");
    expect(refused.status).toBe(429);
    expect(refused.data.errors[0].detail).toBe(tooManyRequestsMessage);
  });

  it("resends from the page form without JavaScript (PRG to a confirmation message)", async () => {
    const user = await createTestUser(db(), { confirmed: false });
    const response = await browser().form(confirmationForm, "/users/confirmation", { "user[email]": user.email });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/users/confirmation?sent=1");
    expect(await mailCount(db(), user.email)).toBe(1);
    expect((await browser().get(confirmationPage, "/users/confirmation?sent=1")).data.state).toBe("sent");
  });
});

describe("account mail API", () => {
  async function ids() {
    const rows = await db().selectFrom("users").select(["id", "email"]).where("email", "in", ["admin@demo.test", "student@demo.test"]).execute();
    return Object.fromEntries(rows.map((row) => [row.email.split("@")[0]!, row.id])) as { admin: number; student: number };
  }

  const endpoints = [
    ["PATCH", "confirm", confirmUser],
    ["POST", "resend_password_reset", resendPasswordReset],
    ["POST", "resend_confirmation", resendConfirmation],
  ] as const;

  const callApi = (person: RouteVisitor, [method, name, route]: readonly [string, string, (typeof endpoints)[number][2]], id: number | string) =>
    person.api(route, method, `/api/v1/users/${id}/${name}`, undefined, { params: { id: String(id) } });

  it.each(endpoints)("%s /api/v1/users/{id}/%s is 401 unauthenticated when signed out", async (...endpoint) => {
    const target = await createTestUser(db());
    const response = await callApi(browser(), endpoint, target.id);
    expect(response.status).toBe(401);
    expect(response.data.errors[0].code).toBe("unauthenticated");
  });

  it.each(endpoints)("%s /api/v1/users/{id}/%s is 403 forbidden for a student on another user", async (...endpoint) => {
    const { student } = await ids();
    const target = await createTestUser(db());
    const response = await callApi(browser({ session: await sessionCookieFor(student) }), endpoint, target.id);
    expect(response.status).toBe(403);
    expect(response.data.errors[0].code).toBe("forbidden");
    expect(await mailCount(db(), target.email)).toBe(0);
    const stored = await db().selectFrom("users").select("confirmed_at").where("id", "=", target.id).executeTakeFirstOrThrow();
    expect(stored.confirmed_at).toBeNull();
  });

  it("lets an admin confirm a user, and mail them a reset link and a confirmation link", async () => {
    const { admin } = await ids();
    const person = browser({ session: await sessionCookieFor(admin) });
    const [confirm, resetMail, confirmationMail] = endpoints;
    const unconfirmed = await createTestUser(db());

    expect((await callApi(person, resetMail, unconfirmed.id)).status).toBe(200);
    expect((await latestMailTo(db(), unconfirmed.email))?.kind).toBe("password_reset");
    expect((await callApi(person, confirmationMail, unconfirmed.id)).status).toBe(200);
    expect((await latestMailTo(db(), unconfirmed.email))?.kind).toBe("confirmation");

    const confirmed = await callApi(person, confirm, unconfirmed.id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.data.data).toMatchObject({ type: "user", id: String(unconfirmed.id), attributes: { confirmed: true } });

    const already = await callApi(person, confirmationMail, unconfirmed.id);
    expect(already.status).toBe(422);
    expect(already.data.errors[0].code).toBe("already_confirmed");

    for (const endpoint of endpoints) {
      expect((await callApi(person, endpoint, 987654321)).status).toBe(404);
      expect((await callApi(person, endpoint, "abc")).status).toBe(404);
    }
    const get = await person.call(confirmUserLoader, `/api/v1/users/${unconfirmed.id}/confirm`, {}, { id: String(unconfirmed.id) });
    expect(get.status).toBe(405);
  });

  it("lets users ask for their own mail but not confirm themselves", async () => {
    const user = await createTestUser(db());
    const person = browser({ session: await sessionCookieFor(user.id) });
    const [confirm, resetMail, confirmationMail] = endpoints;
    expect((await callApi(person, confirmationMail, user.id)).status).toBe(200);
    expect((await callApi(person, resetMail, user.id)).status).toBe(200);
    expect((await callApi(person, confirm, user.id)).status).toBe(403);
  });
});

describe("development mailbox", () => {
  it("lists mail newest first, filters by recipient and shows a mail with its links", async () => {
    const user = await createTestUser(db());
    for (let i = 0; i < 2; i += 1) await askForReset(browser(), { "user[email]": user.email });
    const newest = await latestMailTo(db(), user.email);
    const token = tokenIn(newest!.text_body, "reset_password_token");

    const list = await browser().get(mailbox, `/dev/mailbox?to=${encodeURIComponent(user.email.toUpperCase())}`);
    expect(list.status).toBe(200);
    const listed: number[] = list.data.emails.map((email: { id: number }) => email.id);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toBe(newest!.id);
    expect(listed[0]).toBeGreaterThan(listed[1]!);

    const mail = await browser().get(mailboxMail, `/dev/mailbox/${newest!.id}`, { params: { id: String(newest!.id) } });
    expect(mail.status).toBe(200);
    expect(mail.data.subject).toContain("Reset your Marketplace password");
    expect(mail.data.text).toContain(`${TEST_ORIGIN}/users/password/edit?reset_password_token=${token}`);

    for (const id of ["999999999", "abc"]) {
      expect((await browser().get(mailboxMail, `/dev/mailbox/${id}`, { params: { id } })).status).toBe(404);
    }
  });

  it("is a 404 in a production deployment unless DEV_MAILBOX is set", async () => {
    const saved = { NODE_ENV: process.env.NODE_ENV, DEV_MAILBOX: process.env.DEV_MAILBOX, DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET, APP_ORIGIN: process.env.APP_ORIGIN };
    const open = (path: string, params: Record<string, string> = {}) => browser().get(params.id ? mailboxMail : mailbox, path, { params });
    try {
      // A deployment: PostgreSQL configured (the test's own database stays installed underneath).
      Object.assign(process.env, { NODE_ENV: "production", DATABASE_URL: "postgresql://deployed.example/app", SESSION_SECRET: "s".repeat(40), APP_ORIGIN: "https://deployed.example" });
      resetSingleton("config");
      expect((await open("/dev/mailbox")).status).toBe(404);
      expect((await open("/dev/mailbox/1", { id: "1" })).status).toBe(404);
      process.env.DEV_MAILBOX = "true";
      resetSingleton("config");
      expect((await open("/dev/mailbox")).status).toBe(200);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetSingleton("config");
    }
  });
});
