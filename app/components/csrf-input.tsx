import { useRootData } from "~/shell/root-data";

export const CSRF_FIELD = "csrf_token";

/** The hidden field every mutating form carries (checked by the server before any action runs). */
export function CsrfInput() {
  const root = useRootData();
  return <input type="hidden" name={CSRF_FIELD} value={root?.csrfToken ?? ""} />;
}
