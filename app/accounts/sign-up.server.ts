import { sql } from "kysely";
import type { SignUpInput } from "~/accounts/forms";
import { onboardingHref } from "~/accounts/onboarding";
import { hashPassword } from "~/accounts/password.server";
import { publicUser, type PublicUser } from "~/accounts/public-user";
import { homePath } from "~/accounts/roles";
import { sendConfirmationEmail } from "~/accounts/confirmation.server";
import { config } from "~/config/env.server";
import { db } from "~/db/db.server";
import { attributeNewAccount } from "~/programs/referrals.server";
import { hitRateLimit, type RateLimitRule } from "~/security/rate-limit.server";
import { safeRedirectPath } from "~/security/safe-redirect";

export function signUpRateLimit(): RateLimitRule {
  return { name: "sign-up:ip", limit: config().SIGN_UP_LIMIT_PER_ADDRESS, windowSeconds: 3600 };
}
export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists. Log in, or reset your password.";

export type SignUpOutcome =
  | { kind: "created"; user: PublicUser; redirectTo: string }
  | { kind: "email-taken" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * Creates an account (a student unless signing up from the educators page as a teacher),
 * credits whoever referred it (`referralCode`: the invite link's code remembered in this
 * browser) and mails a confirmation link to the site at `origin`. The route then signs the new
 * user in (`startFreshSession`) and goes to `redirectTo`.
 */
export async function signUp(input: SignUpInput, context: { origin: string; clientIp: string; referralCode?: string }): Promise<SignUpOutcome> {
  const limit = await hitRateLimit(signUpRateLimit(), context.clientIp);
  if (!limit.allowed) return { kind: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };

  const isTeacher = input.signup_role === "teacher";
  const passwordHash = await hashPassword(input.password);
  const created = await db()
    .insertInto("users")
    .values({
      email: input.email,
      password_hash: passwordHash,
      first_name: input.first_name,
      last_name: input.last_name,
      roles: isTeacher ? ["teacher"] : [],
      user_type: isTeacher ? "educator" : "student",
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!created) return { kind: "email-taken" };
  await attributeNewAccount(created, context.referralCode);

  await sendConfirmationEmail(created, context.origin);
  // SPEC §4: after sign-up the page goes to the requested path, or to / for a new teacher. A new
  // student first goes through onboarding (their profile, SPEC §5), which then goes on there.
  const fallback = isTeacher ? "/" : homePath({ id: created.id, roles: created.roles, userType: created.user_type });
  const destination = safeRedirectPath(input.redirect_to, context.origin, fallback);
  return { kind: "created", user: publicUser(created), redirectTo: isTeacher ? destination : onboardingHref(destination) };
}
