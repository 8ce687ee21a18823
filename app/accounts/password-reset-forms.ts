import { z } from "zod";
import { emailField } from "~/accounts/forms";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/accounts/password-rules";

/**
 * Schemas of the password-reset and confirmation forms, used by the server (always) and the
 * browser (when JavaScript runs), plus the small rules around them. Pure.
 */
const email = emailField;

/** POST /users/password: ask for a reset link. */
export const passwordResetRequestSchema = z.object({ email });

/** GET /users/confirmations/resend_instructions and the resend form: ask for a new confirmation link. */
export const confirmationResendSchema = z.object({ email });

export const PASSWORD_MISMATCH_MESSAGE = "The two passwords don't match";

/** PUT /users/password: choose a new password with the mailed token. */
export const newPasswordSchema = z
  .object({
    reset_password_token: z.string({ error: "The reset link is incomplete" }).min(1, "The reset link is incomplete").max(200),
    password: z
      .string({ error: "Choose a new password" })
      .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
    password_confirmation: z.string({ error: "Type the new password again" }).max(PASSWORD_MAX_LENGTH),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ["password_confirmation"],
    message: PASSWORD_MISMATCH_MESSAGE,
  });

export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/** Said for every reset request, whether or not the address has an account (never reveal which). */
export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that email address, we've sent a link to reset its password. It works for 2 hours.";
export const RESEND_CONFIRMATION_MESSAGE =
  "If an unconfirmed account exists for that email address, we've sent it a new confirmation link.";
export const INVALID_RESET_TOKEN_MESSAGE =
  "This password reset link is invalid, has expired or has already been used. Request a new one below.";
export const INVALID_CONFIRMATION_TOKEN_MESSAGE =
  "This confirmation link is invalid or has expired. Enter your email address to get a new one.";

/** What a request to /users/password asks for: a reset link (POST) or a new password (PUT). */
export type PasswordRouteIntent = "request-reset" | "set-password" | "unsupported";

/**
 * HTML forms can only POST, so the new-password form sends `_method=put` (Rails' convention);
 * JSON clients send a real PUT. Any other method or override is refused.
 */
export function passwordRouteIntent(method: string, methodOverride: unknown): PasswordRouteIntent {
  const verb = method.toUpperCase();
  const override = typeof methodOverride === "string" ? methodOverride.trim().toUpperCase() : "";
  if (verb === "PUT" || verb === "PATCH") return "set-password";
  if (verb !== "POST") return "unsupported";
  if (override === "") return "request-reset";
  if (override === "PUT" || override === "PATCH") return "set-password";
  return "unsupported";
}

const RAILS_USER_FIELD = /^user(?:\[([A-Za-z_]\w*)\]|\.([A-Za-z_]\w*))$/;
const PLAIN_FIELD = /^[A-Za-z_]\w*$/;

/**
 * Turns a submitted form into the flat fields the schemas read: `user[email]` (Rails-style
 * clients) and `user.email` both become `email`. Fields with any other shape are dropped, both
 * because no schema wants them and because the form parser throws on some of them (`a[b`).
 */
export function flattenUserFields(form: FormData): FormData {
  const flat = new FormData();
  for (const [name, value] of form) {
    const nested = RAILS_USER_FIELD.exec(name);
    const field = nested ? (nested[1] ?? nested[2])! : PLAIN_FIELD.test(name) ? name : null;
    if (field !== null && typeof value === "string") flat.append(field, value);
  }
  return flat;
}
