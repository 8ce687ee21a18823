/**
 * What the shell's dialog host (app/shell/dialog-host.tsx) and each lazily loaded form dialog
 * share. It lives apart from the host, which imports the dialogs, so no dialog imports it back.
 */

/** What a form dialog gets: the page URL to load (with its query) and the id its title must carry. */
export interface FormDialogProps {
  href: string;
  titleId: string;
  /** Called once the form is on screen, so focus can move into it. */
  onReady: () => void;
}

/** What a dialog shows while its page's data (or its code) loads; it names the dialog meanwhile. */
export function Loading({ titleId }: { titleId: string }) {
  return (
    <p id={titleId} role="status">
      Loading…
    </p>
  );
}
