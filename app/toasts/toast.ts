import { safeRedirectPath } from "~/security/safe-redirect";

/**
 * A toast: a short message shown at the bottom centre of the page (SPEC §2 Shell), for
 * `durationMs` (6000 by default), optionally with one action link. Pure, shared by the server
 * (which sets it in a flash cookie) and the browser (which shows it and dismisses it).
 */

export const TOAST_TYPES = ["success", "error", "info", "warning"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
export const TOAST_DEFAULT_DURATION_MS = 6000;
const MAX_MESSAGE_LENGTH = 300;
const MAX_LABEL_LENGTH = 40;

export interface Toast {
  type: ToastType;
  message: string;
  durationMs: number;
  action: { label: string; href: string } | null;
}

export type ToastInput = { message: string; type?: ToastType; durationMs?: number; action?: { label: string; href: string } | null };

/** Only paths on this site ("/x", not "//x" or "javascript:"), so a toast never sends anyone away. */
export function isLocalPath(href: string): boolean {
  return safeRedirectPath(href, "http://localhost", "") !== "";
}

export function makeToast(input: ToastInput): Toast {
  const message = input.message.trim().slice(0, MAX_MESSAGE_LENGTH);
  if (!message) throw new RangeError("A toast needs a message");
  const durationMs = input.durationMs ?? TOAST_DEFAULT_DURATION_MS;
  if (!Number.isInteger(durationMs) || durationMs < 1000 || durationMs > 60_000) throw new RangeError(`Toast duration out of range: ${durationMs}`);
  const action = input.action ?? null;
  if (action && (!isLocalPath(action.href) || !action.label.trim())) throw new RangeError("A toast action must be a labelled local link");
  return {
    type: input.type ?? "info",
    message,
    durationMs,
    action: action ? { label: action.label.trim().slice(0, MAX_LABEL_LENGTH), href: action.href } : null,
  };
}
