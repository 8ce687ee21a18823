import { Link, useFetcher, useLocation } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ComponentProps, type ReactNode } from "react";
import type { LegalDocument } from "~/legal/documents";
import { LegalDocumentBody } from "~/legal/legal-document";
import { DIALOG_PAGES, dialogForHref, withoutDialogQuery, type DialogId } from "~/shell/dialogs";

const DialogContext = createContext<((id: DialogId) => void) | null>(null);

/**
 * Holds the one page dialog of the shell. With JavaScript, <DialogLink> asks it to open a
 * registered page as a native <dialog>, loading the page's data; without JavaScript the links
 * are ordinary links. `initial` is rendered open by the server (e.g. `?privacyPolicy`).
 */
export function DialogHost({ initial, children }: { initial: LegalDocument | null; children: ReactNode }) {
  const [requested, setRequested] = useState<DialogId | null>(null);
  const open = useCallback((id: DialogId) => setRequested(id), []);
  // A new visit to a `?privacyPolicy` URL opens it again, even after it was closed once.
  const { key } = useLocation();
  return (
    <DialogContext.Provider value={open}>
      {children}
      {initial ? <ServerOpenedDialog key={key} document={initial} /> : null}
      {requested ? <FetchedDialog id={requested} onClose={() => setRequested(null)} /> : null}
    </DialogContext.Provider>
  );
}

/** A link that opens its page as a dialog when it can (plain navigation otherwise, or with a modifier key). */
export function DialogLink({ to, onClick, ...rest }: ComponentProps<typeof Link> & { to: string }) {
  const open = useContext(DialogContext);
  const id = dialogForHref(to);
  return (
    <Link
      to={to}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !open || !id) return;
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        open(id);
      }}
    />
  );
}

/** Rendered open by the server (visible without JavaScript); with JavaScript it becomes modal. */
function ServerOpenedDialog({ document }: { document: LegalDocument }) {
  const location = useLocation();
  const closeHref = withoutDialogQuery(location.pathname, location.search);
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return <PageDialog document={document} closeHref={closeHref} onClose={() => setDismissed(true)} />;
}

function FetchedDialog({ id, onClose }: { id: DialogId; onClose: () => void }) {
  const fetcher = useFetcher<{ document: LegalDocument }>();
  const path = DIALOG_PAGES[id].path;
  useEffect(() => {
    fetcher.load(path);
    // Load once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  const document = fetcher.data?.document ?? null;
  return <PageDialog document={document} closeHref={path} onClose={onClose} />;
}

function PageDialog({ document, closeHref, onClose }: { document: LegalDocument | null; closeHref: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Rendered with `open` (non-modal, so it shows without JavaScript): reopen it as a modal,
    // which traps focus and closes on Escape.
    if (dialog.open) dialog.close();
    dialog.showModal();
    // The close() above queues a "close" event too: only a close that leaves it shut counts.
    const onDialogClose = () => {
      if (!dialog.open) onCloseRef.current();
    };
    dialog.addEventListener("close", onDialogClose);
    return () => dialog.removeEventListener("close", onDialogClose);
  }, []);
  const titleId = document ? `${document.id}-dialog-title` : "page-dialog-title";
  return (
    <dialog ref={ref} open className="page-dialog" aria-labelledby={titleId} data-shell="page-dialog">
      <div className="page-dialog__body" tabIndex={0}>
        {document ? (
          <LegalDocumentBody document={document} headingId={titleId} headingLevel="h2" />
        ) : (
          <p id={titleId} role="status">
            Loading…
          </p>
        )}
      </div>
      <div className="page-dialog__actions">
        {document ? (
          <a href={`/${document.id}`} className="page-dialog__secondary">
            Open as a page
          </a>
        ) : null}
        <Link
          to={closeHref}
          className="page-dialog__close"
          replace
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            ref.current?.close();
          }}
        >
          Close
        </Link>
      </div>
    </dialog>
  );
}
