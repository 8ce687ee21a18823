import { createHmac, timingSafeEqual } from "node:crypto";
import { singleton, resetSingleton } from "~/utils/singleton.server";
import { InvalidProviderTokenError, ProviderUnavailableError, type ProviderProfile } from "./errors";

/**
 * Facebook sign-in. The browser SDK hands the page a `signed_request` (signed with our app
 * secret, so it proves Facebook authenticated this person *for our app*) and a user access
 * token. The signed request carries the user id but no email, so the email is looked up with the
 * token through the Graph API behind the `FacebookProfileLookup` seam: production uses the Graph
 * API adapter; tests install a fake (there is no network in the test environment). An email
 * sent in the request body is never trusted: it would let anyone claim any account.
 */

/** A signed request older than this is refused, so a leaked one cannot be replayed for long. */
export const SIGNED_REQUEST_MAX_AGE_SECONDS = 10 * 60;
const MAX_SIGNED_REQUEST_LENGTH = 4096;

export interface SignedRequestPayload {
  algorithm: string;
  issued_at: number;
  user_id: string;
}

/**
 * Pure: checks a signed_request (`<base64url HMAC-SHA256 signature>.<base64url JSON payload>`)
 * against the app secret, its algorithm, its age and the Facebook user id the client claims.
 * Throws InvalidProviderTokenError naming what is wrong (the reason is for logs, not users).
 */
export function verifySignedRequest(
  signedRequest: string,
  options: { appSecret: string; expectedUserId: string; now?: Date; maxAgeSeconds?: number },
): SignedRequestPayload {
  if (signedRequest.length > MAX_SIGNED_REQUEST_LENGTH) throw new InvalidProviderTokenError("signed_request too long");
  const parts = signedRequest.split(".");
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw new InvalidProviderTokenError("malformed signed_request");
  const [encodedSignature, encodedPayload] = parts as [string, string];
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(encodedSignature) || !/^[A-Za-z0-9_-]+={0,2}$/.test(encodedPayload)) {
    throw new InvalidProviderTokenError("signed_request is not base64url");
  }

  // Facebook signs the still-encoded payload; compare in constant time so the signature cannot be guessed byte by byte.
  const expected = createHmac("sha256", options.appSecret).update(encodedPayload).digest();
  const presented = Buffer.from(encodedSignature, "base64url");
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
    throw new InvalidProviderTokenError("bad signature");
  }

  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(encodedPayload, "base64url").toString("utf8"));
  } catch {
    throw new InvalidProviderTokenError("payload is not JSON");
  }
  if (typeof payload !== "object" || payload === null) throw new InvalidProviderTokenError("payload is not an object");
  const { algorithm, issued_at, user_id } = payload as Record<string, unknown>;
  // Checked after the signature too: a payload naming another algorithm was not made the way we verify.
  if (typeof algorithm !== "string" || algorithm.toUpperCase() !== "HMAC-SHA256") throw new InvalidProviderTokenError("unexpected algorithm");
  if (typeof issued_at !== "number" || !Number.isFinite(issued_at)) throw new InvalidProviderTokenError("no issued_at");
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const age = nowSeconds - issued_at;
  // A little clock skew is tolerated in the future direction; anything further is not genuine.
  if (age > (options.maxAgeSeconds ?? SIGNED_REQUEST_MAX_AGE_SECONDS) || age < -60) throw new InvalidProviderTokenError("signed_request expired");
  const userId = typeof user_id === "number" ? String(user_id) : user_id;
  if (typeof userId !== "string" || !userId) throw new InvalidProviderTokenError("no user_id");
  if (userId !== options.expectedUserId) throw new InvalidProviderTokenError("user_id does not match fb_uid");
  return { algorithm, issued_at, user_id: userId };
}

/** Who a Facebook user access token belongs to, with the email Facebook has confirmed (if shared). */
export interface FacebookProfile {
  id: string;
  email: string | null;
  first_name: string;
  last_name: string;
}

/** The seam between sign-in and Facebook's Graph API. */
export interface FacebookProfileLookup {
  profile(accessToken: string, config: { appSecret: string }): Promise<FacebookProfile>;
}

const GRAPH_API_ME = "https://graph.facebook.com/v19.0/me";

/**
 * Production adapter: GET /me with the user's token. `appsecret_proof` (HMAC of the token with
 * the app secret) makes Facebook refuse tokens not issued to our app when "Require App Secret"
 * is on. Facebook only returns emails it has confirmed. Not exercised in tests (no network).
 */
export const graphApiProfileLookup: FacebookProfileLookup = {
  async profile(accessToken, { appSecret }) {
    const url = new URL(GRAPH_API_ME);
    url.searchParams.set("fields", "id,email,first_name,last_name");
    url.searchParams.set("access_token", accessToken);
    url.searchParams.set("appsecret_proof", createHmac("sha256", appSecret).update(accessToken).digest("hex"));
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    } catch (error) {
      throw new ProviderUnavailableError("facebook", { cause: error });
    }
    // Facebook answers 400/401 for a bad or expired token; 5xx means Facebook is having trouble.
    if (response.status >= 500) throw new ProviderUnavailableError("facebook");
    if (!response.ok) throw new InvalidProviderTokenError("Graph API refused the access token");
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body.id !== "string") throw new InvalidProviderTokenError("Graph API gave no user id");
    return {
      id: body.id,
      email: typeof body.email === "string" ? body.email : null,
      first_name: typeof body.first_name === "string" ? body.first_name : "",
      last_name: typeof body.last_name === "string" ? body.last_name : "",
    };
  },
};

const LOOKUP_KEY = "facebook-profile-lookup";

/** The lookup in use: a process-wide singleton so tests can swap it in the built server too. */
export function facebookProfileLookup(): FacebookProfileLookup {
  return singleton<FacebookProfileLookup>(LOOKUP_KEY, () => graphApiProfileLookup);
}

/** Test seam: installs another lookup (or the Graph API one again with no argument). */
export function useFacebookProfileLookup(lookup?: FacebookProfileLookup) {
  resetSingleton(LOOKUP_KEY);
  if (lookup) singleton(LOOKUP_KEY, () => lookup);
}

/** A lookup answering from a fixed table of tokens, for tests. */
export function fakeFacebookProfileLookup(profiles: Record<string, FacebookProfile>): FacebookProfileLookup {
  return {
    async profile(accessToken) {
      const found = Object.hasOwn(profiles, accessToken) ? profiles[accessToken] : undefined;
      if (!found) throw new InvalidProviderTokenError("unknown access token");
      return found;
    },
  };
}

/**
 * Verifies a Facebook sign-in: the signed request (our app, this user, recently), then the
 * profile behind the access token, which must be the same Facebook user.
 */
export async function verifyFacebookSignIn(
  input: { signedRequest: string; fbUid: string; accessToken: string },
  config: { appSecret: string },
  lookup: FacebookProfileLookup = facebookProfileLookup(),
): Promise<ProviderProfile> {
  const payload = verifySignedRequest(input.signedRequest, { appSecret: config.appSecret, expectedUserId: input.fbUid });
  const profile = await lookup.profile(input.accessToken, config);
  if (profile.id !== payload.user_id) throw new InvalidProviderTokenError("access token belongs to another user");
  return {
    provider: "facebook",
    uid: payload.user_id,
    email: profile.email,
    first_name: profile.first_name,
    last_name: profile.last_name,
  };
}
