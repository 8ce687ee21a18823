import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeFacebookProfileLookup, useFacebookProfileLookup } from "~/accounts/omniauth/facebook.server";
import { hashPassword } from "~/accounts/password.server";
import { SESSION_COOKIE } from "~/accounts/session.server";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { action, loader } from "~/routes/omniauth";
import { loader as rootLoader } from "~/root";
import { resetSingleton } from "~/utils/singleton.server";
import { useTestDatabase } from "../../support/database";
import { facebookSignedRequest, startLocalGoogleKeys } from "../../support/google-keys";
import { routeVisitor } from "../../support/route-visitor";

/** POST /omniauth: sign-in with Google or Facebook, as our page script (JSON) and Google's button (a form) send it. */
const database = useTestDatabase();
const CLIENT_ID = "marketplace-test.apps.googleusercontent.com";
const FB_APP_ID = "1122334455";
const FB_SECRET = "facebook-test-secret-0123456789abcdef";

let google: Awaited<ReturnType<typeof startLocalGoogleKeys>>;
const savedEnv: Record<string, string | undefined> = {};

/** The app reads its configuration from process.env on first use: set the provider variables, and re-read. */
function setProcessEnv(env: Record<string, string>) {
  for (const [name, value] of Object.entries(env)) {
    if (!(name in savedEnv)) savedEnv[name] = process.env[name];
    process.env[name] = value;
  }
  resetSingleton("config");
}

beforeAll(async () => {
  google = await startLocalGoogleKeys({ clientId: CLIENT_ID });
  setProcessEnv({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl, FACEBOOK_APP_ID: FB_APP_ID, FACEBOOK_APP_SECRET: FB_SECRET });
  useFacebookProfileLookup(
    fakeFacebookProfileLookup({
      "fb-token-frida": { id: "700100", email: "frida.facebook@example.test", first_name: "Frida", last_name: "Book" },
      "fb-token-no-email": { id: "700200", email: null, first_name: "No", last_name: "Email" },
    }),
  );
});
afterAll(async () => {
  await google?.close();
  useFacebookProfileLookup();
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetSingleton("config");
});

// Each browser from its own address, so the per-address limit only counts where a test means it to.
let nextAddress = 0;
const newBrowser = () => routeVisitor({ clientIp: `198.51.100.${(nextAddress += 1)}` });

/** Posts JSON to /omniauth as our page script does. */
async function postOmniauth(body: Record<string, unknown>, browser = newBrowser()) {
  const answer = await browser.api(action, "POST", "/omniauth", body);
  return { answer, browser, document: answer.data };
}

const hasSessionCookie = (answer: { headers: Headers }) => answer.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
const userByEmail = (email: string) =>
  database().db.selectFrom("users").selectAll().where(sql<string>`lower(email)`, "=", email.toLowerCase()).executeTakeFirst();
const identitiesOf = (userId: number) => database().db.selectFrom("user_identities").selectAll().where("user_id", "=", userId).execute();
const userCount = async () => (await database().db.selectFrom("users").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow()).n;

describe("POST /omniauth with Google", () => {
  it("creates a confirmed account for a new Google user, links the identity and signs them in", async () => {
    const token = await google.idToken({ sub: "g-new-1", email: "Grace.New@example.test", given_name: "Grace", family_name: "New" });
    const { answer, browser, document } = await postOmniauth({ provider: "google", token, signup_role: "student" });
    expect(answer.status).toBe(200);
    expect(document.meta).toEqual({ is_new: true, redirect_to: "/dashboard" });
    expect(document.data).toMatchObject({ type: "user", attributes: { email: "Grace.New@example.test", first_name: "Grace", roles: [], confirmed: true } });
    expect(JSON.stringify(document)).not.toContain("password_hash");
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/i);

    const user = (await userByEmail("grace.new@example.test"))!;
    expect(user.confirmed_at).not.toBeNull();
    expect(user.password_hash).toBeNull();
    expect(await identitiesOf(user.id)).toMatchObject([{ provider: "google", provider_uid: "g-new-1" }]);
    // No confirmation mail: Google already verified the address.
    expect(await database().db.selectFrom("outbox_emails").select("id").where("to_address", "=", user.email).execute()).toEqual([]);

    expect((await browser.get(dashboardLoader, "/dashboard")).status).toBe(200);

    // The same Google account again: the same user, not new.
    const again = await postOmniauth({ provider: "google", token: await google.idToken({ sub: "g-new-1", email: "grace.new@example.test" }) });
    expect(again.answer.status).toBe(200);
    expect(again.document.meta.is_new).toBe(false);
    expect(again.document.data.id).toBe(String(user.id));
  });

  it("links an existing account with the same email (any case) instead of making another", async () => {
    const before = await userCount();
    const token = await google.idToken({ sub: "g-student-demo", email: "STUDENT@demo.test" });
    const { answer, document } = await postOmniauth({ provider: "google", token });
    expect(answer.status).toBe(200);
    expect(document.meta.is_new).toBe(false);
    expect(document.data.attributes.email).toBe("student@demo.test");
    expect(await userCount()).toBe(before);
    const student = (await userByEmail("student@demo.test"))!;
    expect(await identitiesOf(student.id)).toMatchObject([{ provider: "google", provider_uid: "g-student-demo" }]);
    // A confirmed account keeps its password.
    expect(student.password_hash).toMatch(/^\$argon2id/);
  });

  it("takes over an unconfirmed account only by clearing the password and sessions of whoever made it", async () => {
    const { id } = await database()
      .db.insertInto("users")
      .values({ email: "squatted@example.test", password_hash: await hashPassword("squatter-password"), first_name: "S", last_name: "Q" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database()
      .db.insertInto("sessions")
      .values({ id_hash: "squatter-session", user_id: id, remember_me: true, expires_at: new Date(Date.now() + 3_600_000) })
      .execute();
    const { answer, document } = await postOmniauth({ provider: "google", token: await google.idToken({ sub: "g-owner", email: "squatted@example.test" }) });
    expect(answer.status).toBe(200);
    expect(document.meta.is_new).toBe(false);
    const user = (await userByEmail("squatted@example.test"))!;
    expect(user.password_hash).toBeNull();
    expect(user.confirmed_at).not.toBeNull();
    expect(await database().db.selectFrom("sessions").select("id_hash").where("id_hash", "=", "squatter-session").execute()).toEqual([]);
  });

  it("makes a teacher when signing up from the educators page, and sends them to /", async () => {
    const token = await google.idToken({ sub: "g-teacher", email: "tess.teacher@example.test" });
    const { answer, document } = await postOmniauth({ provider: "google", token, signup_role: "teacher" });
    expect(answer.status).toBe(200);
    expect(document.meta).toEqual({ is_new: true, redirect_to: "/" });
    const user = (await userByEmail("tess.teacher@example.test"))!;
    expect(user.roles).toEqual(["teacher"]);
    expect(user.user_type).toBe("educator");
  });

  it.each([
    ["another audience", () => google.idToken({ sub: "g-bad-1", email: "bad1@example.test", aud: "someone-else" })],
    ["an unverified email", () => google.idToken({ sub: "g-bad-2", email: "bad2@example.test", email_verified: false })],
    ["an expired token", () => google.idToken({ sub: "g-bad-3", email: "bad3@example.test" }, { expiresIn: 1_000_000, issuedAt: 999_000 })],
    ["a key Google never published", async () => google.idToken({ sub: "g-bad-4", email: "bad4@example.test" }, { key: await google.otherKey() })],
  ])("refuses %s with 401 invalid_token, creating nothing and signing nobody in", async (_name, make) => {
    const before = await userCount();
    const { answer, document } = await postOmniauth({ provider: "google", token: await make() });
    expect(answer.status).toBe(401);
    expect(document.errors[0].code).toBe("invalid_token");
    expect(hasSessionCookie(answer)).toBe(false);
    expect(await userCount()).toBe(before);
  });

  it("refuses a deactivated account with 403", async () => {
    await database()
      .db.insertInto("users")
      .values({ email: "gone@example.test", first_name: "Gone", last_name: "User", confirmed_at: new Date(), deactivated_at: new Date() })
      .execute();
    const { answer, document } = await postOmniauth({ provider: "google", token: await google.idToken({ sub: "g-gone", email: "gone@example.test" }) });
    expect(answer.status).toBe(403);
    expect(document.errors[0].code).toBe("account_deactivated");
    expect(hasSessionCookie(answer)).toBe(false);
  });

  it("answers 502 provider_unavailable, not 500, when Google's keys cannot be fetched", async () => {
    setProcessEnv({ GOOGLE_JWKS_URL: `${google.jwksUrl}?unreachable` });
    google.setFailing(true);
    try {
      const { answer, document } = await postOmniauth({ provider: "google", token: await google.idToken({ sub: "g-502", email: "x502@example.test" }) });
      expect(answer.status).toBe(502);
      expect(document.errors[0]).toMatchObject({ code: "provider_unavailable" });
      expect(document.errors[0].detail).toContain("Google");
    } finally {
      google.setFailing(false);
      setProcessEnv({ GOOGLE_JWKS_URL: google.jwksUrl });
    }
  });
});

describe("POST /omniauth input", () => {
  it.each([["twitter"], [""], [null], [42]])("answers 400 invalid_provider for provider %j", async (provider) => {
    const { answer, document } = await postOmniauth({ provider, token: "x" });
    expect(answer.status).toBe(400);
    expect(document.errors[0].code).toBe("invalid_provider");
  });

  it("answers 422 for a missing token and 400 for a body that is not JSON", async () => {
    expect((await postOmniauth({ provider: "google" })).answer.status).toBe(422);
    const broken = await newBrowser().api(action, "POST", "/omniauth", "{");
    expect(broken.status).toBe(400);
  });

  it("limits attempts per address: 429 once the window's allowance is used", async () => {
    const browser = newBrowser();
    const windowStart = new Date(Math.floor(Date.now() / 300_000) * 300_000);
    const bucket = `omniauth:ip:${browser.clientIp}`;
    await database()
      .db.insertInto("rate_limit_counters")
      .values({ bucket, window_start: windowStart, hits: 30 })
      .onConflict((oc) => oc.columns(["bucket", "window_start"]).doUpdateSet({ hits: 30 }))
      .execute();
    const { answer, document } = await postOmniauth({ provider: "google", token: await google.idToken({ sub: "g-limited", email: "limited@example.test" }) }, browser);
    expect(answer.status).toBe(429);
    expect(document.errors[0].detail).toContain("Too many requests");
    expect(Number(answer.headers.get("retry-after"))).toBe(document.meta.retry_after);
    expect(document.meta.retry_after).toBeGreaterThanOrEqual(1);
    expect(document.meta.retry_after).toBeLessThanOrEqual(300);
    expect(await userByEmail("limited@example.test")).toBeUndefined();
    // Another address is not held back.
    expect((await postOmniauth({ provider: "google", token: await google.idToken({ sub: "g-limited", email: "limited@example.test" }) })).answer.status).toBe(200);
  });

  it("answers GET with 405", async () => {
    expect((await newBrowser().get(loader, "/omniauth")).status).toBe(405);
  });
});

describe("POST /omniauth with Facebook", () => {
  const signed = (userId: string, secret = FB_SECRET) =>
    facebookSignedRequest({ algorithm: "HMAC-SHA256", issued_at: Math.floor(Date.now() / 1000), user_id: userId }, secret);

  it("signs in a new Facebook user with a valid signed_request, the email coming from Facebook", async () => {
    const { answer, document } = await postOmniauth({
      provider: "facebook",
      token: "fb-token-frida",
      signed_request: await signed("700100"),
      fb_uid: "700100",
      // Ignored: the client cannot choose which email it is.
      email: "student@demo.test",
    });
    expect(answer.status).toBe(200);
    expect(document.meta.is_new).toBe(true);
    expect(document.data.attributes.email).toBe("frida.facebook@example.test");
    const user = (await userByEmail("frida.facebook@example.test"))!;
    expect(await identitiesOf(user.id)).toMatchObject([{ provider: "facebook", provider_uid: "700100" }]);
  });

  it.each([
    ["another app's secret", async () => ({ signed_request: await signed("700100", "another-secret-0123456789abcdef"), fb_uid: "700100", token: "fb-token-frida" })],
    ["a fb_uid other than the signed one", async () => ({ signed_request: await signed("700100"), fb_uid: "700999", token: "fb-token-frida" })],
    ["a token of another Facebook user", async () => ({ signed_request: await signed("700200"), fb_uid: "700200", token: "fb-token-frida" })],
  ])("refuses %s with 401 invalid_token", async (_name, make) => {
    const before = await userCount();
    const { answer, document } = await postOmniauth({ provider: "facebook", ...(await make()) });
    expect(answer.status).toBe(401);
    expect(document.errors[0].code).toBe("invalid_token");
    expect(await userCount()).toBe(before);
  });

  it("asks for an email when Facebook shares none (422 email_required)", async () => {
    const { answer, document } = await postOmniauth({ provider: "facebook", token: "fb-token-no-email", signed_request: await signed("700200"), fb_uid: "700200" });
    expect(answer.status).toBe(422);
    expect(document.errors[0].code).toBe("email_required");
  });
});

describe("Google's credential posted as a form (one-tap and the button, no script of ours needed)", () => {
  it("signs in and redirects to where the person goes next", async () => {
    const browser = newBrowser();
    const answer = await browser.form(action, "/omniauth", { credential: await google.idToken({ sub: "g-form", email: "form.user@example.test" }) });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/dashboard");
    expect((await browser.get(dashboardLoader, "/dashboard")).status).toBe(200);
  });

  it("refuses a Google double-submit token that does not match its cookie, a bad credential and none", async () => {
    const browser = newBrowser();
    browser.jar.set("g_csrf_token", "abc");
    const mismatched = await browser.form(action, "/omniauth", { credential: await google.idToken(), g_csrf_token: "not-abc" });
    expect(mismatched.status).toBe(400);
    expect(mismatched.data).toContain("security token");
    const bad = await browser.form(action, "/omniauth", { credential: "not-a-token" });
    expect(bad.status).toBe(401);
    expect(bad.data).toContain("couldn&#39;t verify your Google sign-in");
    expect(hasSessionCookie(bad)).toBe(false);
    expect((await browser.form(action, "/omniauth", {})).status).toBe(400);
  });

  it("offers one-tap to guests: the client id in the page data", async () => {
    const guest = await newBrowser().get(rootLoader, "/courses");
    expect(guest.data.googleClientId).toBe(CLIENT_ID);
    expect(guest.data.currentUser).toBeNull();
  });
});
