import { sql } from "kysely";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyPassword } from "~/accounts/password.server";
import { db } from "~/db/db.server";

/** The one answer for a wrong password and an unknown email, so neither is revealed. */
export const INVALID_CREDENTIALS_MESSAGE = "That email and password don't match an account.";

export class InvalidCredentialsError extends Error {
  constructor() {
    super(INVALID_CREDENTIALS_MESSAGE);
    this.name = "InvalidCredentialsError";
  }
}

/** Checks an email and password; the same error, after the same work, whatever is wrong. */
export async function verifyCredentials(email: string, password: string): Promise<{ id: number }> {
  const user = await db()
    .selectFrom("users")
    .select(["id", "password_hash", "deactivated_at"])
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
  const matches = await verifyPassword(user?.password_hash, password);
  if (!user || !matches || user.deactivated_at) throw new InvalidCredentialsError();
  return { id: user.id };
}

/** The address of the requests made up to hand credentials to remix-auth's strategies. */
export const STRATEGY_REQUEST_URL = "http://localhost/users/sign_in";

/** remix-auth with the email-and-password strategy; provider sign-in adds its strategies here. */
export const authenticator = new Authenticator<{ id: number }>();
authenticator.use(
  new FormStrategy(async ({ form }) => verifyCredentials(String(form.get("email") ?? ""), String(form.get("password") ?? ""))),
  "password",
);

/**
 * Runs the password strategy for credentials that arrived as a form or as JSON. remix-auth reads
 * credentials from a Request: this one is made here and never leaves the process, so its
 * address is a placeholder.
 */
export function authenticateWithPassword(email: string, password: string) {
  const credentials = new Request(STRATEGY_REQUEST_URL, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  return authenticator.authenticate("password", credentials);
}
