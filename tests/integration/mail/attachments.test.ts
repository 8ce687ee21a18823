import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createJobRunner, useJobBackEnd } from "~/jobs/queue.server";
import { tableJobs } from "~/jobs/table-jobs.server";
import { InvalidMailError, MAIL_DELIVERY_QUEUE, mailDeliveryJobHandler, sendMail } from "~/mail/mailer.server";
import { loader as attachmentLoader } from "~/routes/dev+/mailbox.$id.attachments.$index";
import { loader as messageLoader } from "~/routes/dev+/mailbox.$id";
import { resetSingleton } from "~/utils/singleton.server";
import { routeVisitor } from "../../support/route-visitor";
import { useTestDatabase } from "../../support/database";
import { startFakeSmtpServer } from "../accounts/fake-smtp";

const database = useTestDatabase();

const ICS = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nEND:VCALENDAR\r\n";
const attachment = { filename: "crash-course-7.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", contentBase64: Buffer.from(ICS).toString("base64") };
const message = (to: string) => ({ to, subject: "You are registered", text: "See you there.", kind: "study_session_confirmation", attachments: [attachment] });

const rowsTo = (to: string) => database().db.selectFrom("outbox_emails").selectAll().where("to_address", "=", to).execute();

// The embedded database's job back end, on both databases, without retry delays.
beforeAll(() => useJobBackEnd(tableJobs({ db: () => database().db, retryDelaySeconds: 0 })));
afterEach(() => {
  delete process.env.SMTP_URL;
  resetSingleton("config");
});

describe("mail attachments", () => {
  it("are kept in the outbox row", async () => {
    await sendMail(message("attach-1@example.test"));
    const [row] = await rowsTo("attach-1@example.test");
    expect(row!.attachments).toEqual([attachment]);
    expect(Buffer.from(row!.attachments[0]!.contentBase64, "base64").toString()).toBe(ICS);
  });

  it("default to none", async () => {
    await sendMail({ to: "attach-2@example.test", subject: "Hi", text: "Hello", kind: "test" });
    expect((await rowsTo("attach-2@example.test"))[0]!.attachments).toEqual([]);
  });

  it.each([
    ["a path in the file name", { ...attachment, filename: "../../etc/passwd" }],
    ["a line break in the file name", { ...attachment, filename: "a\r\nb.ics" }],
    ["a header in the content type", { ...attachment, contentType: "text/calendar\r\nBcc: x@example.test" }],
  ])("refuse %s and record nothing", async (_label, bad) => {
    await expect(sendMail({ ...message("attach-bad@example.test"), attachments: [bad] })).rejects.toBeInstanceOf(InvalidMailError);
    expect(await rowsTo("attach-bad@example.test")).toEqual([]);
  });
});

describe("mail sent within the caller's transaction", () => {
  it("is recorded only when the transaction commits", async () => {
    const { db } = database();
    await expect(
      db.transaction().execute(async (trx) => {
        await sendMail(message("rolled-back@example.test"), { executor: trx });
        throw new Error("the registration failed");
      }),
    ).rejects.toThrow("the registration failed");
    expect(await rowsTo("rolled-back@example.test")).toEqual([]);

    await db.transaction().execute((trx) => sendMail(message("committed@example.test"), { executor: trx }));
    expect(await rowsTo("committed@example.test")).toHaveLength(1);
  });

  describe("with SMTP", () => {
    let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
    beforeAll(async () => {
      smtp = await startFakeSmtpServer();
    });
    afterAll(async () => {
      await smtp?.close();
    });

    it("is delivered by a job once committed, with its attachment, exactly once", async () => {
      Object.assign(process.env, { SMTP_URL: smtp.url });
      resetSingleton("config");
      const { db } = database();
      const sent = await db.transaction().execute((trx) => sendMail(message("queued@example.test"), { executor: trx }));
      expect(sent.delivery).toBe("queued");
      expect(smtp.received.filter((mail) => mail.to.includes("queued@example.test"))).toEqual([]);

      const runner = createJobRunner({ handlers: { [MAIL_DELIVERY_QUEUE]: mailDeliveryJobHandler({ db: () => database().db }) } });
      while (await runner.runOnce());
      const delivered = smtp.received.filter((mail) => mail.to.includes("queued@example.test"));
      expect(delivered).toHaveLength(1);
      expect(delivered[0]!.data).toContain('filename=crash-course-7.ics');
      expect(delivered[0]!.data).toContain("Content-Type: text/calendar");
      expect((await rowsTo("queued@example.test"))[0]!.sent_at).toBeInstanceOf(Date);

      // A retried job finds the mail sent and sends nothing more.
      await mailDeliveryJobHandler({ db: () => database().db }).run({ outbox_email_id: sent.id }, { id: "retry", attempt: 2, maxAttempts: 5 });
      expect(smtp.received.filter((mail) => mail.to.includes("queued@example.test"))).toHaveLength(1);
    });

    it("makes no delivery job when the transaction rolls back", async () => {
      Object.assign(process.env, { SMTP_URL: smtp.url });
      resetSingleton("config");
      const { db } = database();
      await db
        .transaction()
        .execute(async (trx) => {
          await sendMail(message("queued-rollback@example.test"), { executor: trx });
          throw new Error("no");
        })
        .catch(() => undefined);
      const runner = createJobRunner({ handlers: { [MAIL_DELIVERY_QUEUE]: mailDeliveryJobHandler({ db: () => database().db }) } });
      while (await runner.runOnce());
      expect(smtp.received.filter((mail) => mail.to.includes("queued-rollback@example.test"))).toEqual([]);
    });
  });
});

describe("the development mailbox", () => {
  it("lists a mail's attachments and downloads each one, never inline", async () => {
    const sent = await sendMail(message("mailbox-attach@example.test"));
    const browser = routeVisitor();
    const page = await browser.get(messageLoader, `/dev/mailbox/${sent.id}`, { params: { id: String(sent.id) } });
    expect(page.data.attachments).toEqual([{ index: 0, filename: "crash-course-7.ics", contentType: attachment.contentType, bytes: Buffer.byteLength(ICS) }]);

    const file = await browser.raw(attachmentLoader, `/dev/mailbox/${sent.id}/attachments/0`, { params: { id: String(sent.id), index: "0" } });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe(attachment.contentType);
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="crash-course-7.ics"');
    expect(await file.text()).toBe(ICS);

    for (const [id, index] of [[String(sent.id), "1"], [String(sent.id), "-1"], [String(sent.id), "x"], ["999999999", "0"]]) {
      const missing = await browser.get(attachmentLoader, `/dev/mailbox/${id}/attachments/${index}`, { params: { id: id!, index: index! } });
      expect(missing.status).toBe(404);
    }
  });
});
