import { expect } from "vitest";
import type { Toast } from "../../app/toasts/toast";
import { TOAST_COOKIE, toastFrom } from "../../app/toasts/toast.server";

/**
 * The toast a redirect carries to the next page: the signed `flash` cookie it sets, read back as
 * the root loader reads it on the next request (null when it sets none, or one that does not verify).
 */
export async function toastOf(answer: { headers: Headers }): Promise<Toast | null> {
  const cookie = answer.headers.getSetCookie().find((header) => header.startsWith(`${TOAST_COOKIE}=`));
  if (!cookie) return null;
  return (await toastFrom(new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } }))).toast;
}

/**
 * A redirect to a clean URL (no `?saved=`, `?done=`, `?sent=` feedback parameter) with a signed
 * success toast saying `message`.
 */
export async function expectRedirectWithToast(answer: { status: number | undefined; headers: Headers }, location: string, message: string) {
  expect([302, 303]).toContain(answer.status);
  expect(answer.headers.get("Location")).toBe(location);
  expect(new URL(location, "http://localhost").search).toBe("");
  expect(await toastOf(answer)).toMatchObject({ type: "success", message });
}
