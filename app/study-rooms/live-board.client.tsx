import { CaptureUpdateAction, Excalidraw, restoreElements } from "@excalidraw/excalidraw";
import "@excalidraw/excalidraw/index.css";
import type { BinaryFileData, Collaborator, DataURL, ExcalidrawImperativeAPI, SocketId } from "@excalidraw/excalidraw/types";
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from "react";
import { roomChannel } from "~/realtime/channels";
import { useRealtime } from "~/realtime/realtime-provider";
import { attachmentIdOfFile, attachmentPath, PLACED_FROM_FILES } from "~/study-rooms/board-placement";
import { boardPushOf } from "~/study-rooms/board-pushes";
import { MAX_BOARD_ZOOM, MIN_BOARD_ZOOM, winningEdit, type BoardElement, type BoardView } from "~/study-rooms/whiteboard";

/** How often a drawing client sends what changed: ten times a second keeps a stroke live for the others without a request per pointer move. */
const SEND_EVERY_MS = 100;
const RETRY_AFTER_MS = 3000;
/** Where one's pointer is goes to the others at most this often while it moves. */
const POINTER_EVERY_MS = 150;
/** Someone whose pointer has not moved for this long is no longer shown on the board. */
const POINTER_SHOWN_MS = 10_000;
/** A background or zoom is saved once the person has stopped changing it for this long. */
const SAVE_VIEW_AFTER_MS = 800;
const NOT_SAVED = "Your last change was not saved.";
const PICTURES_GO_TO_FILES = "To put a picture on the board, attach it to the room under Files and choose Place on the board: then everyone sees it.";
const PICTURE_NOT_LOADED = "A picture on this board could not be loaded.";

export interface LiveBoardProps {
  /** The room whose board this is; null for a board to try alone (the demo), which sends nothing. */
  slug: string | null;
  board: { id: number; name: string; background: string; zoom: number; elements: BoardElement[] };
  /** Names of the room's members, to say who drew. */
  names: Record<number, string>;
  /** Who is looking: a file they place on the board is brought into their view. */
  viewerId: number | null;
}

type SceneElement = ReturnType<ExcalidrawImperativeAPI["getSceneElementsIncludingDeleted"]>[number];
type SceneState = ReturnType<ExcalidrawImperativeAPI["getAppState"]>;

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

const newClientId = () => Math.random().toString(36).slice(2, 12);
const csrfToken = () => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "";

/** A fetched file as Excalidraw takes it: a data URL. */
const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/** One post to the board endpoint (edits, view or pointer); null when the connection failed. */
function postToBoard(slug: string, boardId: number, body: { client_id: string; elements?: SceneElement[]; view?: BoardView; pointer?: { x: number; y: number; tool: "pointer" | "laser" } }) {
  return fetch(`/study-rooms/${slug}/boards/${boardId}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": csrfToken() },
    body: JSON.stringify(body),
    credentials: "same-origin",
  }).catch(() => null);
}

/**
 * The active board, drawn on together (Excalidraw). Each edit is sent to the board endpoint,
 * which keeps one winner per element and passes the winners to the room; what others drew arrives
 * on the room's realtime channel and is merged by the same rule (whiteboard.ts `winningEdit`), so
 * every client ends with the same board whatever order edits cross in.
 */
export default function LiveBoard({ slug, board, names, viewerId }: LiveBoardProps) {
  const api = useRef<ExcalidrawImperativeAPI | null>(null);
  const clientId = useMemo(newClientId, []);
  /** The version of each element as last sent or received: an element whose version differs has changed here. */
  const known = useRef(new Map(board.elements.map((element) => [element.id, element.version])));
  const queued = useRef(new Map<string, SceneElement>());
  const timer = useRef<number | null>(null);
  const [status, setStatus] = useState("");
  const [count, setCount] = useState(() => board.elements.filter((element) => !element.isDeleted).length);
  const [failed, setFailed] = useState(false);

  /** One send at a time: what is drawn meanwhile goes in the next, so a slow connection gets fewer, larger sends in order. */
  const sending = useRef(false);
  const flush = useCallback(async () => {
    timer.current = null;
    if (sending.current) return;
    const elements = [...queued.current.values()];
    queued.current.clear();
    if (elements.length === 0 || slug === null) return;
    sending.current = true;
    const answer = await postToBoard(slug, board.id, { client_id: clientId, elements });
    sending.current = false;
    if (answer?.ok) {
      setFailed(false);
      setStatus((shown) => (shown.startsWith(NOT_SAVED) ? "" : shown));
      if (queued.current.size > 0) timer.current ??= window.setTimeout(() => void flush(), 0);
      return;
    }
    setFailed(true);
    if (answer && answer.status < 500) {
      // Refused for good (the board is full, the person was removed): say why, send no more of it.
      const body = (await answer.json().catch(() => null)) as { errors?: { detail?: string }[] } | null;
      setStatus(`${NOT_SAVED} ${body?.errors?.[0]?.detail ?? ""}`.trim());
      return;
    }
    // The connection dropped or the server stumbled: keep the edits (newer ones win) and try again.
    setStatus(`${NOT_SAVED} The board keeps trying.`);
    for (const element of elements) if (!queued.current.has(element.id)) queued.current.set(element.id, element);
    timer.current ??= window.setTimeout(() => void flush(), RETRY_AFTER_MS);
  }, [slug, board.id, clientId]);

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    []
  );

  /**
   * Whether this person has touched the board yet. Until then a change is the board settling in
   * (text measured again once its font loads), which every client does alike: not theirs to send.
   */
  const touched = useRef(false);

  /** The background and zoom as last saved or received; the board's own until someone changes them. */
  const view = useRef<BoardView>({ background: board.background, zoom: board.zoom });
  const viewTimer = useRef<number | null>(null);
  const saveView = useCallback(
    (next: BoardView) => {
      viewTimer.current = null;
      if (slug === null) return;
      void postToBoard(slug, board.id, { client_id: clientId, view: next }).then((answer) => {
        if (!answer?.ok) setStatus("The board's background was not saved.");
      });
    },
    [slug, board.id, clientId]
  );
  useEffect(
    () => () => {
      if (viewTimer.current !== null) window.clearTimeout(viewTimer.current);
    },
    []
  );
  const onViewChange = useCallback(
    (state: SceneState) => {
      const background = state.viewBackgroundColor;
      const zoom = Math.round(Math.min(MAX_BOARD_ZOOM, Math.max(MIN_BOARD_ZOOM, state.zoom.value)) * 100) / 100;
      // Until the person touches the board, its zoom is the one it opened at (fitted to the screen):
      // theirs to keep, not to save.
      if (!touched.current) {
        view.current = { ...view.current, zoom };
        return;
      }
      // A colour typed in Excalidraw's picker can be any CSS colour; the board keeps hex colours.
      if (!HEX_COLOUR.test(background)) return;
      if (background.toLowerCase() === view.current.background.toLowerCase() && zoom === view.current.zoom) return;
      view.current = { background: background.toLowerCase(), zoom };
      if (viewTimer.current !== null) window.clearTimeout(viewTimer.current);
      const next = view.current;
      viewTimer.current = window.setTimeout(() => saveView(next), SAVE_VIEW_AFTER_MS);
    },
    [saveView]
  );

  const onChange = useCallback(
    (elements: readonly SceneElement[], state: SceneState) => {
      onViewChange(state);
      let changed = false;
      for (const element of elements) {
        if (known.current.get(element.id) === element.version) continue;
        known.current.set(element.id, element.version);
        if (!touched.current) continue;
        queued.current.set(element.id, element);
        changed = true;
      }
      if (!changed) return;
      setCount(elements.filter((element) => !element.isDeleted).length);
      timer.current ??= window.setTimeout(() => void flush(), SEND_EVERY_MS);
    },
    [flush, onViewChange]
  );

  /** The latest position to send, one request at a time and at most every POINTER_EVERY_MS. */
  const pointerToSend = useRef<{ x: number; y: number; tool: "pointer" | "laser" } | null>(null);
  const pointerTimer = useRef<number | null>(null);
  const sendPointer = useCallback(async () => {
    const pointer = pointerToSend.current;
    pointerToSend.current = null;
    if (!pointer || slug === null) {
      pointerTimer.current = null;
      return;
    }
    await postToBoard(slug, board.id, { client_id: clientId, pointer });
    // A pointer that moved meanwhile goes next; a lost position is soon followed by another.
    pointerTimer.current = window.setTimeout(() => void sendPointer(), POINTER_EVERY_MS);
  }, [slug, board.id, clientId]);
  const onPointerUpdate = ({ pointer }: { pointer: { x: number; y: number; tool: "pointer" | "laser" } }) => {
    if (slug === null) return;
    pointerToSend.current = { x: pointer.x, y: pointer.y, tool: pointer.tool };
    pointerTimer.current ??= window.setTimeout(() => void sendPointer(), POINTER_EVERY_MS);
  };

  /** The others' pointers on this board, by browser tab, with when each last moved. */
  const others = useRef(new Map<string, { collaborator: Collaborator; seenAt: number }>());
  const showOthers = useCallback(() => {
    api.current?.updateScene({ collaborators: new Map([...others.current].map(([id, other]) => [id as SocketId, other.collaborator])) });
  }, []);
  useEffect(() => {
    const sweep = window.setInterval(() => {
      const now = Date.now();
      let gone = false;
      for (const [id, other] of others.current) {
        if (now - other.seenAt < POINTER_SHOWN_MS) continue;
        others.current.delete(id);
        gone = true;
      }
      if (gone) showOthers();
    }, 2_000);
    return () => {
      window.clearInterval(sweep);
      if (pointerTimer.current !== null) window.clearTimeout(pointerTimer.current);
    };
  }, [showOthers]);

  /**
   * Pictures placed from the room's files: the board holds only where each sits, so each browser
   * fetches the files it shows from the room (once per file) and hands them to Excalidraw.
   */
  const requestedFiles = useRef(new Set<string>());
  const loadPictures = useCallback(
    (elements: readonly { type: string; isDeleted?: boolean; fileId?: unknown }[]) => {
      if (slug === null) return;
      for (const element of elements) {
        const attachmentId = element.type === "image" && !element.isDeleted ? attachmentIdOfFile(element.fileId) : null;
        const fileId = element.fileId as string;
        if (attachmentId === null || requestedFiles.current.has(fileId)) continue;
        requestedFiles.current.add(fileId);
        void fetch(attachmentPath(slug, attachmentId), { credentials: "same-origin" })
          .then(async (answer) => {
            if (!answer.ok) throw new Error(String(answer.status));
            const blob = await answer.blob();
            const file = { id: fileId, mimeType: blob.type, dataURL: (await dataUrlOf(blob)) as DataURL, created: Date.now() } as BinaryFileData;
            api.current?.addFiles([file]);
          })
          .catch(() => {
            // Tried again when the board next shows this picture (another edit, a reload).
            requestedFiles.current.delete(fileId);
            setStatus(PICTURE_NOT_LOADED);
          });
      }
    },
    [slug]
  );

  useRealtime(slug === null ? [] : [roomChannel(slug)], {
    received: (event) => {
      const { edits: push, view: viewPush, pointer } = boardPushOf(event.payload);
      if (pointer && pointer.board_id === board.id && pointer.client_id !== clientId) {
        const username = names[pointer.user_id] ?? "Someone";
        others.current.set(pointer.client_id, { collaborator: { id: pointer.client_id, username, pointer: { x: pointer.x, y: pointer.y, tool: pointer.tool } }, seenAt: Date.now() });
        showOthers();
        return;
      }
      if (viewPush && viewPush.board_id === board.id && viewPush.client_id !== clientId && api.current) {
        // The background is the board's, for everyone; the zoom stays each person's own.
        if (viewPush.background !== view.current.background) {
          view.current = { ...view.current, background: viewPush.background };
          api.current.updateScene({ appState: { viewBackgroundColor: viewPush.background }, captureUpdate: CaptureUpdateAction.NEVER });
          setStatus(`${names[viewPush.user_id] ?? "Someone"} changed the board's background.`);
        }
        return;
      }
      if (!push || push.board_id !== board.id || push.client_id === clientId || !api.current) return;
      const scene = api.current.getSceneElementsIncludingDeleted();
      const byId = new Map(scene.map((element) => [element.id, element]));
      const taken: SceneElement[] = [];
      for (const incoming of restoreElements(push.elements as unknown as SceneElement[], null)) {
        const mine = byId.get(incoming.id);
        if (mine && winningEdit(mine as unknown as BoardElement, incoming as unknown as BoardElement) !== (incoming as unknown as BoardElement)) continue;
        byId.set(incoming.id, incoming);
        known.current.set(incoming.id, incoming.version);
        taken.push(incoming);
      }
      if (taken.length === 0) return;
      const merged = [...byId.values()];
      api.current.updateScene({ elements: merged, captureUpdate: CaptureUpdateAction.NEVER });
      loadPictures(merged);
      setCount(merged.filter((element) => !element.isDeleted).length);
      const placed = push.client_id === PLACED_FROM_FILES;
      // Placed beside the drawing, a file may be out of view: the person who placed it is shown it.
      if (placed && push.user_id === viewerId) api.current.scrollToContent(taken, { animate: true });
      setStatus(`${names[push.user_id] ?? "Someone"} ${placed ? "placed a file on" : "drew on"} this board.`);
    },
  });

  const touch = () => (touched.current = true);
  /**
   * A picture dropped or pasted onto the board would show only here: its file stays in this
   * browser, so the others (and this person after a reload) would see an empty frame. Pictures go
   * on boards from the room's files instead, which every member can fetch.
   */
  const refusePicture = (files: FileList | undefined | null) => {
    if (![...(files ?? [])].some((file) => file.type.startsWith("image/"))) return false;
    setStatus(PICTURES_GO_TO_FILES);
    return true;
  };
  const onDropCapture = (event: DragEvent<HTMLDivElement>) => {
    touch();
    if (!refusePicture(event.dataTransfer?.files)) return;
    event.preventDefault();
    event.stopPropagation();
  };
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (container.current) return nameExcalidrawControls(container.current);
  }, []);
  return (
    <div
      ref={container}
      className="live-board"
      data-board-id={board.id}
      data-elements={count}
      onPointerDownCapture={touch}
      onKeyDownCapture={touch}
      onPasteCapture={touch}
      onDropCapture={onDropCapture}
    >
      <div className="live-board__canvas">
        <Excalidraw
          excalidrawAPI={(instance) => {
            api.current = instance;
            loadPictures(board.elements);
            // At the zoom it was left at, centred; at the default zoom, the whole board in view,
            // however small the screen: a phone sees all of it at first.
            requestAnimationFrame(() =>
              board.zoom === 1 ? instance.scrollToContent(undefined, { fitToViewport: true, viewportZoomFactor: 0.9, animate: false }) : instance.scrollToContent(undefined, { animate: false })
            );
          }}
          initialData={{
            elements: board.elements as unknown as SceneElement[],
            appState: { viewBackgroundColor: board.background, zoom: { value: board.zoom as SceneState["zoom"]["value"] } },
            scrollToContent: true,
          }}
          onChange={onChange}
          onPointerUpdate={onPointerUpdate}
          name={board.name}
          onPaste={(_data, event) => !refusePicture(event?.clipboardData?.files)}
          onLinkOpen={(element, event) => {
            // A file linked from the board opens beside the room, not in its place.
            event.preventDefault();
            window.open(element.link ?? undefined, "_blank", "noopener");
          }}
          UIOptions={{ canvasActions: { loadScene: false, saveToActiveFile: false, export: false, toggleTheme: false }, tools: { image: false } }}
        />
      </div>
      <p className={failed ? "live-board__status live-board__status--failed" : "live-board__status muted"} role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

/**
 * Two of Excalidraw's controls need a name a screen reader can say: its menu button has only an
 * icon, and its zoom button reads "Reset zoom" while showing the zoom ("100%"). Named as they
 * appear (Excalidraw renders them again as the screen or zoom changes).
 */
function nameExcalidrawControls(root: HTMLElement): () => void {
  const name = () => {
    for (const menu of root.querySelectorAll<HTMLButtonElement>(".main-menu-trigger:not([aria-label])")) menu.setAttribute("aria-label", "Board menu");
    for (const zoom of root.querySelectorAll<HTMLButtonElement>(".reset-zoom-button")) {
      const label = `${zoom.textContent?.trim() ?? ""} zoom, reset to 100%`;
      if (zoom.getAttribute("aria-label") !== label) zoom.setAttribute("aria-label", label);
    }
  };
  name();
  const observer = new MutationObserver(name);
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}
