import { lazy, Suspense, useEffect, useState } from "react";
import { retryImport } from "~/shell/chunk-retry";
import { BoardPicture } from "~/study-rooms/board-picture";
import type { LiveBoardProps } from "~/study-rooms/live-board.client";
import { WHITEBOARD_ASSET_PATH } from "~/study-rooms/whiteboard-assets";

const LiveBoard = lazy(() => {
  // Excalidraw reads where its fonts are when it loads: from this site (its CSP allows no other).
  (window as { EXCALIDRAW_ASSET_PATH?: string }).EXCALIDRAW_ASSET_PATH = WHITEBOARD_ASSET_PATH;
  return retryImport(() => import("~/study-rooms/live-board.client"));
});

/**
 * The board everyone sees: a picture from the server (all there is without JavaScript), replaced
 * by the live board once the browser has loaded it. Excalidraw is fetched only here, after the
 * page is up, so no other page pays for it. Without a room (`slug` null: the demo) the board is
 * the visitor's own to try, and nothing is sent.
 */
export function ActiveBoard({ slug, board, names, viewerId, caption }: LiveBoardProps & { caption: string }) {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const picture = (
    <figure className="study-room__board">
      <BoardPicture elements={board.elements} background={board.background} slug={slug} title={`${board.name}, the board everyone sees`} />
      <figcaption className="muted">
        {caption}
        {live ? ". Loading the live board…" : ""}
      </figcaption>
    </figure>
  );
  if (!live) return picture;
  return (
    <Suspense fallback={picture}>
      <LiveBoard key={board.id} slug={slug} board={board} names={names} viewerId={viewerId} />
      <p className="muted study-room__board-caption">{caption}</p>
    </Suspense>
  );
}
