/**
 * How a call refused for want of a recent sign-in (401 reauthentication_required) reaches the
 * shell's reauthentication dialog: the dialog host registers an opener while it is mounted; the
 * request helper asks it and waits. Kept apart from the host so the helper does not pull in the
 * dialogs.
 */
export type ReauthenticationOpener = (href: string) => Promise<boolean>;

let opener: ReauthenticationOpener | null = null;

export function registerReauthenticationOpener(open: ReauthenticationOpener) {
  opener = open;
  return () => {
    if (opener === open) opener = null;
  };
}

/** The dialog's page URL: once the password is confirmed it comes back to where the person is. */
export function reauthenticationHref(currentPath: string) {
  return `/users/reauthenticate?redirect_to=${encodeURIComponent(currentPath)}`;
}

/** True once the person has confirmed their password; false if they closed the dialog (or none can open). */
export function askToReauthenticate(): Promise<boolean> {
  if (!opener || typeof window === "undefined") return Promise.resolve(false);
  return opener(reauthenticationHref(`${window.location.pathname}${window.location.search}`));
}
