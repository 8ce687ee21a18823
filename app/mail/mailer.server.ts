import type { Kysely } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "~/config/env.server";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { Database, MailAttachment } from "~/db/schema";
import { enqueueJob, type JobHandler } from "~/jobs/queue.server";
import { logger } from "~/utils/logger.server";
import { singleton } from "~/utils/singleton.server";

/**
 * The one way the app sends mail. Every message is recorded in outbox_emails first (the
 * development mailbox and the tests read it there); when SMTP_URL is set it is also delivered
 * over SMTP and its sent_at filled in once the server accepted it.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for ("password_reset", "confirmation", …): lets the outbox be filtered and counted. */
  kind: string;
  /** Files sent with the mail (e.g. a session's .ics), kept in the outbox row too. */
  attachments?: MailAttachment[];
}

export type DeliveryState =
  /** No SMTP server configured: the outbox row is all there is. */
  | "stored"
  /** The SMTP server accepted it. */
  | "sent"
  /** The SMTP server refused it or could not be reached (logged; sent_at stays null). */
  | "failed"
  /** Delivery goes on in the background (waitForDelivery: false). */
  | "sending"
  /** Recorded in the caller's transaction; a job delivers it once that commits. */
  | "queued";

export interface SentMail {
  id: number;
  delivery: DeliveryState;
}

// One recipient, no display name, no header-breaking characters: every caller sends to an address it stored.
const SINGLE_ADDRESS = /^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+$/;

// Attachments live in the outbox row: keep them to what a mail server accepts without complaint.
const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
const SAFE_FILE_NAME = /^[^\\/\u0000-\u001f\u007f"]{1,120}$/;
const CONTENT_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(;\s*[a-z0-9_-]+=[a-z0-9_.-]+)*$/i;

export class InvalidMailError extends Error {
  constructor(reason: string) {
    super(`Refusing to send mail: ${reason}`);
    this.name = "InvalidMailError";
  }
}

export interface SendMailOptions {
  waitForDelivery?: boolean;
  /**
   * The transaction the mail belongs to (e.g. the enrolment it confirms): the outbox row is
   * written in it, and delivery (with SMTP) is a job enqueued in it, so a transaction that rolls
   * back sends nothing and one that commits sends the mail once.
   */
  executor?: Executor;
}

/**
 * Records and (with SMTP) delivers a message. Delivery failures are logged, never thrown: a
 * caller such as the password reset must answer the same way whether or not mail went out.
 * `waitForDelivery: false` returns once the message is recorded, so the SMTP server's
 * response time does not show in the caller's response time.
 */
export async function sendMail(message: MailMessage, options: SendMailOptions = {}): Promise<SentMail> {
  const to = message.to.trim();
  if (!SINGLE_ADDRESS.test(to) || to.length > 254) throw new InvalidMailError("the recipient must be one plain email address");
  if (/[\r\n]/.test(message.subject)) throw new InvalidMailError("the subject must be one line");
  const attachments = message.attachments ?? [];
  checkAttachments(attachments);

  const { id } = await (options.executor ?? db())
    .insertInto("outbox_emails")
    .values({
      to_address: to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      kind: message.kind,
      attachments: JSON.stringify(attachments),
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  const { SMTP_URL, MAIL_FROM } = config();
  if (!SMTP_URL) return { id, delivery: "stored" };
  if (options.executor) {
    await enqueueJob(options.executor, MAIL_DELIVERY_QUEUE, { outbox_email_id: id }, { maxAttempts: 5 });
    return { id, delivery: "queued" };
  }

  const delivery = deliver(SMTP_URL, envelope(MAIL_FROM, { to, subject: message.subject, text: message.text, html: message.html, attachments }), id, message.kind);
  if (options.waitForDelivery === false) {
    void delivery;
    return { id, delivery: "sending" };
  }
  return { id, delivery: await delivery };
}

function checkAttachments(attachments: readonly MailAttachment[]) {
  let bytes = 0;
  for (const attachment of attachments) {
    if (!SAFE_FILE_NAME.test(attachment.filename)) throw new InvalidMailError("an attachment's file name must be one plain name");
    if (!CONTENT_TYPE.test(attachment.contentType)) throw new InvalidMailError("an attachment needs a plain content type");
    bytes += Buffer.byteLength(attachment.contentBase64, "base64");
  }
  if (bytes > MAX_ATTACHMENT_BYTES) throw new InvalidMailError("the attachments are too large");
}

interface Envelope {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

function envelope(
  from: string,
  mail: { to: string; subject: string; text: string; html?: string | null; attachments: readonly MailAttachment[] },
): Envelope {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? undefined,
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: Buffer.from(attachment.contentBase64, "base64"),
    })),
  };
}

async function deliver(smtpUrl: string, envelope: Envelope, id: number, kind: string): Promise<"sent" | "failed"> {
  try {
    await transport(smtpUrl).sendMail(envelope);
  } catch (error) {
    // The recipient is personal data and the URL may hold a password: log neither.
    logger().error({ err: error, outboxEmailId: id, kind }, "mail delivery failed");
    return "failed";
  }
  try {
    await db().updateTable("outbox_emails").set({ sent_at: new Date() }).where("id", "=", id).execute();
  } catch (error) {
    logger().warn({ err: error, outboxEmailId: id }, "mail sent but its outbox row was not marked");
  }
  return "sent";
}

/** One pooled SMTP connection per URL and process (the URL is fixed at start; tests use their own). */
function transport(smtpUrl: string): Transporter {
  return singleton(`mail-transport:${smtpUrl}`, () =>
    nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      // nodemailer waits minutes by default; a stuck server must not hold requests that long.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    }),
  );
}

/** Delivers a mail recorded in a transaction (sendMail with `executor`), once that transaction committed. */
export const MAIL_DELIVERY_QUEUE = "mail-delivery";

export function mailDeliveryJobHandler(options: { db: () => Kysely<Database> }): JobHandler {
  return {
    async run(data) {
      const { SMTP_URL, MAIL_FROM } = config();
      if (!SMTP_URL) return;
      const mail = await options
        .db()
        .selectFrom("outbox_emails")
        .selectAll()
        .where("id", "=", Number(data.outbox_email_id))
        .executeTakeFirst();
      // Gone, or sent by an earlier try whose job was then retried: nothing to do.
      if (!mail || mail.sent_at) return;
      const state = await deliver(SMTP_URL, envelope(MAIL_FROM, { to: mail.to_address, subject: mail.subject, text: mail.text_body, html: mail.html_body, attachments: mail.attachments }), mail.id, mail.kind);
      // A refused or unreachable server: the job's retries try again later.
      if (state === "failed") throw new Error(`mail ${mail.id} was not delivered`);
    },
  };
}
