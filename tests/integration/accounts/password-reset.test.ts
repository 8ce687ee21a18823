import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { accountMailRateLimits } from "~/accounts/account-mail-limits.server";
import { verifyPassword } from "~/accounts/password.server";
import { requestPasswordReset, resetPasswordWithToken, sendPasswordResetEmail } from "~/accounts/password-reset.server";
import { createUserSession, currentSession } from "~/accounts/session.server";
import { consumeUserToken, createUserToken, hashToken, peekUserToken, TOKEN_LIFETIME_MS } from "~/accounts/user-tokens.server";
import { useTestDatabase } from "../../support/database";
import { createTestUser, latestMailTo, mailCount, tokenIn, uniqueIp } from "./helpers";

const database = useTestDatabase();
const db = () => database().db;

const flow = (ip = uniqueIp()) => ({ origin: "http://app.test", clientIp: ip });
const cookieRequest = (setCookie: string) => new Request("http://app.test/", { headers: { Cookie: setCookie.split(";")[0]! } });

async function expireTokens(userId: number) {
  await db().updateTable("user_tokens").set({ expires_at: sql<Date>`now() - interval '1 minute'` }).where("user_id", "=", userId).execute();
}

describe("user tokens", () => {
  it("hands out 32 random bytes and stores only their SHA-256", async () => {
    const user = await createTestUser(db());
    const token = await createUserToken(user.id, "reset_password");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await db().selectFrom("user_tokens").selectAll().where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it.each([
    ["reset_password", 2 * 60 * 60 * 1000],
    ["confirm_email", 3 * 24 * 60 * 60 * 1000],
  ] as const)("%s tokens live %i ms", async (purpose, lifetime) => {
    expect(TOKEN_LIFETIME_MS[purpose]).toBe(lifetime);
    const user = await createTestUser(db());
    const before = Date.now();
    await createUserToken(user.id, purpose);
    const row = await db().selectFrom("user_tokens").select("expires_at").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - before).toBeGreaterThanOrEqual(lifetime - 1000);
    expect(row.expires_at.getTime() - before).toBeLessThanOrEqual(lifetime + 5000);
  });

  it("works once, for its own purpose only", async () => {
    const user = await createTestUser(db());
    const token = await createUserToken(user.id, "reset_password");
    expect(await consumeUserToken(token, "confirm_email")).toBeNull();
    expect(await peekUserToken(token, "reset_password")).toBe(user.id);
    expect(await consumeUserToken(token, "reset_password")).toBe(user.id);
    expect(await consumeUserToken(token, "reset_password")).toBeNull();
    expect(await peekUserToken(token, "reset_password")).toBeNull();
  });

  it("is refused once expired", async () => {
    const user = await createTestUser(db());
    const token = await createUserToken(user.id, "reset_password");
    await expireTokens(user.id);
    expect(await peekUserToken(token, "reset_password")).toBeNull();
    expect(await consumeUserToken(token, "reset_password")).toBeNull();
  });

  it.each([[""], ["short"], ["x".repeat(43) + "y"], ["a b c"], [null], [42]])("refuses the malformed token %j", async (token) => {
    expect(await consumeUserToken(token, "reset_password")).toBeNull();
    expect(await peekUserToken(token, "reset_password")).toBeNull();
  });

  it("lets only the newest unused token of a purpose work", async () => {
    const user = await createTestUser(db());
    const confirmation = await createUserToken(user.id, "confirm_email");
    const first = await createUserToken(user.id, "reset_password");
    const second = await createUserToken(user.id, "reset_password");
    expect(await peekUserToken(first, "reset_password")).toBeNull();
    expect(await peekUserToken(second, "reset_password")).toBe(user.id);
    expect(await peekUserToken(confirmation, "confirm_email")).toBe(user.id);
  });

  it("gives the user id to exactly one of many simultaneous uses", async () => {
    const user = await createTestUser(db());
    const token = await createUserToken(user.id, "reset_password");
    const results = await Promise.all(Array.from({ length: 8 }, () => consumeUserToken(token, "reset_password")));
    expect(results.filter((result) => result === user.id)).toHaveLength(1);
    expect(results.filter((result) => result === null)).toHaveLength(7);
  });
});

describe("asking for a reset link", () => {
  it("mails a link to the new-password form to a known address (matched without regard to case)", async () => {
    const user = await createTestUser(db(), { firstName: "Rita" });
    expect(await requestPasswordReset(`  ${user.email.toUpperCase()} `, flow())).toEqual({ kind: "accepted" });
    const mail = await latestMailTo(db(), user.email);
    expect(mail).toMatchObject({ kind: "password_reset", subject: "Reset your Marketplace password" });
    expect(mail!.text_body).toContain("Hi Rita,");
    expect(mail!.text_body).toMatch(/http:\/\/app\.test\/users\/password\/edit\?reset_password_token=[A-Za-z0-9_-]{43}/);
    expect(await peekUserToken(tokenIn(mail!.text_body, "reset_password_token"), "reset_password")).toBe(user.id);
  });

  it("answers an unknown address exactly as a known one, and mails nobody", async () => {
    const before = await db().selectFrom("outbox_emails").select("id").execute();
    expect(await requestPasswordReset("nobody-here@example.test", flow())).toEqual({ kind: "accepted" });
    const after = await db().selectFrom("outbox_emails").select("id").execute();
    expect(after.length).toBe(before.length);
  });

  it("mails nothing to a deactivated account", async () => {
    const user = await createTestUser(db(), { deactivated: true });
    expect(await requestPasswordReset(user.email, flow())).toEqual({ kind: "accepted" });
    expect(await mailCount(db(), user.email)).toBe(0);
  });

  it(`refuses the ${accountMailRateLimits.resetPerIp.limit + 1}th request from one address, whatever the emails`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < accountMailRateLimits.resetPerIp.limit; i += 1) {
      expect((await requestPasswordReset(`ip-limit-${i}@example.test`, flow(ip))).kind).toBe("accepted");
    }
    const refused = await requestPasswordReset("ip-limit-last@example.test", flow(ip));
    expect(refused).toMatchObject({ kind: "rate-limited", retryAfterSeconds: expect.any(Number) });
    // Another client is not affected.
    expect((await requestPasswordReset("ip-limit-last@example.test", flow())).kind).toBe("accepted");
  });

  it(`refuses the ${accountMailRateLimits.resetPerEmail.limit + 1}th request for one email, from any addresses`, async () => {
    const user = await createTestUser(db());
    for (let i = 0; i < accountMailRateLimits.resetPerEmail.limit; i += 1) {
      expect((await requestPasswordReset(user.email, flow())).kind).toBe("accepted");
    }
    expect((await requestPasswordReset(user.email, flow())).kind).toBe("rate-limited");
    expect(await mailCount(db(), user.email)).toBe(accountMailRateLimits.resetPerEmail.limit);
    // The limit is the same for an address without an account: it reveals nothing.
    for (let i = 0; i < accountMailRateLimits.resetPerEmail.limit; i += 1) await requestPasswordReset("ghost@example.test", flow());
    expect((await requestPasswordReset("ghost@example.test", flow())).kind).toBe("rate-limited");
  });

  it("does not spend an email's budget on requests refused for their client address", async () => {
    const user = await createTestUser(db());
    const ip = uniqueIp();
    for (let i = 0; i < accountMailRateLimits.resetPerIp.limit; i += 1) await requestPasswordReset(`filler-${i}@example.test`, flow(ip));
    for (let i = 0; i < 5; i += 1) expect((await requestPasswordReset(user.email, flow(ip))).kind).toBe("rate-limited");
    expect((await requestPasswordReset(user.email, flow())).kind).toBe("accepted");
    expect(await mailCount(db(), user.email)).toBe(1);
  });
});

describe("choosing a new password with the link", () => {
  async function resetLinkFor(user: { id: number; email: string; first_name: string }) {
    await sendPasswordResetEmail(user, "http://app.test");
    return tokenIn((await latestMailTo(db(), user.email))!.text_body, "reset_password_token");
  }

  it("sets the password, confirms the address and ends every old session (the route starts a new one)", async () => {
    const user = await createTestUser(db(), { confirmed: false });
    const other = await createTestUser(db());
    const oldCookies = await Promise.all(
      [true, false].map((rememberMe) => createUserSession({ userId: user.id, rememberMe, request: new Request("http://x") })),
    );
    const otherCookie = await createUserSession({ userId: other.id, rememberMe: false, request: new Request("http://x") });
    const token = await resetLinkFor(user);

    const outcome = await resetPasswordWithToken({ token, password: "a-brand-new-password" }, uniqueIp());
    expect(outcome.kind).toBe("reset");
    if (outcome.kind !== "reset") return;
    expect(outcome.userId).toBe(user.id);

    const stored = await db().selectFrom("users").select(["password_hash", "confirmed_at"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(stored.password_hash, "a-brand-new-password")).toBe(true);
    expect(await verifyPassword(stored.password_hash, "old-password-1")).toBe(false);
    expect(stored.confirmed_at).toBeInstanceOf(Date);

    for (const cookie of oldCookies) expect(await currentSession(cookieRequest(cookie))).toBeNull();
    expect((await currentSession(cookieRequest(otherCookie)))?.user.id).toBe(other.id);
    const sessions = await db().selectFrom("sessions").select("id_hash").where("user_id", "=", user.id).execute();
    expect(sessions).toHaveLength(0);
  });

  it("works once only", async () => {
    const user = await createTestUser(db());
    const token = await resetLinkFor(user);
    expect((await resetPasswordWithToken({ token, password: "first-new-password" }, uniqueIp())).kind).toBe("reset");
    expect(await resetPasswordWithToken({ token, password: "second-new-password" }, uniqueIp())).toEqual({ kind: "invalid-token" });
    const stored = await db().selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(stored.password_hash, "first-new-password")).toBe(true);
  });

  it("refuses an expired link and changes nothing", async () => {
    const user = await createTestUser(db());
    const session = await createUserSession({ userId: user.id, rememberMe: false, request: new Request("http://x") });
    const token = await resetLinkFor(user);
    await expireTokens(user.id);
    expect(await resetPasswordWithToken({ token, password: "a-brand-new-password" }, uniqueIp())).toEqual({ kind: "invalid-token" });
    const stored = await db().selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(stored.password_hash, "old-password-1")).toBe(true);
    expect(await currentSession(cookieRequest(session))).not.toBeNull();
  });

  it("refuses a link that a newer one replaced", async () => {
    const user = await createTestUser(db());
    const older = await resetLinkFor(user);
    await resetLinkFor(user);
    expect(await resetPasswordWithToken({ token: older, password: "a-brand-new-password" }, uniqueIp())).toEqual({ kind: "invalid-token" });
  });

  it("refuses a confirmation token used as a reset token", async () => {
    const user = await createTestUser(db());
    const token = await createUserToken(user.id, "confirm_email");
    expect(await resetPasswordWithToken({ token, password: "a-brand-new-password" }, uniqueIp())).toEqual({ kind: "invalid-token" });
  });

  it("refuses the link of an account deactivated since", async () => {
    const user = await createTestUser(db());
    const token = await resetLinkFor(user);
    await db().updateTable("users").set({ deactivated_at: new Date() }).where("id", "=", user.id).execute();
    expect(await resetPasswordWithToken({ token, password: "a-brand-new-password" }, uniqueIp())).toEqual({ kind: "invalid-token" });
  });
});
