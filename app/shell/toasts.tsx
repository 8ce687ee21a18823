import { Link } from "@remix-run/react";
import { useEffect, useState, type CSSProperties } from "react";
import { CLIENT_TOAST_EVENT, type ClientToast } from "~/shell/client-toasts";
import type { Toast } from "~/toasts/toast";

/**
 * The toast at the bottom centre (SPEC §2 Shell). The server puts it in the page, so it shows
 * after a form post without JavaScript too (where a CSS animation fades it after its duration);
 * with JavaScript it is removed after `durationMs` or when Dismiss is pressed. One toast shows at
 * a time: a toast raised in the browser waits for the one showing, and a server toast (the answer
 * to what the user just did) goes first, putting a browser toast back in the queue.
 */
/** A fresh key per toast shown: a new toast is a new element, so its fade-out starts over. */
const toastKeys = new WeakMap<ClientToast, number>();
let lastToastKey = 0;
function keyOf(toast: ClientToast): number {
  let key = toastKeys.get(toast);
  if (key === undefined) toastKeys.set(toast, (key = ++lastToastKey));
  return key;
}

export function ToastViewport({ toast }: { toast: Toast | null }) {
  const [{ shown }, setQueue] = useState<{ shown: ClientToast | null; waiting: ClientToast | null }>({ shown: toast, waiting: null });
  useEffect(() => {
    if (!toast) return;
    setQueue((queue) => ({
      shown: toast,
      waiting: queue.shown && queue.shown !== toast && queue.shown.onAction ? queue.shown : queue.waiting,
    }));
  }, [toast]);
  useEffect(() => {
    const onToast = (event: Event) => {
      const raised = (event as CustomEvent<ClientToast>).detail;
      setQueue((queue) => (queue.shown ? { shown: queue.shown, waiting: raised } : { shown: raised, waiting: null }));
    };
    window.addEventListener(CLIENT_TOAST_EVENT, onToast);
    return () => window.removeEventListener(CLIENT_TOAST_EVENT, onToast);
  }, []);
  const dismiss = () => setQueue((queue) => ({ shown: queue.waiting, waiting: null }));
  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => setQueue((queue) => (queue.shown === shown ? { shown: queue.waiting, waiting: null } : queue)), shown.durationMs);
    return () => window.clearTimeout(timer);
  }, [shown]);
  return (
    <div className="toast-viewport" data-shell="toasts">
      {shown ? (
        <div
          // Without a key React would reuse the element, and a toast shown within the last one's
          // duration would inherit its CSS fade-out and vanish early.
          key={keyOf(shown)}
          className={`toast toast--${shown.type}`}
          role={shown.type === "error" || shown.type === "warning" ? "alert" : "status"}
          data-toast-type={shown.type}
          style={{ "--toast-duration": `${shown.durationMs}ms` } as CSSProperties}
        >
          <p className="toast__message">{shown.message}</p>
          {shown.action ? (
            <Link
              to={shown.action.href}
              className="toast__action"
              onClick={(event) => {
                if (shown.onAction) {
                  event.preventDefault();
                  shown.onAction();
                }
                dismiss();
              }}
            >
              {shown.action.label}
            </Link>
          ) : null}
          <button type="button" className="toast__dismiss" aria-label="Dismiss message" onClick={dismiss}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
