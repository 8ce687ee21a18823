import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { InvalidMailError, sendMail } from "~/mail/mailer.server";
import { passwordResetMail } from "~/mail/templates";
import { resetSingleton } from "~/utils/singleton.server";
import { useTestDatabase } from "../../support/database";
import { freePort } from "../../support/net";
import { startFakeSmtpServer } from "./fake-smtp";
import { latestMailTo, mailCount } from "./helpers";

const database = useTestDatabase();

/** The mailer reads SMTP_URL and MAIL_FROM from the process config: set them for one test. */
function useMailEnvironment(env: Record<string, string>) {
  Object.assign(process.env, env);
  resetSingleton("config");
}
afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  resetSingleton("config");
});

const message = (to: string) => ({
  to,
  ...passwordResetMail({ name: "Maya", url: "http://app.test/users/password/edit?reset_password_token=x", validForHours: 2 }),
  kind: "password_reset",
});

describe("without SMTP_URL", () => {
  it("only records the mail in the outbox, unsent", async () => {
    const sent = await sendMail(message("outbox-only@example.test"));
    expect(sent.delivery).toBe("stored");
    const row = await latestMailTo(database().db, "outbox-only@example.test");
    expect(row).toMatchObject({
      id: sent.id,
      subject: "Reset your Marketplace password",
      kind: "password_reset",
      sent_at: null,
    });
    expect(row!.text_body).toContain("reset_password_token=x");
    expect(row!.html_body).toContain("<!doctype html>");
  });

  it.each([
    ["two recipients", "a@example.test, b@example.test"],
    ["a display name", "Ann <a@example.test>"],
    ["a header injection", "a@example.test\r\nBcc: victim@example.test"],
    ["no address", ""],
    ["no domain", "someone"],
  ])("refuses %s and records nothing", async (_label, to) => {
    const before = await database().db.selectFrom("outbox_emails").select("id").execute();
    await expect(sendMail(message(to))).rejects.toBeInstanceOf(InvalidMailError);
    const after = await database().db.selectFrom("outbox_emails").select("id").execute();
    expect(after.length).toBe(before.length);
  });

  it("refuses a subject with a line break", async () => {
    await expect(sendMail({ ...message("subject@example.test"), subject: "Hi\r\nBcc: x@example.test" })).rejects.toBeInstanceOf(InvalidMailError);
    expect(await mailCount(database().db, "subject@example.test")).toBe(0);
  });
});

describe("with SMTP_URL", () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it("delivers over SMTP from MAIL_FROM and marks the outbox row sent", async () => {
    useMailEnvironment({ SMTP_URL: smtp.url, MAIL_FROM: "Tests <tests@marketplace.test>" });
    const sent = await sendMail(message("smtp-1@example.test"));
    expect(sent.delivery).toBe("sent");
    const delivered = smtp.received.find((mail) => mail.to.includes("smtp-1@example.test"));
    expect(delivered?.from).toBe("tests@marketplace.test");
    expect(delivered?.data).toContain("Subject: Reset your Marketplace password");
    expect(delivered?.data).toContain("text/html");
    const row = await latestMailTo(database().db, "smtp-1@example.test");
    expect(row?.sent_at).toBeInstanceOf(Date);
  });

  it("can return before delivery ends (callers whose timing must not depend on the SMTP server)", async () => {
    useMailEnvironment({ SMTP_URL: smtp.url });
    const sent = await sendMail(message("smtp-2@example.test"), { waitForDelivery: false });
    expect(sent.delivery).toBe("sending");
    await expect
      .poll(async () => (await latestMailTo(database().db, "smtp-2@example.test"))?.sent_at ?? null, { timeout: 5000 })
      .toBeInstanceOf(Date);
    expect(smtp.received.some((mail) => mail.to.includes("smtp-2@example.test"))).toBe(true);
  });

  it("keeps the mail unsent, without throwing, when the SMTP server cannot be reached", async () => {
    useMailEnvironment({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    const sent = await sendMail(message("smtp-down@example.test"));
    expect(sent.delivery).toBe("failed");
    const row = await latestMailTo(database().db, "smtp-down@example.test");
    expect(row).toBeDefined();
    expect(row!.sent_at).toBeNull();
  });
});
