import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { UserTokenPurpose } from "~/db/schema";

/**
 * One-time tokens sent by mail (password reset, email confirmation). The mail holds the only
 * copy of the token; the database keeps its SHA-256, so a leaked table opens no account.
 */
export type { UserTokenPurpose };

const HOUR_MS = 60 * 60 * 1000;

export const TOKEN_LIFETIME_MS: Record<UserTokenPurpose, number> = {
  reset_password: 2 * HOUR_MS,
  confirm_email: 3 * 24 * HOUR_MS,
};

/** What a token looks like: 32 random bytes in base64url (43 characters). Anything else is refused unread. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function isWellFormedToken(token: unknown): token is string {
  return typeof token === "string" && TOKEN_SHAPE.test(token);
}

export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("base64url");
}


/**
 * Issues a token and returns it (the only time it exists in clear). Older unused tokens of the
 * same purpose stop working: only the newest mail's link opens the door.
 */
export async function createUserToken(userId: number, purpose: UserTokenPurpose, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("user_tokens").where("user_id", "=", userId).where("purpose", "=", purpose).where("used_at", "is", null).execute();
      await trx
        .insertInto("user_tokens")
        .values({
          token_hash: hashToken(token),
          user_id: userId,
          purpose,
          expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
        })
        .execute();
    });
  return token;
}

/**
 * Uses a token up: one statement, so of two requests racing with the same token exactly one
 * gets the user id. Returns null for an unknown, used, expired or malformed token. Pass a
 * transaction to make the use count only if the rest of the change commits.
 */
export async function consumeUserToken(token: unknown, purpose: UserTokenPurpose, executor: Executor = db()): Promise<number | null> {
  if (!isWellFormedToken(token)) return null;
  const row = await executor
    .updateTable("user_tokens")
    .set({ used_at: sql<Date>`now()` })
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** The user a token would open, without using it up (to show the new-password form only for a live link). */
export async function peekUserToken(token: unknown, purpose: UserTokenPurpose): Promise<number | null> {
  if (!isWellFormedToken(token)) return null;
  const row = await db()
    .selectFrom("user_tokens")
    .select("user_id")
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Whose token this was, whatever its state (used, expired): to tell "already confirmed" from "unknown link". */
export async function tokenOwner(token: unknown, purpose: UserTokenPurpose): Promise<number | null> {
  if (!isWellFormedToken(token)) return null;
  const row = await db()
    .selectFrom("user_tokens")
    .select("user_id")
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * Tokens are kept this long after they expire, so that an old confirmation link still says
 * "already confirmed" (tokenOwner) rather than "unknown link"; after that they only take room.
 */
export const EXPIRED_TOKENS_KEPT_MS = 30 * 24 * HOUR_MS;

/** Deletes up to `batchSize` tokens that expired more than EXPIRED_TOKENS_KEPT_MS before `now`; answers how many went. */
export async function pruneExpiredUserTokens(now: Date, batchSize: number, executor: Executor = db()): Promise<number> {
  const before = new Date(now.getTime() - EXPIRED_TOKENS_KEPT_MS);
  const result = await executor
    .deleteFrom("user_tokens")
    .where("token_hash", "in", (eb) => eb.selectFrom("user_tokens as old").select("old.token_hash").where("old.expires_at", "<", before).limit(batchSize))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
