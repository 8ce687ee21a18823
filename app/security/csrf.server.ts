import { createHmac, timingSafeEqual } from "node:crypto";
import { randomToken } from "~/security/random-token";

/**
 * CSRF protection by signed double submit: the browser holds `csrf_token` (httpOnly, signed);
 * every page publishes the same token in <meta name="csrf-token"> and in forms' hidden
 * `csrf_token` field; a mutating request must echo it in the X-CSRF-Token header or that field.
 * A cross-site page can neither read the token nor set the signed cookie.
 */
export const CSRF_COOKIE = "csrf_token";
export const CSRF_HEADER = "x-csrf-token";
export const CSRF_FIELD = "csrf_token";

export function newCsrfToken(): string {
  return randomToken(24);
}

/**
 * The token for a visitor whose request came without a valid CSRF cookie. A signed-in visitor's
 * is derived from their session cookie, so requests they send at once while their CSRF cookie is
 * gone (a page's form and its background calls) all get the same token, whichever answer sets the
 * cookie last, and a refused one retried with the token it was given goes through. Only the
 * server's secret makes it: knowing a token says nothing of the session. A guest gets a random one.
 */
export function freshCsrfToken(sessionCookie: string | undefined, secret: string): string {
  if (!sessionCookie) return newCsrfToken();
  return createHmac("sha256", secret).update(`csrf-of-session:${sessionCookie}`).digest().subarray(0, 24).toString("base64url");
}

function sign(token: string, secret: string) {
  return createHmac("sha256", secret).update(`csrf:${token}`).digest("base64url");
}

export function csrfCookieValue(token: string, secret: string) {
  return `${token}.${sign(token, secret)}`;
}

/** The token held by the cookie, if the cookie is present and its signature holds. */
export function tokenFromCsrfCookie(cookieValue: string | undefined, secret: string): string | undefined {
  if (!cookieValue) return undefined;
  const dot = cookieValue.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const token = cookieValue.slice(0, dot);
  const signature = cookieValue.slice(dot + 1);
  return safeEqual(signature, sign(token, secret)) ? token : undefined;
}

export function csrfTokensMatch(expected: string | undefined, presented: string | null | undefined): boolean {
  return Boolean(expected && presented && safeEqual(expected, presented));
}

function safeEqual(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function serializeCsrfCookie(token: string, secret: string, secure: boolean) {
  return [
    `${CSRF_COOKIE}=${csrfCookieValue(token, secret)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    "Max-Age=31536000",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export function isMutatingMethod(method: string) {
  return !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase());
}
