import type { BoardPush, BoardViewPush } from "~/study-rooms/boards.server";

type RoomPayload = { study_room?: { board?: BoardPush; board_view?: BoardViewPush } } | null;

/** A board's edits or its new background and zoom, pushed to the room: the live board takes them, the page need not reload. */
export function boardPushOf(payload: unknown): { edits?: BoardPush; view?: BoardViewPush } {
  const room = (payload as RoomPayload)?.study_room;
  return { edits: room?.board, view: room?.board_view };
}

export function isBoardPush(payload: unknown): boolean {
  const { edits, view } = boardPushOf(payload);
  return Boolean(edits || view);
}
