import type { LegalDocumentId } from "~/legal/documents";

/**
 * Pages that open as dialogs when JavaScript runs and are plain pages when it does not (SPEC §2
 * Shell: application-level toggles). A link to one of these paths rendered with <DialogLink>
 * opens the dialog instead of navigating; the dialog loads the page's own loader data, so the
 * content is written once. Pure.
 */
export const DIALOG_PAGES = {
  "terms-and-conditions": { path: "/terms-and-conditions", kind: "legal" },
  "privacy-policy": { path: "/privacy-policy", kind: "legal" },
} as const satisfies Record<LegalDocumentId, { path: string; kind: "legal" }>;

export type DialogId = keyof typeof DIALOG_PAGES;

/** The dialog a link opens, from its href (query and hash ignored); null for ordinary links. */
export function dialogForHref(href: string): DialogId | null {
  const path = href.split(/[?#]/, 1)[0]!.replace(/\/+$/, "");
  const entry = Object.entries(DIALOG_PAGES).find(([, page]) => page.path === path);
  return entry ? (entry[0] as DialogId) : null;
}

/** `?privacyPolicy` (any value, even empty) opens the privacy dialog on any page. */
export const PRIVACY_POLICY_QUERY = "privacyPolicy";

/** The same URL without the dialog's query, for the dialog's Close link (works without JavaScript). */
export function withoutDialogQuery(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(PRIVACY_POLICY_QUERY);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
