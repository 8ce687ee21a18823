import type { BoardPointerPush, BoardPush, BoardViewPush } from "~/study-rooms/boards.server";

type RoomPayload = { study_room?: { board?: BoardPush; board_view?: BoardViewPush; board_pointer?: BoardPointerPush } } | null;

/** A board's edits, its new background and zoom, or someone's pointer, pushed to the room: the live board takes them, the page need not reload. */
export function boardPushOf(payload: unknown): { edits?: BoardPush; view?: BoardViewPush; pointer?: BoardPointerPush } {
  const room = (payload as RoomPayload)?.study_room;
  return { edits: room?.board, view: room?.board_view, pointer: room?.board_pointer };
}

export function isBoardPush(payload: unknown): boolean {
  const { edits, view, pointer } = boardPushOf(payload);
  return Boolean(edits || view || pointer);
}
