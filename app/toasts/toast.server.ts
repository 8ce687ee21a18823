import { createCookie, redirect } from "@remix-run/node";
import { serialize } from "cookie";
import { config } from "~/config/env.server";
import { readCookies } from "~/utils/cookies.server";
import { makeToast, TOAST_TYPES, type Toast, type ToastInput, type ToastType } from "~/toasts/toast";

/**
 * Success feedback after a POST, the one way: the action answers with
 * `redirectWithToast(url, toast)`, a redirect to the clean URL (no `?saved=` / `?done=`) carrying
 * a one-time cookie signed with the session secret; the next page render (the root loader,
 * app/root.tsx) reads it with `toastFrom(request)`, shows it and clears it. The toast is in the
 * server's HTML, so it appears after a form post with or without JavaScript. A cookie that is not
 * signed with our secret (tampered, forged, or from before signing) is no toast, and is cleared.
 * The guest page cache never serves or stores a request carrying this cookie
 * (BYPASS_COOKIES in server/guest-page-cache.ts names it).
 */
export const TOAST_COOKIE = "flash";
/** Long enough to survive the redirect, short enough that a stray one never shows much later. */
const TOAST_COOKIE_MAX_AGE_SECONDS = 60;

function cookieOptions() {
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure: config().servedOverHttps };
}

/** Remix's signed cookie (HMAC-SHA256 with the session secret), built per call so a test's config applies. */
function toastCookie() {
  return createCookie(TOAST_COOKIE, { ...cookieOptions(), maxAge: TOAST_COOKIE_MAX_AGE_SECONDS, secrets: [config().sessionSecret] });
}

/** A decoded cookie value back into a toast; anything that is not a well-formed toast is none. */
export function toastFromValue(raw: unknown): Toast | null {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const value = raw as Record<string, unknown>;
  if (typeof value.message !== "string" || !(TOAST_TYPES as readonly unknown[]).includes(value.type)) return null;
  const action = value.action as { label?: unknown; href?: unknown } | null | undefined;
  try {
    return makeToast({
      message: value.message,
      type: value.type as ToastType,
      durationMs: typeof value.durationMs === "number" ? value.durationMs : undefined,
      action: action && typeof action.label === "string" && typeof action.href === "string" ? { label: action.label, href: action.href } : null,
    });
  } catch {
    return null;
  }
}

/** The Set-Cookie header that carries a toast to the next page, signed. */
export async function serializeToast(input: ToastInput): Promise<string> {
  return toastCookie().serialize(makeToast(input));
}

/**
 * A redirect that shows a toast on the page it leads to: the one way to say "done" after a POST.
 * `init` may set the status (302 by default, e.g. 303) and extra headers, whose cookies (a
 * session cookie, say) are kept. Return or throw it: `throw await redirectWithToast(...)`.
 */
export async function redirectWithToast(url: string, toast: ToastInput, init: { status?: number; headers?: HeadersInit } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await serializeToast(toast));
  return redirect(url, { status: init.status ?? 302, headers });
}

/**
 * The toast waiting for this request, and the Set-Cookie header that clears it: both null when the
 * request carries no toast cookie; a cookie that fails the signature check gives no toast and is
 * cleared all the same.
 */
export async function toastFrom(request: Request): Promise<{ toast: Toast | null; clearCookie: string | null }> {
  if (readCookies(request)[TOAST_COOKIE] === undefined) return { toast: null, clearCookie: null };
  // Remix's parse gives null when the signature is wrong, and the decoded JSON otherwise.
  const value: unknown = await toastCookie().parse(request.headers.get("Cookie"));
  return { toast: toastFromValue(value), clearCookie: serialize(TOAST_COOKIE, "", { ...cookieOptions(), maxAge: 0 }) };
}
