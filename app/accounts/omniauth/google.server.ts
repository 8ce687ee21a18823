import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { singleton } from "~/utils/singleton.server";
import { InvalidProviderTokenError, ProviderUnavailableError, type ProviderProfile } from "./errors";

/**
 * Google sign-in: the browser gets an ID token (a JWT signed by Google) from Google's button or
 * one-tap prompt; we verify it against Google's published keys (GOOGLE_JWKS_URL; tests serve a
 * local key set) and trust only what it says about a verified email.
 */

export interface GoogleVerifyOptions {
  clientId: string;
  jwksUrl: string;
  issuers: readonly string[];
  /** For tests: the clock to judge `exp` by. */
  currentDate?: Date;
}

/** ID tokens are a few hundred bytes; anything huge is refused before any parsing. */
const MAX_ID_TOKEN_LENGTH = 8192;

/**
 * One key set per URL for the process: jose caches the keys, refetches on an unknown `kid`
 * (Google rotates keys) no more than every 30 s, and gives up on a fetch after 5 s.
 */
function remoteKeySet(url: string): JWTVerifyGetKey {
  const sets = singleton("google-jwks", () => new Map<string, JWTVerifyGetKey>());
  let set = sets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    sets.set(url, set);
  }
  return set;
}

/**
 * Reaching the key set is Google's problem, not the token's: every failure to fetch or read it
 * becomes ProviderUnavailableError (502). A token naming a key the set lacks is the token's fault.
 */
function keysOrUnavailable(url: string): JWTVerifyGetKey {
  const keys = remoteKeySet(url);
  return async (header, token) => {
    try {
      return await keys(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      throw new ProviderUnavailableError("google", { cause: error });
    }
  };
}

/** Verifies a Google ID token; throws InvalidProviderTokenError or ProviderUnavailableError. */
export async function verifyGoogleIdToken(idToken: string, options: GoogleVerifyOptions): Promise<ProviderProfile> {
  if (!idToken || idToken.length > MAX_ID_TOKEN_LENGTH) throw new InvalidProviderTokenError("token missing or too long");
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, keysOrUnavailable(options.jwksUrl), {
      // Google signs ID tokens with RS256 only; accepting other algorithms only widens the attack surface.
      algorithms: ["RS256"],
      audience: options.clientId,
      issuer: [...options.issuers],
      requiredClaims: ["sub", "exp", "iat"],
      currentDate: options.currentDate,
      // A little clock skew between us and Google is normal.
      clockTolerance: 60,
    }));
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw error;
    if (error instanceof errors.JOSEError) throw new InvalidProviderTokenError(error.code);
    throw error;
  }
  // Only a verified address may find or create an account: an unverified one could be anybody's.
  if (payload.email_verified !== true) throw new InvalidProviderTokenError("email not verified");
  if (typeof payload.sub !== "string" || !payload.sub) throw new InvalidProviderTokenError("no subject");
  if (typeof payload.email !== "string" || !payload.email.includes("@")) throw new InvalidProviderTokenError("no email");
  return {
    provider: "google",
    uid: payload.sub,
    email: payload.email,
    first_name: typeof payload.given_name === "string" ? payload.given_name : "",
    last_name: typeof payload.family_name === "string" ? payload.family_name : "",
  };
}
