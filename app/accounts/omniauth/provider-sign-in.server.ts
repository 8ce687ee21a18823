import { sql } from "kysely";
import { Strategy } from "remix-auth/strategy";
import { findPublicUser } from "~/accounts/profile.server";
import type { PublicUser } from "~/accounts/public-user";
import { homePath } from "~/accounts/roles";
import { destroyAllSessions } from "~/accounts/session.server";
import { authenticator, STRATEGY_REQUEST_URL } from "~/accounts/sign-in.server";
import { config } from "~/config/env.server";
import { db } from "~/db/db.server";
import { attributeNewAccount } from "~/programs/referrals.server";
import { hitRateLimit, type RateLimitRule } from "~/security/rate-limit.server";
import { safeRedirectPath } from "~/security/safe-redirect";
import { InvalidProviderTokenError, type ProviderProfile } from "./errors";
import { verifyFacebookSignIn } from "./facebook.server";
import { verifyGoogleIdToken } from "./google.server";

export type Provider = "google" | "facebook";
export type SignupRole = "student" | "teacher";

/** What the client sent, already shape-checked by the route. */
export type ProviderCredentials =
  | { provider: "google"; token: string }
  | { provider: "facebook"; token: string; signed_request: string; fb_uid: string };

/** Every attempt counts (valid or not): verifying costs a key lookup and a database round trip. */
export const omniauthRateLimit: RateLimitRule = { name: "omniauth:ip", limit: 30, windowSeconds: 300 };

/** The account could not be used (deactivated) or made (no email from the provider). */
export class ProviderAccountError extends Error {
  constructor(
    readonly code: "account_deactivated" | "email_required",
    message: string,
  ) {
    super(message);
    this.name = "ProviderAccountError";
  }
}

/** The provider is not configured here: 400 `invalid_provider`, as for an unknown name. */
export class ProviderNotEnabledError extends Error {
  constructor(readonly provider: string) {
    super(`Sign-in with ${provider} is not available.`);
    this.name = "ProviderNotEnabledError";
  }
}

/** Which providers this deployment can verify (Google needs a client id; Facebook an app id and secret). */
export function enabledProviders(env = config()): Provider[] {
  return [
    ...(env.GOOGLE_CLIENT_ID ? (["google"] as const) : []),
    ...(env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET ? (["facebook"] as const) : []),
  ];
}

/** Checks the provider's token and returns who the provider says this is. */
export async function verifyProviderCredentials(credentials: ProviderCredentials): Promise<ProviderProfile> {
  const env = config();
  if (!enabledProviders(env).includes(credentials.provider)) throw new ProviderNotEnabledError(credentials.provider);
  if (credentials.provider === "google") {
    return verifyGoogleIdToken(credentials.token, { clientId: env.GOOGLE_CLIENT_ID!, jwksUrl: env.GOOGLE_JWKS_URL, issuers: env.GOOGLE_ISSUERS });
  }
  return verifyFacebookSignIn(
    { signedRequest: credentials.signed_request, fbUid: credentials.fb_uid, accessToken: credentials.token },
    { appSecret: env.FACEBOOK_APP_SECRET! },
  );
}

export interface ProviderAccount {
  id: number;
  isNew: boolean;
}

/**
 * Finds the account for a provider identity, in this order:
 *   1. an identity already linked (provider, provider_uid);
 *   2. an account with the same email (case-insensitive), then linked. Only a provider-verified
 *      email gets here (Google refuses unverified ones; Facebook returns only confirmed ones).
 *      If that account never confirmed its email, whoever made it never proved they own the
 *      address (it may be a squatter waiting for the owner): its password is cleared and its
 *      sessions ended, so only the address's real owner — who just proved it — keeps access;
 *   3. a new account, confirmed now (the provider verified the email), student or teacher by
 *      signup_role as in sign-up.
 * Deactivated accounts are refused, whichever way they were found.
 */
export async function findOrCreateProviderAccount(profile: ProviderProfile, signupRole: SignupRole): Promise<ProviderAccount> {
  const linked = await db()
    .selectFrom("user_identities")
    .innerJoin("users", "users.id", "user_identities.user_id")
    .select(["users.id", "users.deactivated_at"])
    .where("user_identities.provider", "=", profile.provider)
    .where("user_identities.provider_uid", "=", profile.uid)
    .executeTakeFirst();
  if (linked) {
    refuseDeactivated(linked);
    return { id: linked.id, isNew: false };
  }

  if (!profile.email) {
    throw new ProviderAccountError("email_required", "Your account didn't share an email address with us. Allow access to your email and try again.");
  }
  const email = profile.email.trim();
  const existing = await findByEmail(email);
  if (existing) {
    refuseDeactivated(existing);
    if (!existing.confirmed_at) {
      await db().updateTable("users").set({ confirmed_at: new Date(), password_hash: null }).where("id", "=", existing.id).execute();
      await destroyAllSessions(existing.id);
    }
    await linkIdentity(profile, existing.id);
    return { id: existing.id, isNew: false };
  }

  const isTeacher = signupRole === "teacher";
  const created = await db()
    .insertInto("users")
    .values({
      email,
      password_hash: null,
      first_name: profile.first_name.slice(0, 80),
      last_name: profile.last_name.slice(0, 80),
      roles: isTeacher ? ["teacher"] : [],
      user_type: isTeacher ? "educator" : "student",
      confirmed_at: new Date(),
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!created) {
    // Someone made the account with this email a moment ago (a double click): use that one.
    const raced = await findByEmail(email);
    if (!raced) throw new Error("account vanished while signing in with a provider");
    refuseDeactivated(raced);
    await linkIdentity(profile, raced.id);
    return { id: raced.id, isNew: false };
  }
  await linkIdentity(profile, created.id);
  return { id: created.id, isNew: true };
}

function findByEmail(email: string) {
  return db()
    .selectFrom("users")
    .select(["id", "deactivated_at", "confirmed_at"])
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
}

function refuseDeactivated(user: { deactivated_at: Date | null }) {
  if (user.deactivated_at) throw new ProviderAccountError("account_deactivated", "This account has been deactivated.");
}

async function linkIdentity(profile: ProviderProfile, userId: number) {
  await db()
    .insertInto("user_identities")
    .values({ provider: profile.provider, provider_uid: profile.uid, user_id: userId })
    .onConflict((oc) => oc.columns(["provider", "provider_uid"]).doNothing())
    .execute();
}

/**
 * remix-auth strategy for a provider token: reads the credentials from the request
 * `signInWithProvider` makes up for it (remix-auth's API takes a Request), verifies them with
 * the provider, then lets the verify callback find or create the account. Registered on the
 * same authenticator as the password strategy.
 */
class ProviderTokenStrategy extends Strategy<ProviderAccount, { profile: ProviderProfile; signupRole: SignupRole }> {
  constructor(
    readonly name: Provider,
    verify: Strategy.VerifyFunction<ProviderAccount, { profile: ProviderProfile; signupRole: SignupRole }>,
  ) {
    super(verify);
  }

  async authenticate(request: Request): Promise<ProviderAccount> {
    const { credentials, signupRole } = (await request.json()) as { credentials: ProviderCredentials; signupRole: SignupRole };
    if (credentials.provider !== this.name) throw new InvalidProviderTokenError("provider mismatch");
    const profile = await verifyProviderCredentials(credentials);
    return this.verify({ profile, signupRole });
  }
}

// Map-backed: registering again (a module evaluated twice in development) replaces, never duplicates.
for (const provider of ["google", "facebook"] as const) {
  authenticator.use(new ProviderTokenStrategy(provider, ({ profile, signupRole }) => findOrCreateProviderAccount(profile, signupRole)), provider);
}

export type ProviderSignInOutcome =
  | { kind: "signed-in"; user: PublicUser; isNew: boolean; redirectTo: string }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * Signs a person in with a provider token: rate limit per address, verify, find or create the
 * account (a new one is credited to whoever referred it: `referralCode` is the invite link's
 * code this browser remembers). The route then starts a fresh session (any current one ends)
 * and goes to `redirectTo`, judged against the site's `origin`. Errors (invalid token, provider
 * down, deactivated account) are thrown for the route to answer.
 */
export async function signInWithProvider(
  input: { credentials: ProviderCredentials; signupRole: SignupRole; redirectTo?: string },
  context: { origin: string; clientIp: string; referralCode?: string },
): Promise<ProviderSignInOutcome> {
  const limit = await hitRateLimit(omniauthRateLimit, context.clientIp);
  if (!limit.allowed) return { kind: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };

  // remix-auth strategies read a Request: hand them one carrying just the checked credentials.
  const strategyRequest = new Request(STRATEGY_REQUEST_URL, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ credentials: input.credentials, signupRole: input.signupRole }),
  });
  const account = (await authenticator.authenticate(input.credentials.provider, strategyRequest)) as ProviderAccount;

  const user = await findPublicUser(account.id);
  if (!user) throw new Error("account vanished while signing in with a provider");
  if (account.isNew) await attributeNewAccount(user, context.referralCode);
  const isNewTeacher = account.isNew && user.roles.includes("teacher");
  // SPEC §4: the requested path, or / for a new teacher, else the home path.
  const fallback = isNewTeacher ? "/" : homePath({ id: user.id, roles: user.roles, userType: user.user_type });
  return { kind: "signed-in", user, isNew: account.isNew, redirectTo: safeRedirectPath(input.redirectTo, context.origin, fallback) };
}
