import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

export const CSRF_FIELD = "csrf_token";

/** The hidden field every mutating form carries (checked by the server before any action runs). */
export function CsrfInput() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return <input type="hidden" name={CSRF_FIELD} value={root?.csrfToken ?? ""} />;
}
