import { sql } from "kysely";
import { recordUserChange, type AuditedRequest } from "~/accounts/audit.server";
import { accountMailRateLimits, checkLimits } from "~/accounts/account-mail-limits.server";
import { findActiveAccountByEmail, type MailRecipient } from "~/accounts/password-reset.server";
import { consumeUserToken, createUserToken, TOKEN_LIFETIME_MS, tokenOwner } from "~/accounts/user-tokens.server";
import { db } from "~/db/db.server";
import { mailLink } from "~/mail/links.server";
import { sendMail, type SentMail } from "~/mail/mailer.server";
import { confirmationMail } from "~/mail/templates";

/** Where the mailed link leads. */
export const CONFIRMATION_PATH = "/users/confirmation";

/**
 * Mails a confirmation link (older links stop working) to the site at `origin`. Sign-up calls
 * this for every new account. Returns null, sending nothing, when the user is already confirmed.
 */
export async function sendConfirmationEmail(
  user: MailRecipient & { confirmed_at?: Date | null },
  origin: string,
  options: { waitForDelivery?: boolean } = {},
): Promise<SentMail | null> {
  if (user.confirmed_at) return null;
  const token = await createUserToken(user.id, "confirm_email");
  const content = confirmationMail({
    name: user.first_name,
    url: mailLink(CONFIRMATION_PATH, { confirmation_token: token }, origin),
    validForDays: TOKEN_LIFETIME_MS.confirm_email / 86_400_000,
  });
  return sendMail({ to: user.email, ...content, kind: "confirmation" }, options);
}

export type ConfirmOutcome =
  | { kind: "confirmed"; userId: number }
  /** The link was used before (or superseded) and its owner is confirmed: nothing left to do. */
  | { kind: "already-confirmed"; userId: number }
  | { kind: "invalid" };

/** GET /users/confirmation?confirmation_token=…: uses the token up and confirms its owner. */
export async function confirmEmailWithToken(token: unknown): Promise<ConfirmOutcome> {
  const userId = await db()
    .transaction()
    .execute(async (trx) => {
      const owner = await consumeUserToken(token, "confirm_email", trx);
      if (owner === null) return null;
      await trx
        .updateTable("users")
        .set({ confirmed_at: sql<Date>`coalesce(confirmed_at, now())`, updated_at: new Date() })
        .where("id", "=", owner)
        .execute();
      return owner;
    });
  if (userId !== null) return { kind: "confirmed", userId };
  // Mail scanners and second clicks open links twice; tell a confirmed owner so instead of "invalid".
  const owner = await tokenOwner(token, "confirm_email");
  if (owner !== null) {
    const user = await db().selectFrom("users").select("confirmed_at").where("id", "=", owner).executeTakeFirst();
    if (user?.confirmed_at) return { kind: "already-confirmed", userId: owner };
  }
  return { kind: "invalid" };
}

export type ResendOutcome = { kind: "accepted" } | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * GET /users/confirmations/resend_instructions?email=: mails a new link when the address has
 * an unconfirmed account; the outcome is the same for every address.
 */
export async function resendConfirmationInstructions(email: string, context: { origin: string; clientIp: string }): Promise<ResendOutcome> {
  const normalized = email.trim().toLowerCase();
  const limits = await checkLimits([
    [accountMailRateLimits.confirmationPerIp, context.clientIp],
    [accountMailRateLimits.confirmationPerEmail, normalized],
  ]);
  if (!limits.allowed) return { kind: "rate-limited", retryAfterSeconds: limits.retryAfterSeconds };
  const user = await findActiveAccountByEmail(normalized);
  if (user && !user.confirmed_at) await sendConfirmationEmail(user, context.origin, { waitForDelivery: false });
  return { kind: "accepted" };
}

/**
 * An admin confirms a user by hand (PATCH /api/v1/users/{id}/confirm). Returns false for an
 * unknown user. Confirming someone else's address goes to audit_events with `actorId`.
 */
export async function confirmUser(userId: number, options: { actorId?: number; request?: AuditedRequest } = {}): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const found = await trx.selectFrom("users").select(["id", "confirmed_at"]).where("id", "=", userId).forUpdate().executeTakeFirst();
      if (!found) return false;
      if (found.confirmed_at) return true;
      await trx.updateTable("users").set({ confirmed_at: sql<Date>`now()`, updated_at: new Date() }).where("id", "=", userId).execute();
      if (options.actorId !== undefined) {
        await recordUserChange({ actorId: options.actorId, targetId: userId, fields: ["confirmed_at"], request: options.request }, trx);
      }
      return true;
    });
}
