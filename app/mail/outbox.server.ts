import { createHmac } from "node:crypto";
import { sql } from "kysely";
import { config } from "~/config/env.server";
import { db } from "~/db/db.server";
import type { MailAttachment } from "~/db/schema";
import { DEV_MAILBOX_KEY_PARAM, devMailboxAccess } from "~/mail/dev-mailbox";

/** The secret of the mailbox link (DEV_MAILBOX=local): derived from the session secret, so it survives restarts. */
export function devMailboxKey(sessionSecret = config().sessionSecret) {
  return createHmac("sha256", sessionSecret).update("development mailbox").digest("base64url").slice(0, 32);
}

/** The link printed at start when the mailbox needs its key, or null when no key is needed or it is off. */
export function devMailboxLink(appConfig = config()) {
  if (devMailboxAccess(appConfig) !== "key") return null;
  return `${appConfig.appOrigin}/dev/mailbox?${DEV_MAILBOX_KEY_PARAM}=${devMailboxKey(appConfig.sessionSecret)}`;
}

/** Reading the outbox (the development mailbox and tests). */
export async function listOutboxEmails(options: { to?: string; limit: number }) {
  let query = db()
    .selectFrom("outbox_emails")
    .select(["id", "to_address", "subject", "kind", "created_at", "sent_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(options.limit);
  if (options.to) query = query.where(sql<string>`lower(to_address)`, "=", options.to.trim().toLowerCase());
  return query.execute();
}

export async function findOutboxEmail(id: number) {
  return db().selectFrom("outbox_emails").selectAll().where("id", "=", id).executeTakeFirst();
}

/** One attachment of a recorded mail, by its place in the mail (from 0). */
export async function findOutboxAttachment(id: number, index: number): Promise<MailAttachment | undefined> {
  const row = await db().selectFrom("outbox_emails").select("attachments").where("id", "=", id).executeTakeFirst();
  return row?.attachments[index];
}

/** What the mailbox lists of a mail's attachments: name, type and size, not the bytes. */
export function attachmentSummaries(attachments: readonly MailAttachment[]) {
  return attachments.map((attachment, index) => ({
    index,
    filename: attachment.filename,
    contentType: attachment.contentType,
    bytes: Buffer.byteLength(attachment.contentBase64, "base64"),
  }));
}
