import { db } from "~/db/db.server";
import { roomChannel } from "~/realtime/channels";
import { publish } from "~/realtime/events.server";
import { MAX_BOARD_BYTES, MAX_BOARD_ELEMENTS, parseElements, reconcileElements, type BoardElement } from "~/study-rooms/whiteboard";

type Refused = { kind: "refused"; status: number; message: string };

/** What a board update pushes to the room: the edits that won, for the other clients to merge. */
export interface BoardPush {
  board_id: number;
  elements: BoardElement[];
  revision: number;
  /** The browser tab that drew them, which skips its own echo. */
  client_id: string;
  /** Who drew them. */
  user_id: number;
}

/**
 * Merges a client's edits into the stored board (one winner per element, whatever order edits
 * arrive in: whiteboard.ts) and passes the winners on to everyone in the room. Edits that lost
 * to newer stored ones are not pushed: the others already have better.
 */
export async function saveBoardEdits(input: { room: { id: number; slug: string }; boardId: number; userId: number; clientId: string; elements: BoardElement[] }): Promise<{ kind: "saved"; revision: number } | Refused> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const board = await trx
        .selectFrom("study_room_whiteboards")
        .select(["id", "elements", "revision"])
        .where("id", "=", input.boardId)
        .where("room_id", "=", input.room.id)
        .forUpdate()
        .executeTakeFirst();
      if (!board) return { kind: "refused", status: 404, message: "There is no such board in this room." } as const;
      const stored = parseElements(board.elements);
      const merged = reconcileElements(stored.ok ? stored.elements : [], input.elements);
      if (merged.length > MAX_BOARD_ELEMENTS) return { kind: "refused", status: 413, message: `A board holds up to ${MAX_BOARD_ELEMENTS.toLocaleString("en")} elements. Start a new board.` } as const;
      const json = JSON.stringify(merged);
      if (Buffer.byteLength(json) > MAX_BOARD_BYTES) return { kind: "refused", status: 413, message: "This board is full. Start a new board." } as const;
      const winners = new Map(merged.map((element) => [element.id, element]));
      const accepted = input.elements.filter((element) => winners.get(element.id) === element);
      const revision = board.revision + 1;
      await trx.updateTable("study_room_whiteboards").set({ elements: json, revision, updated_at: new Date(), updated_by: input.userId }).where("id", "=", board.id).execute();
      if (accepted.length > 0) {
        const push: BoardPush = { board_id: board.id, elements: accepted, revision, client_id: input.clientId, user_id: input.userId };
        await publish(trx, roomChannel(input.room.slug), "STANDARD_PUSH_UPDATE", { study_room: { slug: input.room.slug, board: push } });
      }
      return { kind: "saved", revision } as const;
    });
}

/** One board of a room, as stored. */
export async function findWhiteboard(roomId: number, boardId: number) {
  const board = await db()
    .selectFrom("study_room_whiteboards")
    .select(["id", "name", "elements", "background", "zoom", "revision", "updated_at"])
    .where("id", "=", boardId)
    .where("room_id", "=", roomId)
    .executeTakeFirst();
  if (!board) return undefined;
  const parsed = parseElements(board.elements);
  return { ...board, elements: parsed.ok ? parsed.elements : [] };
}
