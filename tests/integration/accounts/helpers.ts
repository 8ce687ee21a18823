import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { hashPassword } from "../../../app/accounts/password.server";
import type { Database } from "../../../app/db/schema";

/** A fresh account of this test's own (tests in one file share a database). */
export async function createTestUser(
  db: Kysely<Database>,
  options: { password?: string; confirmed?: boolean; deactivated?: boolean; roles?: string[]; firstName?: string } = {},
) {
  const email = `user-${randomBytes(6).toString("hex")}@example.test`;
  return db
    .insertInto("users")
    .values({
      email,
      password_hash: await hashPassword(options.password ?? "old-password-1"),
      first_name: options.firstName ?? "Tess",
      last_name: "Tester",
      roles: options.roles ?? [],
      confirmed_at: options.confirmed ? new Date() : null,
      deactivated_at: options.deactivated ? new Date() : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A client address no other test uses, so per-address rate limits do not spill between tests. */
let nextAddress = 1;
export function uniqueIp() {
  nextAddress += 1;
  return `10.${process.pid % 250}.${Math.floor(nextAddress / 250)}.${nextAddress % 250}`;
}

/**
 * Rate limits count in fixed windows aligned to the clock (an hour's windows end on a
 * five-minute one too). A test that uses up a window's allowance first waits for a fresh window
 * when the current one is about to end, so all its requests land in one window.
 */
export async function inOneRateLimitWindow(windowSeconds: number, neededMs = 8_000) {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** The newest mail to an address, read from the outbox. */
export async function latestMailTo(db: Kysely<Database>, to: string) {
  return db.selectFrom("outbox_emails").selectAll().where("to_address", "=", to).orderBy("id", "desc").executeTakeFirst();
}

export async function mailCount(db: Kysely<Database>, to: string) {
  const rows = await db.selectFrom("outbox_emails").select("id").where("to_address", "=", to).execute();
  return rows.length;
}

export function tokenIn(text: string, parameter: "reset_password_token" | "confirmation_token") {
  const match = new RegExp(`[?&]${parameter}=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${parameter} in mail:\n${text}`);
  return match[1]!;
}
