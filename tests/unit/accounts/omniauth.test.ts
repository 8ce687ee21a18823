import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidProviderTokenError, ProviderUnavailableError } from "~/accounts/omniauth/errors";
import { fakeFacebookProfileLookup, verifyFacebookSignIn, verifySignedRequest } from "~/accounts/omniauth/facebook.server";
import { verifyGoogleIdToken } from "~/accounts/omniauth/google.server";
import { shouldProceedWithGoogleCredential } from "~/accounts/omniauth/one-tap";
import { enabledProviders } from "~/accounts/omniauth/provider-sign-in.server";
import { ConfigError, parseConfig } from "~/config/env.server";
import { facebookSignedRequest, startLocalGoogleKeys } from "../../support/google-keys";

const SECRET = "facebook-app-secret-0123456789abcdef";
const NOW = new Date("2025-03-01T12:00:00Z");
const nowSeconds = Math.floor(NOW.getTime() / 1000);

describe("verifySignedRequest (Facebook)", () => {
  const valid = { algorithm: "HMAC-SHA256", issued_at: nowSeconds - 30, user_id: "1234567890" };
  const check = (signed: string, expectedUserId = "1234567890") => verifySignedRequest(signed, { appSecret: SECRET, expectedUserId, now: NOW });

  it("accepts a fresh request signed with the app secret for the claimed user", async () => {
    expect(check(await facebookSignedRequest(valid, SECRET))).toMatchObject({ user_id: "1234567890" });
  });

  it("accepts a numeric user_id (as some SDK versions send it)", async () => {
    expect(check(await facebookSignedRequest({ ...valid, user_id: 1234567890 }, SECRET)).user_id).toBe("1234567890");
  });

  const refusals: [string, () => Promise<string>, string?][] = [
    [
      "a tampered payload",
      async () => {
        const [signature] = (await facebookSignedRequest(valid, SECRET)).split(".");
        return `${signature}.${Buffer.from(JSON.stringify({ ...valid, user_id: "999" })).toString("base64url")}`;
      },
    ],
    ["a tampered signature", async () => `AAAA${(await facebookSignedRequest(valid, SECRET)).slice(4)}`],
    ["another app's secret", () => facebookSignedRequest(valid, "some-other-app-secret-0123456789")],
    ["another algorithm", () => facebookSignedRequest({ ...valid, algorithm: "HMAC-SHA1" }, SECRET)],
    ["no algorithm", () => facebookSignedRequest({ issued_at: valid.issued_at, user_id: valid.user_id }, SECRET)],
    ["older than 10 minutes", () => facebookSignedRequest({ ...valid, issued_at: nowSeconds - 601 }, SECRET)],
    ["issued far in the future", () => facebookSignedRequest({ ...valid, issued_at: nowSeconds + 3600 }, SECRET)],
    ["a user id other than fb_uid", () => facebookSignedRequest({ ...valid, user_id: "555" }, SECRET)],
    ["no user id", () => facebookSignedRequest({ algorithm: "HMAC-SHA256", issued_at: valid.issued_at }, SECRET)],
    ["a payload that is not JSON", async () => `${"x".repeat(43)}.bm90IGpzb24`],
    ["one part only", async () => "abc"],
    ["three parts", async () => "a.b.c"],
    ["characters outside base64url", async () => "ab+/.cd"],
    ["an oversized request", async () => `${"a".repeat(5000)}.b`],
  ];
  it.each(refusals)("refuses %s", async (_name, make) => {
    const signed = await make();
    expect(() => check(signed)).toThrow(InvalidProviderTokenError);
  });
});

describe("verifyFacebookSignIn", () => {
  const lookup = fakeFacebookProfileLookup({
    "token-of-fiona": { id: "1234567890", email: "fiona@example.test", first_name: "Fiona", last_name: "Book" },
  });
  const signed = () => facebookSignedRequest({ algorithm: "HMAC-SHA256", issued_at: Math.floor(Date.now() / 1000), user_id: "1234567890" }, SECRET);

  it("returns the profile behind the token when it is the signed request's user", async () => {
    const profile = await verifyFacebookSignIn({ signedRequest: await signed(), fbUid: "1234567890", accessToken: "token-of-fiona" }, { appSecret: SECRET }, lookup);
    expect(profile).toEqual({ provider: "facebook", uid: "1234567890", email: "fiona@example.test", first_name: "Fiona", last_name: "Book" });
  });

  it("refuses a token belonging to another Facebook user", async () => {
    const other = fakeFacebookProfileLookup({ "token-of-fiona": { id: "42", email: "x@example.test", first_name: "", last_name: "" } });
    await expect(
      verifyFacebookSignIn({ signedRequest: await signed(), fbUid: "1234567890", accessToken: "token-of-fiona" }, { appSecret: SECRET }, other),
    ).rejects.toThrow(InvalidProviderTokenError);
  });

  it("refuses an unknown token", async () => {
    await expect(
      verifyFacebookSignIn({ signedRequest: await signed(), fbUid: "1234567890", accessToken: "nope" }, { appSecret: SECRET }, lookup),
    ).rejects.toThrow(InvalidProviderTokenError);
  });
});

describe("verifyGoogleIdToken", () => {
  const clientId = "test-client.apps.googleusercontent.com";
  let keys: Awaited<ReturnType<typeof startLocalGoogleKeys>>;
  beforeAll(async () => {
    keys = await startLocalGoogleKeys({ clientId });
  });
  afterAll(async () => {
    await keys?.close();
  });
  const options = () => ({ clientId, jwksUrl: keys.jwksUrl, issuers: ["https://accounts.google.com", "accounts.google.com"] });

  it("accepts a valid token and returns who it is", async () => {
    const profile = await verifyGoogleIdToken(await keys.idToken(), options());
    expect(profile).toEqual({ provider: "google", uid: "google-uid-1", email: "person@example.test", first_name: "Gia", last_name: "Google" });
  });

  it("accepts the issuer without a scheme too", async () => {
    await expect(verifyGoogleIdToken(await keys.idToken({ iss: "accounts.google.com" }), options())).resolves.toMatchObject({ uid: "google-uid-1" });
  });

  const refusals: [string, () => Promise<string>][] = [
    ["another audience", () => keys.idToken({ aud: "someone-else.apps.googleusercontent.com" })],
    ["another issuer", () => keys.idToken({ iss: "https://evil.example" })],
    ["an expired token", () => keys.idToken({}, { expiresIn: Math.floor(Date.now() / 1000) - 3600, issuedAt: Math.floor(Date.now() / 1000) - 7200 })],
    ["a key Google never published (same kid)", async () => keys.idToken({}, { key: await keys.otherKey() })],
    ["a key Google never published (unknown kid)", async () => keys.idToken({}, { key: await keys.otherKey(), kid: "unknown-kid" })],
    ["email_verified false", () => keys.idToken({ email_verified: false })],
    ["email_verified as the string 'true'", () => keys.idToken({ email_verified: "true" })],
    ["no email", () => keys.idToken({ email: undefined })],
    ["garbage", async () => "not.a.token"],
    ["an unsigned token", async () => {
      const payload = (await keys.idToken()).split(".")[1];
      const none = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
      return `${none}.${payload}.`;
    }],
  ];
  it.each(refusals)("refuses %s", async (_name, make) => {
    await expect(verifyGoogleIdToken(await make(), options())).rejects.toThrow(InvalidProviderTokenError);
  });

  it("reports an unreachable key set as the provider being unavailable, not as a bad token", async () => {
    const token = await keys.idToken();
    await expect(verifyGoogleIdToken(token, { ...options(), jwksUrl: "http://127.0.0.1:9/certs" })).rejects.toThrow(ProviderUnavailableError);
  });

  it("reports a key set answering 500 as the provider being unavailable", async () => {
    const token = await keys.idToken();
    keys.setFailing(true);
    try {
      // A fresh URL (a query string) so the cached key set of the other tests is not used.
      await expect(verifyGoogleIdToken(token, { ...options(), jwksUrl: `${keys.jwksUrl}?down=1` })).rejects.toThrow(ProviderUnavailableError);
    } finally {
      keys.setFailing(false);
    }
  });

  it("caches the key set between verifications", async () => {
    await verifyGoogleIdToken(await keys.idToken(), options());
    const before = keys.requests();
    await verifyGoogleIdToken(await keys.idToken({ sub: "another" }), options());
    expect(keys.requests()).toBe(before);
  });
});

describe("shouldProceedWithGoogleCredential (SPEC §5)", () => {
  const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";
  const cases: [string, unknown, boolean][] = [
    ["a credential", { credential: jwt, select_by: "auto" }, true],
    ["no credential (dismissed prompt)", { select_by: "user" }, false],
    ["an empty credential", { credential: "" }, false],
    ["a blank credential", { credential: "   " }, false],
    ["a credential that is not a JWT", { credential: "abc" }, false],
    ["a non-string credential", { credential: 42 }, false],
    ["null", null, false],
    ["undefined", undefined, false],
    ["a string", jwt, false],
    ["an oversized credential", { credential: `${"a".repeat(9000)}.b.c` }, false],
  ];
  it.each(cases)("%s → %s", (_name, response, expected) => {
    expect(shouldProceedWithGoogleCredential(response)).toBe(expected);
  });
});

describe("provider configuration", () => {
  it("defaults to Google's published keys and both issuer spellings, with providers off", () => {
    const config = parseConfig({});
    expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(config.GOOGLE_JWKS_URL).toBe("https://www.googleapis.com/oauth2/v3/certs");
    expect(config.GOOGLE_ISSUERS).toEqual(["https://accounts.google.com", "accounts.google.com"]);
    expect(config.FACEBOOK_APP_SECRET).toBeUndefined();
  });

  it("reads a list of issuers and a local key set", () => {
    const config = parseConfig({ GOOGLE_ISSUERS: " a , b ", GOOGLE_JWKS_URL: "http://127.0.0.1:1234/certs" });
    expect(config.GOOGLE_ISSUERS).toEqual(["a", "b"]);
    expect(config.GOOGLE_JWKS_URL).toBe("http://127.0.0.1:1234/certs");
  });

  it.each([
    [{}, []],
    [{ GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com" }, ["google"]],
    [{ FACEBOOK_APP_ID: "123" }, []],
    [{ FACEBOOK_APP_ID: "123", FACEBOOK_APP_SECRET: "s".repeat(32) }, ["facebook"]],
    [{ GOOGLE_CLIENT_ID: "id", FACEBOOK_APP_ID: "123", FACEBOOK_APP_SECRET: "s".repeat(32) }, ["google", "facebook"]],
  ])("enables providers only when configured: %j → %j", (env, expected) => {
    expect(enabledProviders(parseConfig(env))).toEqual(expected);
  });

  it("never echoes the Facebook app secret in a config error", () => {
    let error: unknown;
    try {
      parseConfig({ FACEBOOK_APP_SECRET: "short-secret", FACEBOOK_APP_ID: "abc", GOOGLE_JWKS_URL: "ftp://x" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("FACEBOOK_APP_SECRET");
    expect(message).not.toContain("short-secret");
    expect(message).toContain("FACEBOOK_APP_ID");
    expect(message).toContain("GOOGLE_JWKS_URL");
  });
});
