import { sql } from "kysely";
import { accountMailRateLimits, checkLimits } from "~/accounts/account-mail-limits.server";
import { hashPassword } from "~/accounts/password.server";
import { consumeUserToken, createUserToken, peekUserToken, TOKEN_LIFETIME_MS } from "~/accounts/user-tokens.server";
import { db } from "~/db/db.server";
import { mailLink } from "~/mail/links.server";
import { sendMail, type SentMail } from "~/mail/mailer.server";
import { passwordResetMail } from "~/mail/templates";

/** Where the mailed link leads (the new-password form). */
export const NEW_PASSWORD_PATH = "/users/password/edit";

export interface MailRecipient {
  id: number;
  email: string;
  first_name: string;
}

/** An account that may receive account mail: matched without regard to case, never a deactivated one. */
export async function findActiveAccountByEmail(email: string) {
  return db()
    .selectFrom("users")
    .select(["id", "email", "first_name", "confirmed_at"])
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .where("deactivated_at", "is", null)
    .executeTakeFirst();
}

/** Issues a reset token (older links stop working) and mails its link to the site at `origin`. */
export async function sendPasswordResetEmail(
  user: MailRecipient,
  origin: string,
  options: { waitForDelivery?: boolean } = {},
): Promise<SentMail> {
  const token = await createUserToken(user.id, "reset_password");
  const content = passwordResetMail({
    name: user.first_name,
    url: mailLink(NEW_PASSWORD_PATH, { reset_password_token: token }, origin),
    validForHours: TOKEN_LIFETIME_MS.reset_password / 3_600_000,
  });
  return sendMail({ to: user.email, ...content, kind: "password_reset" }, options);
}

export type ResetRequestOutcome = { kind: "accepted" } | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * POST /users/password. The outcome is "accepted" whether or not the address has an account,
 * and both cases do the same database work before answering (two rate-limit hits and one
 * lookup; the mail itself is recorded and then delivered in the background), so neither the
 * answer nor its timing tells which addresses exist.
 */
export async function requestPasswordReset(email: string, context: { origin: string; clientIp: string }): Promise<ResetRequestOutcome> {
  const normalized = email.trim().toLowerCase();
  const limits = await checkLimits([
    [accountMailRateLimits.resetPerIp, context.clientIp],
    [accountMailRateLimits.resetPerEmail, normalized],
  ]);
  if (!limits.allowed) return { kind: "rate-limited", retryAfterSeconds: limits.retryAfterSeconds };
  const user = await findActiveAccountByEmail(normalized);
  if (user) await sendPasswordResetEmail(user, context.origin, { waitForDelivery: false });
  return { kind: "accepted" };
}

export type NewPasswordOutcome =
  | { kind: "reset"; userId: number }
  | { kind: "invalid-token" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * PUT /users/password with a valid token: sets the new password, confirms the address (the
 * mail reached its owner) and ends every existing session of the user; the route then signs
 * them in under a new one (`startFreshSession`).
 */
export async function resetPasswordWithToken(input: { token: string; password: string }, clientIp: string): Promise<NewPasswordOutcome> {
  const limits = await checkLimits([[accountMailRateLimits.newPasswordPerIp, clientIp]]);
  if (!limits.allowed) return { kind: "rate-limited", retryAfterSeconds: limits.retryAfterSeconds };
  // Check the link before the costly hash, so junk tokens cost one indexed read.
  if ((await peekUserToken(input.token, "reset_password")) === null) return { kind: "invalid-token" };
  const passwordHash = await hashPassword(input.password);

  const userId = await db()
    .transaction()
    .execute(async (trx) => {
      const owner = await consumeUserToken(input.token, "reset_password", trx);
      if (owner === null) return null;
      const updated = await trx
        .updateTable("users")
        .set({ password_hash: passwordHash, confirmed_at: sql<Date>`coalesce(confirmed_at, now())`, updated_at: new Date() })
        .where("id", "=", owner)
        .where("deactivated_at", "is", null)
        .returning("id")
        .executeTakeFirst();
      if (!updated) return null;
      // What destroyAllSessions does, inside this transaction: the new password and the end of
      // every old session (perhaps an intruder's) take effect together or not at all.
      await trx.deleteFrom("sessions").where("user_id", "=", owner).execute();
      // Any other reset link still in a mailbox dies with the old password.
      await trx
        .updateTable("user_tokens")
        .set({ used_at: sql<Date>`now()` })
        .where("user_id", "=", owner)
        .where("purpose", "=", "reset_password")
        .where("used_at", "is", null)
        .execute();
      return owner;
    });
  if (userId === null) return { kind: "invalid-token" };
  return { kind: "reset", userId };
}
