import type { Toast } from "~/toasts/toast";

/**
 * Toasts raised in the browser (the "Want a tour?" prompt), shown by the same viewport as the
 * server's one-time toasts. `onAction` runs instead of following the action's link, which stays
 * the way to do the same thing when the script behind `onAction` cannot run.
 */
export interface ClientToast extends Toast {
  onAction?: () => void;
}

export const CLIENT_TOAST_EVENT = "shell:toast";

export function showClientToast(toast: ClientToast) {
  window.dispatchEvent(new CustomEvent<ClientToast>(CLIENT_TOAST_EVENT, { detail: toast }));
}
