import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/accounts/password-rules";

/** Form schemas shared by the server (always) and the browser (when JavaScript runs). */
export const emailField = z
  .string({ error: "Enter your email address" })
  .trim()
  .min(1, "Enter your email address")
  .max(254, "That email address is too long")
  .pipe(z.email({ error: "Enter a valid email address" }));

export const signInSchema = z.object({
  email: emailField,
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(PASSWORD_MAX_LENGTH, "That password is too long"),
  remember_me: z.boolean().optional().default(false),
  redirect_to: z.string().max(2048).optional(),
});

export const SIGNUP_ROLES = ["student", "teacher"] as const;

export const signUpSchema = z.object({
  first_name: z.string({ error: "Enter your first name" }).trim().min(1, "Enter your first name").max(80, "That name is too long"),
  last_name: z.string({ error: "Enter your last name" }).trim().min(1, "Enter your last name").max(80, "That name is too long"),
  email: emailField,
  password: z
    .string({ error: "Choose a password" })
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
  signup_role: z.enum(SIGNUP_ROLES).optional().default("student"),
  product: z.enum(["mcat", "lsat"]).optional(),
  redirect_to: z.string().max(2048).optional(),
});

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
