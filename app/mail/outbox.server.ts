import { createHmac, timingSafeEqual } from "node:crypto";
import { redirect } from "@remix-run/node";
import { serialize as serializeCookie } from "cookie";
import { sql } from "kysely";
import { config } from "~/config/env.server";
import { db } from "~/db/db.server";
import { DEV_MAILBOX_COOKIE, DEV_MAILBOX_KEY_PARAM, devMailboxAccess } from "~/mail/dev-mailbox";
import { readCookies } from "~/utils/cookies.server";
import { notFound } from "~/errors/not-found.server";

/** The secret of the mailbox link (DEV_MAILBOX=local): derived from the session secret, so it survives restarts. */
export function devMailboxKey(sessionSecret = config().sessionSecret) {
  return createHmac("sha256", sessionSecret).update("development mailbox").digest("base64url").slice(0, 32);
}

/** The link printed at start when the mailbox needs its key, or null when no key is needed or it is off. */
export function devMailboxLink(appConfig = config()) {
  if (devMailboxAccess(appConfig) !== "key") return null;
  return `${appConfig.appOrigin}/dev/mailbox?${DEV_MAILBOX_KEY_PARAM}=${devMailboxKey(appConfig.sessionSecret)}`;
}

/**
 * The mailbox pages answer 404 where the mailbox is closed to this visitor (see devMailboxAccess).
 * Opening the key link keeps the key in a cookie and drops it from the address (history, Referer).
 */
export function requireDevMailbox(request: Request) {
  const access = devMailboxAccess(config());
  if (access === "open") return;
  if (access === "closed") throw notFound();
  const key = devMailboxKey();
  const url = new URL(request.url);
  const fromLink = url.searchParams.get(DEV_MAILBOX_KEY_PARAM);
  if (fromLink !== null) {
    if (!sameSecret(fromLink, key)) throw notFound();
    url.searchParams.delete(DEV_MAILBOX_KEY_PARAM);
    const cookie = serializeCookie(DEV_MAILBOX_COOKIE, key, { path: "/dev/mailbox", httpOnly: true, sameSite: "lax", secure: config().servedOverHttps });
    throw redirect(`${url.pathname}${url.search}`, { headers: { "Set-Cookie": cookie } });
  }
  if (!sameSecret(readCookies(request)[DEV_MAILBOX_COOKIE] ?? "", key)) throw notFound();
}

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
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
