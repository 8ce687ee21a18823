import { timingSafeEqual } from "node:crypto";
import { redirect } from "@remix-run/node";
import { serialize as serializeCookie } from "cookie";
import { config } from "~/config/env.server";
import { notFound } from "~/errors/not-found.server";
import { DEV_MAILBOX_COOKIE, DEV_MAILBOX_KEY_PARAM, devMailboxAccess } from "~/mail/dev-mailbox";
import { devMailboxKey } from "~/mail/outbox.server";
import { readCookies } from "~/utils/cookies.server";

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

