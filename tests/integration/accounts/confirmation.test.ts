import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { accountMailRateLimits } from "~/accounts/account-mail-limits.server";
import { confirmEmailWithToken, confirmUser, resendConfirmationInstructions, sendConfirmationEmail } from "~/accounts/confirmation.server";
import { useTestDatabase } from "../../support/database";
import { createTestUser, latestMailTo, mailCount, tokenIn, uniqueIp } from "./helpers";

const database = useTestDatabase();
const db = () => database().db;
const flow = (ip = uniqueIp()) => ({ origin: "http://app.test", clientIp: ip });

async function confirmedAt(userId: number) {
  return (await db().selectFrom("users").select("confirmed_at").where("id", "=", userId).executeTakeFirstOrThrow()).confirmed_at;
}

async function confirmationLinkFor(user: { id: number; email: string; first_name: string }) {
  await sendConfirmationEmail(user, "http://app.test");
  return tokenIn((await latestMailTo(db(), user.email))!.text_body, "confirmation_token");
}

describe("sending a confirmation mail", () => {
  it("mails an unconfirmed user a link to /users/confirmation", async () => {
    const user = await createTestUser(db(), { firstName: "Cleo" });
    const sent = await sendConfirmationEmail(user, "http://app.test");
    expect(sent?.delivery).toBe("stored");
    const mail = await latestMailTo(db(), user.email);
    expect(mail).toMatchObject({ kind: "confirmation", subject: "Confirm your Marketplace email address" });
    expect(mail!.text_body).toContain("Hi Cleo,");
    expect(mail!.text_body).toMatch(/http:\/\/app\.test\/users\/confirmation\?confirmation_token=[A-Za-z0-9_-]{43}/);
  });

  it("sends nothing to a confirmed user", async () => {
    const user = await createTestUser(db(), { confirmed: true });
    expect(await sendConfirmationEmail(user, "http://app.test")).toBeNull();
    expect(await mailCount(db(), user.email)).toBe(0);
  });
});

describe("confirming with the link", () => {
  it("confirms once; a second click is told the address is already confirmed", async () => {
    const user = await createTestUser(db());
    const token = await confirmationLinkFor(user);
    expect(await confirmedAt(user.id)).toBeNull();
    expect(await confirmEmailWithToken(token)).toEqual({ kind: "confirmed", userId: user.id });
    const first = await confirmedAt(user.id);
    expect(first).toBeInstanceOf(Date);
    expect(await confirmEmailWithToken(token)).toEqual({ kind: "already-confirmed", userId: user.id });
    expect(await confirmedAt(user.id)).toEqual(first);
  });

  it.each([["junk"], [""], ["A".repeat(43)], [null]])("refuses the token %j", async (token) => {
    expect(await confirmEmailWithToken(token)).toEqual({ kind: "invalid" });
  });

  it("refuses an expired link and leaves the user unconfirmed", async () => {
    const user = await createTestUser(db());
    const token = await confirmationLinkFor(user);
    await db().updateTable("user_tokens").set({ expires_at: sql<Date>`now() - interval '1 second'` }).where("user_id", "=", user.id).execute();
    expect(await confirmEmailWithToken(token)).toEqual({ kind: "invalid" });
    expect(await confirmedAt(user.id)).toBeNull();
  });

  it("only the newest link works", async () => {
    const user = await createTestUser(db());
    const older = await confirmationLinkFor(user);
    const newer = await confirmationLinkFor(user);
    expect(await confirmEmailWithToken(older)).toEqual({ kind: "invalid" });
    expect(await confirmEmailWithToken(newer)).toEqual({ kind: "confirmed", userId: user.id });
  });
});

describe("resending the instructions", () => {
  it("mails an unconfirmed account and answers every address the same", async () => {
    const unconfirmed = await createTestUser(db());
    const confirmed = await createTestUser(db(), { confirmed: true });
    for (const email of [unconfirmed.email, confirmed.email, "no-account@example.test"]) {
      expect(await resendConfirmationInstructions(email, flow())).toEqual({ kind: "accepted" });
    }
    expect(await mailCount(db(), unconfirmed.email)).toBe(1);
    expect(await mailCount(db(), confirmed.email)).toBe(0);
    expect(await mailCount(db(), "no-account@example.test")).toBe(0);
  });

  it("is limited per client address and per email", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < accountMailRateLimits.confirmationPerIp.limit; i += 1) {
      expect((await resendConfirmationInstructions(`resend-${i}@example.test`, flow(ip))).kind).toBe("accepted");
    }
    expect((await resendConfirmationInstructions("resend-last@example.test", flow(ip))).kind).toBe("rate-limited");

    const user = await createTestUser(db());
    for (let i = 0; i < accountMailRateLimits.confirmationPerEmail.limit; i += 1) await resendConfirmationInstructions(user.email, flow());
    expect((await resendConfirmationInstructions(user.email, flow())).kind).toBe("rate-limited");
    expect(await mailCount(db(), user.email)).toBe(accountMailRateLimits.confirmationPerEmail.limit);
  });
});

describe("confirming by hand", () => {
  it("confirms a user and keeps an earlier confirmation time", async () => {
    const user = await createTestUser(db());
    expect(await confirmUser(user.id)).toBe(true);
    const first = await confirmedAt(user.id);
    expect(first).toBeInstanceOf(Date);
    expect(await confirmUser(user.id)).toBe(true);
    expect(await confirmedAt(user.id)).toEqual(first);
  });

  it("says so for an unknown user", async () => {
    expect(await confirmUser(987_654_321)).toBe(false);
  });
});
