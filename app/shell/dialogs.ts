/**
 * Pages that open as dialogs when JavaScript runs and are plain pages when it does not (SPEC §2
 * Shell: application-level toggles). A link to one of these paths rendered with <DialogLink>
 * opens the dialog instead of navigating; the dialog loads the page's own loader data and shows
 * the page's own content or form, so each is written once. Pure.
 *
 * `legal` dialogs show a document; `form` dialogs show the page's form, submitted in place.
 */
export const DIALOG_PAGES = {
  "terms-and-conditions": { path: "/terms-and-conditions", kind: "legal" },
  "privacy-policy": { path: "/privacy-policy", kind: "legal" },
  login: { path: "/users/sign_in", kind: "form" },
  "sign-up": { path: "/sign-up", kind: "form" },
  search: { path: "/search", kind: "form" },
  "contact-us": { path: "/contact-us", kind: "form" },
  reauthenticate: { path: "/users/reauthenticate", kind: "form" },
  checkout: { path: "/checkout", kind: "form" },
} as const satisfies Record<string, { path: string; kind: "legal" | "form" }>;

export type DialogId = keyof typeof DIALOG_PAGES;
export type FormDialogId = { [K in DialogId]: (typeof DIALOG_PAGES)[K]["kind"] extends "form" ? K : never }[DialogId];

/** What an open dialog shows: which page, and the page's URL (its query chooses e.g. the checkout product). */
export interface DialogRequest {
  id: DialogId;
  href: string;
}

function pathOf(href: string): string {
  return href.split(/[?#]/, 1)[0]!.replace(/\/+$/, "") || "/";
}

function isDialogId(value: string | null): value is DialogId {
  return value !== null && Object.prototype.hasOwnProperty.call(DIALOG_PAGES, value);
}

/** The dialog a link opens, from its href (query and hash ignored); null for ordinary links. */
export function dialogForHref(href: string): DialogId | null {
  const path = pathOf(href);
  const entry = Object.entries(DIALOG_PAGES).find(([, page]) => page.path === path);
  return entry ? (entry[0] as DialogId) : null;
}

/**
 * A link opens its dialog only away from its own page: on /users/sign_in, "Log in" is the page
 * already, and a second copy of the form would only get in the way.
 */
export function dialogForLink(href: string, currentPathname: string): DialogRequest | null {
  const id = dialogForHref(href);
  if (!id || pathOf(currentPathname) === DIALOG_PAGES[id].path) return null;
  return { id, href };
}

/** `?privacyPolicy` (any value, even empty) opens the privacy dialog on any page. */
export const PRIVACY_POLICY_QUERY = "privacyPolicy";

/**
 * `?dialog=login` (or any dialog id) opens that dialog on any page once JavaScript runs; the
 * rest of the query goes to the dialog's page, e.g. `?dialog=checkout&plan=plus&interval=year`
 * or `?dialog=search&query=calculus`.
 */
export const DIALOG_QUERY = "dialog";

/** The dialog a deep link asks for, or null. */
export function dialogFromSearch(search: string): DialogRequest | null {
  const params = new URLSearchParams(search);
  const id = params.get(DIALOG_QUERY);
  if (!isDialogId(id)) return null;
  params.delete(DIALOG_QUERY);
  params.delete(PRIVACY_POLICY_QUERY);
  const rest = params.toString();
  return { id, href: rest ? `${DIALOG_PAGES[id].path}?${rest}` : DIALOG_PAGES[id].path };
}

/** The same URL without the dialogs' query, for the dialog's Close link (works without JavaScript). */
export function withoutDialogQuery(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(PRIVACY_POLICY_QUERY);
  params.delete(DIALOG_QUERY);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** The query of a dialog's page URL (e.g. `/sign-up?role=teacher` → role=teacher). */
export function queryOf(href: string): URLSearchParams {
  const query = href.split("#", 1)[0]!.split("?")[1];
  return new URLSearchParams(query ?? "");
}
