import { Link, useFetcher, useLocation } from "@remix-run/react";
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from "react";
import type { LegalDocument } from "~/legal/documents";
import { LegalDocumentBody } from "~/legal/legal-document";
import { Loading, type FormDialogProps } from "~/shell/form-dialog";
import { retryImport } from "~/shell/chunk-retry";
import { tellOffline } from "~/shell/offline-submission";
import { registerReauthenticationOpener } from "~/shell/reauthentication-prompt";
import { DIALOG_PAGES, dialogForLink, dialogFromSearch, withoutDialogQuery, type DialogRequest, type FormDialogId } from "~/shell/dialogs";

const DialogContext = createContext<((request: DialogRequest) => void) | null>(null);

// Each form's dialog is its own chunk, fetched on first opening: the pages that never open one
// (most visits) do not pay for the forms, Conform or the validation schemas.
const FORM_DIALOGS: Record<FormDialogId, LazyExoticComponent<ComponentType<FormDialogProps>>> = {
  login: lazy(() => retryImport(() => import("~/accounts/sign-in-dialog"))),
  "sign-up": lazy(() => retryImport(() => import("~/accounts/sign-up-dialog"))),
  reauthenticate: lazy(() => retryImport(() => import("~/accounts/reauthentication-dialog"))),
  search: lazy(() => retryImport(() => import("~/search/search-dialog"))),
  "contact-us": lazy(() => retryImport(() => import("~/contact/contact-dialog"))),
  checkout: lazy(() => retryImport(() => import("~/payments/checkout-dialog"))),
};

/**
 * Holds the one page dialog of the shell. With JavaScript, <DialogLink> asks it to open a
 * registered page as a native modal <dialog>, loading the page's data; without JavaScript the
 * links are ordinary links. `initial` is rendered open by the server (e.g. `?privacyPolicy`);
 * `?dialog=<id>` opens a dialog once JavaScript runs. Any navigation closes the dialog: a form
 * that succeeds goes where its page would go.
 */
export function DialogHost({ initial, children }: { initial: LegalDocument | null; children: ReactNode }) {
  const location = useLocation();
  const [requested, setRequested] = useState<DialogRequest | null>(null);
  const open = useCallback((request: DialogRequest) => setRequested(request), []);
  const visitKey = useRef<string | null>(null);
  // A call waiting for the person to confirm their password (app/shell/request.ts).
  const waiting = useRef<((confirmed: boolean) => void) | null>(null);
  const settle = useCallback((confirmed: boolean) => {
    waiting.current?.(confirmed);
    waiting.current = null;
  }, []);
  useEffect(
    () =>
      registerReauthenticationOpener(
        (href) =>
          new Promise<boolean>((resolve) => {
            settle(false);
            waiting.current = resolve;
            setRequested({ id: "reauthenticate", href });
          }),
      ),
    [settle],
  );
  useEffect(() => {
    // The dialog's form, once the password is right, redirects back here: a new visit.
    if (visitKey.current !== null && visitKey.current !== location.key) settle(true);
    const firstVisit = visitKey.current === null;
    visitKey.current = location.key;
    const fromUrl = dialogFromSearch(location.search);
    // A new visit (new key) decides afresh; the same URL revisited opens its dialog again. On the
    // first visit a click may already have opened a dialog before this effect ran (right after
    // hydration): keep it unless the URL asks for another.
    setRequested((current) => fromUrl ?? (firstVisit ? current : null));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
  const close = useCallback(() => {
    settle(false);
    setRequested(null);
  }, [settle]);
  return (
    <DialogContext.Provider value={open}>
      {children}
      {/* A new visit to a `?privacyPolicy` URL opens it again, even after it was closed once. */}
      {initial ? <ServerOpenedDialog key={location.key} document={initial} /> : null}
      {requested ? <RequestedDialog key={`${requested.id} ${requested.href}`} request={requested} onClose={close} /> : null}
    </DialogContext.Provider>
  );
}

/** A link that opens its page as a dialog when it can (plain navigation otherwise, or with a modifier key). */
export function DialogLink({ to, onClick, ...rest }: ComponentProps<typeof Link> & { to: string }) {
  const open = useContext(DialogContext);
  const { pathname } = useLocation();
  return (
    <Link
      to={to}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !open) return;
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        const request = dialogForLink(to, pathname);
        if (!request) return;
        event.preventDefault();
        // Its page could not be loaded: say so rather than open an empty dialog.
        if (!navigator.onLine) tellOffline();
        else open(request);
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
  const titleId = `${document.id}-dialog-title`;
  return (
    <DialogFrame titleId={titleId} closeHref={closeHref} onClose={() => setDismissed(true)} pageHref={`/${document.id}`}>
      <LegalDocumentBody document={document} headingId={titleId} headingLevel="h2" />
    </DialogFrame>
  );
}

function RequestedDialog({ request, onClose }: { request: DialogRequest; onClose: () => void }) {
  const location = useLocation();
  const closeHref = withoutDialogQuery(location.pathname, location.search);
  const titleId = `${request.id}-dialog-title`;
  const frame = useRef<DialogFrameHandle | null>(null);
  if (request.id === "terms-and-conditions" || request.id === "privacy-policy") {
    return <LegalDialog id={request.id} titleId={titleId} closeHref={closeHref} onClose={onClose} />;
  }
  const Form = FORM_DIALOGS[request.id];
  return (
    <DialogFrame titleId={titleId} closeHref={closeHref} onClose={onClose} pageHref={request.href} handle={frame}>
      <Suspense fallback={<Loading titleId={titleId} />}>
        <Form href={request.href} titleId={titleId} onReady={() => frame.current?.focusFirstField()} />
      </Suspense>
    </DialogFrame>
  );
}

function LegalDialog({ id, titleId, closeHref, onClose }: { id: "terms-and-conditions" | "privacy-policy"; titleId: string; closeHref: string; onClose: () => void }) {
  const fetcher = useFetcher<{ document: LegalDocument }>();
  const path = DIALOG_PAGES[id].path;
  useEffect(() => {
    fetcher.load(path);
    // Load once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  const document = fetcher.data?.document ?? null;
  return (
    <DialogFrame titleId={titleId} closeHref={closeHref} onClose={onClose} pageHref={path}>
      {document ? <LegalDocumentBody document={document} headingId={titleId} headingLevel="h2" /> : <Loading titleId={titleId} />}
    </DialogFrame>
  );
}

interface DialogFrameHandle {
  focusFirstField: () => void;
}

/**
 * The modal frame around a dialog's content: a native <dialog> opened with showModal(), which
 * traps focus, closes on Escape and gives focus back to the link that opened it; labelled by
 * the content's title.
 */
function DialogFrame({
  titleId,
  closeHref,
  pageHref,
  onClose,
  handle,
  children,
}: {
  titleId: string;
  closeHref: string;
  pageHref: string;
  onClose: () => void;
  handle?: { current: DialogFrameHandle | null };
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  if (handle) {
    handle.current = {
      focusFirstField: () => {
        const field = ref.current?.querySelector<HTMLElement>(
          ".page-dialog__body :is(input:not([type=hidden]):not([disabled]), select, textarea, button:not([disabled]))",
        );
        field?.focus();
      },
    };
  }
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // The browser gives focus back only when it is still inside the dialog at closing; the
    // trigger should get it back whatever happened meanwhile.
    const trigger = document.activeElement instanceof HTMLElement && !dialog.contains(document.activeElement) ? document.activeElement : null;
    // Rendered with `open` (non-modal, so it shows without JavaScript): reopen it as a modal,
    // which traps focus and closes on Escape.
    if (dialog.open) dialog.close();
    dialog.showModal();
    // The close() above queues a "close" event too: only a close that leaves it shut counts.
    const onDialogClose = () => {
      if (dialog.open) return;
      if (trigger?.isConnected) trigger.focus();
      onCloseRef.current();
    };
    dialog.addEventListener("close", onDialogClose);
    return () => dialog.removeEventListener("close", onDialogClose);
  }, []);
  return (
    <dialog ref={ref} open className="page-dialog" aria-labelledby={titleId} data-shell="page-dialog">
      <div className="page-dialog__body" tabIndex={0}>
        {children}
      </div>
      <div className="page-dialog__actions">
        <a href={pageHref} className="page-dialog__secondary">
          Open as a page
        </a>
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
