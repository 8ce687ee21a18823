import { Link } from "@remix-run/react";
import { useEffect, useState, type CSSProperties } from "react";
import type { Toast } from "~/toasts/toast";

/**
 * The toast at the bottom centre (SPEC §2 Shell). The server puts it in the page, so it shows
 * after a form post without JavaScript too (where a CSS animation fades it after its duration);
 * with JavaScript it is removed after `durationMs` or when Dismiss is pressed.
 */
export function ToastViewport({ toast }: { toast: Toast | null }) {
  const [shown, setShown] = useState<Toast | null>(toast);
  useEffect(() => {
    if (toast) setShown(toast);
  }, [toast]);
  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => setShown(null), shown.durationMs);
    return () => window.clearTimeout(timer);
  }, [shown]);
  return (
    <div className="toast-viewport" data-shell="toasts">
      {shown ? (
        <div
          className={`toast toast--${shown.type}`}
          role={shown.type === "error" || shown.type === "warning" ? "alert" : "status"}
          data-toast-type={shown.type}
          style={{ "--toast-duration": `${shown.durationMs}ms` } as CSSProperties}
        >
          <p className="toast__message">{shown.message}</p>
          {shown.action ? (
            <Link to={shown.action.href} className="toast__action" onClick={() => setShown(null)}>
              {shown.action.label}
            </Link>
          ) : null}
          <button type="button" className="toast__dismiss" aria-label="Dismiss message" onClick={() => setShown(null)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
