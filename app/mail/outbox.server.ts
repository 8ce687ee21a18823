import { sql } from "kysely";
import { config } from "~/config/env.server";
import { db } from "~/db/db.server";
import { devMailboxEnabled } from "~/mail/dev-mailbox";

/** The mailbox pages answer 404 where the mailbox is off (see devMailboxEnabled). */
export function requireDevMailbox(clientIp: string) {
  if (!devMailboxEnabled(config(), clientIp)) throw new Response("Not Found", { status: 404 });
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
