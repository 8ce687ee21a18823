import { redirect } from "@remix-run/node";
import { serialize } from "cookie";
import { config } from "~/config/env.server";
import { readCookies } from "~/utils/cookies.server";
import { makeToast, TOAST_TYPES, type Toast, type ToastInput, type ToastType } from "~/toasts/toast";

/**
 * Toasts set by the server: an action answers with a redirect carrying a one-time cookie, and
 * the next page render (the root loader) reads it, shows it and clears it. So a toast appears
 * after a form post with or without JavaScript. The guest page cache never serves or stores a
 * request carrying this cookie (server/guest-page-cache.ts).
 */
export const TOAST_COOKIE = "flash";

/** The cookie value: URL-safe base64 of the JSON. */
export function encodeToast(toast: Toast): string {
  return Buffer.from(JSON.stringify(toast), "utf8").toString("base64url");
}

/** Reads a cookie value back; anything malformed or tampered into nonsense is no toast. */
export function decodeToast(value: string | undefined | null): Toast | null {
  if (!value) return null;
  try {
    const raw = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Record<string, unknown>;
    if (typeof raw !== "object" || raw === null) return null;
    if (typeof raw.message !== "string" || !(TOAST_TYPES as readonly unknown[]).includes(raw.type)) return null;
    const action = raw.action as { label?: unknown; href?: unknown } | null | undefined;
    return makeToast({
      message: raw.message,
      type: raw.type as ToastType,
      durationMs: typeof raw.durationMs === "number" ? raw.durationMs : undefined,
      action: action && typeof action.label === "string" && typeof action.href === "string" ? { label: action.label, href: action.href } : null,
    });
  } catch {
    return null;
  }
}

function cookieOptions(_request: Request) {
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure: config().servedOverHttps };
}

/** The Set-Cookie header that carries a toast to the next page. */
export function toastCookie(request: Request, input: ToastInput): string {
  return serialize(TOAST_COOKIE, encodeToast(makeToast(input)), { ...cookieOptions(request), maxAge: 60 });
}

/** A redirect that shows a toast on the page it leads to. Extra headers (e.g. a session cookie) are kept. */
export function redirectWithToast(request: Request, to: string, input: ToastInput, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", toastCookie(request, input));
  return redirect(to, { headers });
}

/** The toast waiting for this request, and the header that clears it (both null when none). */
export function readToast(request: Request): { toast: Toast | null; clearCookie: string | null } {
  const value = readCookies(request)[TOAST_COOKIE];
  if (value === undefined) return { toast: null, clearCookie: null };
  return { toast: decodeToast(value), clearCookie: serialize(TOAST_COOKIE, "", { ...cookieOptions(request), maxAge: 0 }) };
}
