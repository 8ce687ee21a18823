import type { ActionFunctionArgs, HeadersFunction } from "@remix-run/node";
import { beforeEach, describe, expect, it } from "vitest";
import { signInLimits } from "~/accounts/password-attempts";
import { PROFILE_SAVED_MESSAGES } from "~/accounts/profile-forms";
import { createUserSession } from "~/accounts/session.server";
import { tooManyRequestsMessage } from "~/errors/messages";
import { action as signInJson } from "~/routes/json+/users+/sign_in";
import { action as profileAction, headers as profileHeaders } from "~/routes/profile";
import { action as reauthenticateForm, headers as reauthenticateHeaders } from "~/routes/users+/reauthenticate";
import { action as signInForm, headers as signInHeaders } from "~/routes/users+/sign_in";
import { useTestDatabase } from "../../support/database";
import { routeAnswer, type RouteAnswer } from "../../support/route-answer";
import { expectRedirectWithToast } from "../../support/toast";
import { createTestUser, inOneRateLimitWindow, uniqueIp } from "./helpers";

/**
 * Wrong passwords are limited per account and address together, and per address; guessing from
 * many addresses only slows the account down (app/accounts/password-attempts.ts). Nobody can
 * lock the owner out from elsewhere, in any of the places that check a password.
 */
const database = useTestDatabase();
const db = () => database().db;
const RIGHT = "the-right-password-1";

beforeEach(() => inOneRateLimitWindow(signInLimits.perAccountAndAddress.windowSeconds));

function call(action: (args: ActionFunctionArgs) => Promise<unknown>, request: Request, clientIp: string) {
  return routeAnswer(() => action({ request, params: {}, context: { clientIp } } as unknown as ActionFunctionArgs));
}

/** The headers Remix gives the page of a document (or single-fetch) answer: the route's `headers` export. */
function pageHeaders(headers: HeadersFunction, answer: RouteAnswer) {
  return new Headers(headers({ actionHeaders: answer.headers, loaderHeaders: new Headers(), parentHeaders: new Headers(), errorHeaders: undefined }));
}

const signInPost = (email: string, password: string) =>
  new Request("http://app.test/users/sign_in", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });

const signIn = (email: string, password: string, clientIp: string) => call(signInForm, signInPost(email, password), clientIp);

async function failFiveTimes(email: string, clientIp: string) {
  for (let attempt = 1; attempt <= signInLimits.perAccountAndAddress.limit; attempt += 1) {
    expect((await signIn(email, `wrong-${attempt}`, clientIp)).status).toBe(400);
  }
}

function expectRetryAfterWithinWindow(answer: Pick<RouteAnswer, "status" | "headers">) {
  expect(answer.status).toBe(429);
  const seconds = Number(answer.headers.get("Retry-After"));
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(signInLimits.perAccountAndAddress.windowSeconds);
  return seconds;
}

describe("signing in with the form", () => {
  it("five wrong passwords from one address do not lock the owner out: from another address the right password signs in", async () => {
    const owner = await createTestUser(db(), { password: RIGHT, confirmed: true });
    await failFiveTimes(owner.email, uniqueIp());
    const signedIn = await signIn(owner.email, RIGHT, uniqueIp());
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Set-Cookie")).toMatch(/^__session=/);
  });

  it("refuses the sixth try from that address with 429 and Retry-After, even with the right password, and the page passes the header on", async () => {
    const owner = await createTestUser(db(), { password: RIGHT, confirmed: true });
    const attacker = uniqueIp();
    await failFiveTimes(owner.email, attacker);
    const sixth = await signIn(owner.email, "wrong-6", attacker);
    const seconds = expectRetryAfterWithinWindow(sixth);
    expect(JSON.stringify(sixth.data)).toContain(tooManyRequestsMessage);
    expect(pageHeaders(signInHeaders, sixth).get("Retry-After")).toBe(String(seconds));
    expect((await signIn(owner.email, RIGHT, attacker)).status).toBe(429);
  });

  it("counts an email however it is typed as the same account", async () => {
    const owner = await createTestUser(db(), { password: RIGHT, confirmed: true });
    const attacker = uniqueIp();
    await failFiveTimes(` ${owner.email.toUpperCase()} `, attacker);
    expect((await signIn(owner.email, "wrong-6", attacker)).status).toBe(429);
  });

  it("slows guessing spread over many addresses without refusing the owner", async () => {
    const owner = await createTestUser(db(), { password: RIGHT, confirmed: true });
    // Seven failures, each from its own address: the sixth and seventh already waited 250 and 500 ms.
    for (let attempt = 1; attempt <= 7; attempt += 1) expect((await signIn(owner.email, `wrong-${attempt}`, uniqueIp())).status).toBe(400);
    const started = Date.now();
    const signedIn = await signIn(owner.email, RIGHT, uniqueIp());
    expect(signedIn.status).toBe(302);
    // 7 failures: 250 ms doubled twice.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it(`refuses an address after ${signInLimits.perAddress.limit} wrong passwords on any accounts`, async () => {
    const school = uniqueIp();
    for (let attempt = 1; attempt <= signInLimits.perAddress.limit; attempt += 1) {
      expect((await signIn(`nobody-${attempt}-${school}@example.test`, "wrong", school)).status).toBe(400);
    }
    const owner = await createTestUser(db(), { password: RIGHT, confirmed: true });
    expectRetryAfterWithinWindow(await signIn(owner.email, RIGHT, school));
    expect((await signIn(owner.email, RIGHT, uniqueIp())).status).toBe(302);
  });
});

describe("signing in with JSON", () => {
  const jsonPost = (email: string, password: string) =>
    new Request("http://app.test/users/sign_in", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ user: { email, password } }),
    });

  it("follows the same rule: 429 with Retry-After and meta.retry_after for the address, 200 for the owner elsewhere", async () => {
    const owner = await createTestUser(db(), { password: RIGHT, confirmed: true });
    const attacker = uniqueIp();
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await call(signInJson, jsonPost(owner.email, `wrong-${attempt}`), attacker)).status).toBe(401);
    const response = (await signInJson({ request: jsonPost(owner.email, "wrong-6"), params: {}, context: { clientIp: attacker } } as unknown as ActionFunctionArgs)) as Response;
    const seconds = expectRetryAfterWithinWindow({ status: response.status, headers: response.headers });
    expect(await response.json()).toMatchObject({ errors: [{ code: "too_many_requests" }], meta: { retry_after: seconds } });
    expect((await call(signInJson, jsonPost(owner.email, RIGHT), uniqueIp())).status).toBe(200);
  });
});

describe("the password asked again before a sensitive change", () => {
  /** A signed-in browser of this user whose sign-in is older than the reauthentication window. */
  async function staleSession(userId: number) {
    const cookie = (await createUserSession({ userId, rememberMe: false, request: new Request("http://app.test") })).split(";")[0]!;
    await db().updateTable("sessions").set({ authenticated_at: new Date(Date.now() - 60 * 60 * 1000) }).where("user_id", "=", userId).execute();
    return cookie;
  }

  const formPost = (path: string, cookie: string, fields: Record<string, string>) =>
    new Request(`http://app.test${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams(fields),
    });

  it("on /users/reauthenticate: a session thief's five wrong passwords do not stop the owner elsewhere", async () => {
    const owner = await createTestUser(db(), { password: RIGHT, confirmed: true });
    const stolen = await staleSession(owner.id);
    const thief = uniqueIp();
    const reauthenticate = (cookie: string, password: string, clientIp: string) => call(reauthenticateForm, formPost("/users/reauthenticate", cookie, { password }), clientIp);
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await reauthenticate(stolen, `wrong-${attempt}`, thief)).status).toBe(400);
    const refused = await reauthenticate(stolen, "wrong-6", thief);
    const seconds = expectRetryAfterWithinWindow(refused);
    expect(pageHeaders(reauthenticateHeaders, refused).get("Retry-After")).toBe(String(seconds));
    const own = await staleSession(owner.id);
    const confirmed = await reauthenticate(own, RIGHT, uniqueIp());
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/profile");
  });

  it("on the profile's password form: the same, and the refused page says when to retry", async () => {
    const owner = await createTestUser(db(), { password: RIGHT, confirmed: true });
    const cookie = await staleSession(owner.id);
    const thief = uniqueIp();
    const changePassword = (currentPassword: string, clientIp: string) =>
      call(
        profileAction,
        formPost("/profile", cookie, { intent: "password", current_password: currentPassword, password: "a-new-password-2", password_confirmation: "a-new-password-2" }),
        clientIp,
      );
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await changePassword(`wrong-${attempt}`, thief)).status).toBe(401);
    const refused = await changePassword("wrong-6", thief);
    const seconds = expectRetryAfterWithinWindow(refused);
    expect(pageHeaders(profileHeaders, refused).get("Retry-After")).toBe(String(seconds));
    const changed = await changePassword(RIGHT, uniqueIp());
    await expectRedirectWithToast(changed, "/profile", PROFILE_SAVED_MESSAGES.password);
  });
});
