import nodemailer, { type Transporter } from "nodemailer";
import { config } from "~/config/env.server";
import { db } from "~/db/db.server";
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
}

export type DeliveryState =
  /** No SMTP server configured: the outbox row is all there is. */
  | "stored"
  /** The SMTP server accepted it. */
  | "sent"
  /** The SMTP server refused it or could not be reached (logged; sent_at stays null). */
  | "failed"
  /** Delivery goes on in the background (waitForDelivery: false). */
  | "sending";

export interface SentMail {
  id: number;
  delivery: DeliveryState;
}

// One recipient, no display name, no header-breaking characters: every caller sends to an address it stored.
const SINGLE_ADDRESS = /^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+$/;

export class InvalidMailError extends Error {
  constructor(reason: string) {
    super(`Refusing to send mail: ${reason}`);
    this.name = "InvalidMailError";
  }
}

/**
 * Records and (with SMTP) delivers a message. Delivery failures are logged, never thrown: a
 * caller such as the password reset must answer the same way whether or not mail went out.
 * `waitForDelivery: false` returns once the message is recorded, so the SMTP server's
 * response time does not show in the caller's response time.
 */
export async function sendMail(message: MailMessage, options: { waitForDelivery?: boolean } = {}): Promise<SentMail> {
  const to = message.to.trim();
  if (!SINGLE_ADDRESS.test(to) || to.length > 254) throw new InvalidMailError("the recipient must be one plain email address");
  if (/[\r\n]/.test(message.subject)) throw new InvalidMailError("the subject must be one line");

  const { id } = await db()
    .insertInto("outbox_emails")
    .values({ to_address: to, subject: message.subject, text_body: message.text, html_body: message.html ?? null, kind: message.kind })
    .returning("id")
    .executeTakeFirstOrThrow();

  const { SMTP_URL, MAIL_FROM } = config();
  if (!SMTP_URL) return { id, delivery: "stored" };

  const delivery = deliver(SMTP_URL, { from: MAIL_FROM, to, subject: message.subject, text: message.text, html: message.html }, id, message.kind);
  if (options.waitForDelivery === false) {
    void delivery;
    return { id, delivery: "sending" };
  }
  return { id, delivery: await delivery };
}

async function deliver(
  smtpUrl: string,
  envelope: { from: string; to: string; subject: string; text: string; html?: string },
  id: number,
  kind: string,
): Promise<"sent" | "failed"> {
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
