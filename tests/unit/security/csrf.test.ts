import { describe, expect, it } from "vitest";
import {
  CSRF_COOKIE,
  CSRF_FIELD,
  CSRF_HEADER,
  csrfCookieValue,
  csrfTokensMatch,
  freshCsrfToken,
  isMutatingMethod,
  newCsrfToken,
  serializeCsrfCookie,
  tokenFromCsrfCookie,
} from "~/security/csrf.server";

const secret = "test-secret-test-secret-test-secret-00";
const otherSecret = "another-secret-another-secret-another-1";

describe("names", () => {
  it.each([
    [CSRF_COOKIE, "csrf_token"],
    [CSRF_HEADER, "x-csrf-token"],
    [CSRF_FIELD, "csrf_token"],
  ])("%s", (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe("newCsrfToken", () => {
  it("is 24 random bytes in base64url (32 characters, no padding, no dots)", () => {
    const token = newCsrfToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(24);
  });

  it("is different every time", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newCsrfToken()));
    expect(tokens.size).toBe(200);
  });
});

describe("freshCsrfToken", () => {
  it("is the same for one session and secret, and like a random token (32 base64url characters)", () => {
    const token = freshCsrfToken("session-abc", secret);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(freshCsrfToken("session-abc", secret)).toBe(token);
  });

  it("differs by session and by secret, and says nothing of the session", () => {
    const token = freshCsrfToken("session-abc", secret);
    expect(freshCsrfToken("session-abd", secret)).not.toBe(token);
    expect(freshCsrfToken("session-abc", otherSecret)).not.toBe(token);
    expect(token).not.toContain("session");
  });

  it("is random for a guest", () => {
    const tokens = new Set(Array.from({ length: 50 }, () => freshCsrfToken(undefined, secret)));
    expect(tokens.size).toBe(50);
  });
});

describe("csrfCookieValue", () => {
  it("is the token, a dot and a base64url signature", () => {
    const value = csrfCookieValue("abc", secret);
    expect(value).toMatch(/^abc\.[A-Za-z0-9_-]{43}$/);
  });

  it("is deterministic for a token and secret", () => {
    expect(csrfCookieValue("abc", secret)).toBe(csrfCookieValue("abc", secret));
  });

  it("signs differently with a different secret", () => {
    expect(csrfCookieValue("abc", secret)).not.toBe(csrfCookieValue("abc", otherSecret));
  });

  it("signs different tokens differently", () => {
    const signature = (token: string) => csrfCookieValue(token, secret).split(".").at(-1);
    expect(signature("abc")).not.toBe(signature("abd"));
  });
});

describe("tokenFromCsrfCookie", () => {
  it("round-trips a fresh token through the cookie value", () => {
    const token = newCsrfToken();
    expect(tokenFromCsrfCookie(csrfCookieValue(token, secret), secret)).toBe(token);
  });

  it.each(["abc", "a.b.c", "token-with_dashes", "ünïcødé", "x".repeat(500)])("round-trips the token %j", (token) => {
    expect(tokenFromCsrfCookie(csrfCookieValue(token, secret), secret)).toBe(token);
  });

  it("round-trips many random tokens", () => {
    for (let i = 0; i < 50; i++) {
      const token = newCsrfToken();
      expect(tokenFromCsrfCookie(csrfCookieValue(token, secret), secret)).toBe(token);
    }
  });

  const token = "known-token-value";
  const valid = csrfCookieValue(token, secret);
  const [validToken, validSignature] = [valid.slice(0, valid.lastIndexOf(".")), valid.slice(valid.lastIndexOf(".") + 1)];
  const flip = (text: string, index: number) => text.slice(0, index) + (text[index] === "A" ? "B" : "A") + text.slice(index + 1);

  it.each<[string, string | undefined, string]>([
    ["undefined", undefined, secret],
    ["an empty value", "", secret],
    ["a value without a dot", `${validToken}${validSignature}`, secret],
    ["a bare token", token, secret],
    ["a value starting with the dot (empty token)", `.${validSignature}`, secret],
    ["an empty token signed properly", csrfCookieValue("", secret), secret],
    ["an empty signature", `${validToken}.`, secret],
    ["just a dot", ".", secret],
    ["a tampered signature (first character)", `${validToken}.${flip(validSignature, 0)}`, secret],
    ["a tampered signature (last character)", `${validToken}.${flip(validSignature, validSignature.length - 1)}`, secret],
    ["a truncated signature", `${validToken}.${validSignature.slice(0, -1)}`, secret],
    ["a signature with extra characters", `${validToken}.${validSignature}A`, secret],
    ["a tampered token", `${flip(validToken, 0)}.${validSignature}`, secret],
    ["a token with extra characters", `${validToken}x.${validSignature}`, secret],
    ["another token's signature", `other-token.${validSignature}`, secret],
    ["the right value checked with the wrong secret", valid, otherSecret],
    ["a value signed with another secret", csrfCookieValue(token, otherSecret), secret],
    ["the signature given as the token", `${validSignature}.${validToken}`, secret],
    ["a signature with a multi-byte character", `${validToken}.${validSignature.slice(0, -1)}é`, secret],
  ])("rejects %s", (_label, cookieValue, checkSecret) => {
    expect(tokenFromCsrfCookie(cookieValue, checkSecret)).toBeUndefined();
  });

  it("accepts the untampered value used by the rejection cases", () => {
    expect(tokenFromCsrfCookie(valid, secret)).toBe(token);
  });
});

describe("csrfTokensMatch", () => {
  it.each<[string, string | undefined, string | null | undefined, boolean]>([
    ["equal tokens", "abc123", "abc123", true],
    ["equal fresh-looking tokens", "Zx_-9".repeat(6), "Zx_-9".repeat(6), true],
    ["different tokens of the same length", "abc123", "abc124", false],
    ["a presented prefix", "abc123", "abc", false],
    ["a presented token with extra characters", "abc123", "abc1234", false],
    ["a different case", "abc123", "ABC123", false],
    ["no expected token", undefined, "abc123", false],
    ["an empty expected token", "", "", false],
    ["an empty expected token against a token", "", "abc", false],
    ["a null presented token", "abc123", null, false],
    ["an undefined presented token", "abc123", undefined, false],
    ["an empty presented token", "abc123", "", false],
    ["nothing at all", undefined, undefined, false],
    ["surrounding whitespace", "abc123", " abc123 ", false],
    ["equal multi-byte tokens", "ünï", "ünï", true],
    ["multi-byte tokens of equal character length", "ü", "u", false],
  ])("%s → %s", (_label, expected, presented, result) => {
    expect(csrfTokensMatch(expected, presented)).toBe(result);
  });
});

describe("serializeCsrfCookie", () => {
  const token = "cookie-token";

  it("sets the signed value under csrf_token", () => {
    const header = serializeCsrfCookie(token, secret, false);
    expect(header.startsWith(`csrf_token=${csrfCookieValue(token, secret)}; `)).toBe(true);
  });

  it("carries a value tokenFromCsrfCookie accepts", () => {
    const header = serializeCsrfCookie(token, secret, true);
    const value = header.split(";")[0]!.slice("csrf_token=".length);
    expect(tokenFromCsrfCookie(value, secret)).toBe(token);
  });

  it.each([false, true])("has Path=/, HttpOnly, SameSite=Lax and a one-year Max-Age (secure: %s)", (secure) => {
    const attributes = serializeCsrfCookie(token, secret, secure).split("; ").slice(1);
    expect(attributes).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=31536000"]));
  });

  it("adds Secure only when asked", () => {
    expect(serializeCsrfCookie(token, secret, true).split("; ")).toContain("Secure");
    expect(serializeCsrfCookie(token, secret, false).split("; ")).not.toContain("Secure");
    expect(serializeCsrfCookie(token, secret, false)).not.toMatch(/secure/i);
  });

  it.each<[boolean, string[]]>([
    [false, ["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=31536000"]],
    [true, ["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=31536000", "Secure"]],
  ])("has exactly the expected attributes (secure: %s)", (secure, expected) => {
    expect(serializeCsrfCookie(token, secret, secure).split("; ").slice(1)).toEqual(expected);
  });

  it("does not set a Domain or an Expires date", () => {
    const header = serializeCsrfCookie(token, secret, true);
    expect(header).not.toMatch(/Domain=/i);
    expect(header).not.toMatch(/Expires=/i);
  });

  it("never contains the secret", () => {
    expect(serializeCsrfCookie(token, secret, true)).not.toContain(secret);
  });
});

describe("isMutatingMethod", () => {
  it.each<[string, boolean]>([
    ["GET", false],
    ["HEAD", false],
    ["OPTIONS", false],
    ["get", false],
    ["head", false],
    ["options", false],
    ["Get", false],
    ["POST", true],
    ["PUT", true],
    ["PATCH", true],
    ["DELETE", true],
    ["post", true],
    ["delete", true],
    ["Patch", true],
    ["TRACE", true],
    ["CONNECT", true],
    ["PROPFIND", true],
    ["", true],
  ])("%j → %s", (method, expected) => {
    expect(isMutatingMethod(method)).toBe(expected);
  });
});
