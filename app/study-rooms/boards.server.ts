import { db } from "~/db/db.server";
import { roomChannel } from "~/realtime/channels";
import { publishAll } from "~/realtime/events.server";
import type { RateLimitRule } from "~/security/rate-limit.server";
import { MAX_BOARD_BYTES, MAX_BOARD_ELEMENTS, parseElements, reconcileElements, type BoardElement, type BoardPointer, type BoardView } from "~/study-rooms/whiteboard";

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

/** What a change of a board's background or zoom pushes to the room. */
export interface BoardViewPush extends BoardView {
  board_id: number;
  client_id: string;
  user_id: number;
}

/** Where someone's pointer is on a board, pushed to the room so the others see it move. */
export interface BoardPointerPush extends BoardPointer {
  board_id: number;
  client_id: string;
  user_id: number;
}

/**
 * Pointer positions per person: a browser sends at most about seven a second while the pointer
 * moves over the board (live-board.client.tsx), two tabs twice that; each is a stored event.
 */
export const pointerRateLimit: RateLimitRule = { name: "study-room-pointer:user", limit: 1_200, windowSeconds: 60 };

type EditsInput = { room: { id: number; slug: string }; boardId: number; userId: number; clientId: string; elements: BoardElement[] };
type Saved = { kind: "saved"; revision: number } | Refused;

interface Waiting {
  input: EditsInput;
  settle: (saved: Saved) => void;
  fail: (error: unknown) => void;
}

/** Per board, the edits waiting for the save under way in this process to finish. */
const waitingByBoard = new Map<number, Waiting[]>();

/**
 * Merges a client's edits into the stored board (one winner per element, whatever order edits
 * arrive in: whiteboard.ts) and passes the winners on to everyone in the room. Edits that lost
 * to newer stored ones are not pushed: the others already have better.
 *
 * A board being drawn on by a room of people gets many edits a second, and each save locks the
 * board's row. So edits that arrive while a save of their board is under way wait for it and are
 * saved together in the next one: one transaction at a time per board and process, however many
 * people draw, instead of a queue of transactions holding database connections while they wait
 * for the row. Each edit is still answered only once it is saved and pushed.
 */
export function saveBoardEdits(input: EditsInput): Promise<Saved> {
  return new Promise<Saved>((settle, fail) => {
    const waiting = waitingByBoard.get(input.boardId);
    if (waiting) {
      waiting.push({ input, settle, fail });
      return;
    }
    waitingByBoard.set(input.boardId, [{ input, settle, fail }]);
    void saveWhileWaiting(input.boardId);
  });
}

async function saveWhileWaiting(boardId: number) {
  for (;;) {
    const batch = waitingByBoard.get(boardId)!;
    // Edits arriving from now on wait for the next save.
    waitingByBoard.set(boardId, []);
    try {
      const answers = await saveBatch(boardId, batch.map((item) => item.input));
      batch.forEach((item, index) => item.settle(answers[index]!));
    } catch (error) {
      for (const item of batch) item.fail(error);
    }
    if (waitingByBoard.get(boardId)!.length === 0) {
      waitingByBoard.delete(boardId);
      return;
    }
  }
}

/** One transaction for several edits of one board, in the order they arrived; an answer for each. */
async function saveBatch(boardId: number, inputs: EditsInput[]): Promise<Saved[]> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const board = await trx.selectFrom("study_room_whiteboards").select(["id", "room_id", "elements", "revision"]).where("id", "=", boardId).forUpdate().executeTakeFirst();
      const stored = board ? parseElements(board.elements) : null;
      let merged = stored?.ok ? stored.elements : [];
      let json: string | null = null;
      let revision = board?.revision ?? 0;
      const pushes: { slug: string; push: BoardPush }[] = [];
      const answers = inputs.map((input): Saved => {
        if (!board || board.room_id !== input.room.id) return { kind: "refused", status: 404, message: "There is no such board in this room." };
        const next = reconcileElements(merged, input.elements);
        if (next.length > MAX_BOARD_ELEMENTS) return { kind: "refused", status: 413, message: `A board holds up to ${MAX_BOARD_ELEMENTS.toLocaleString("en")} elements. Start a new board.` };
        const nextJson = JSON.stringify(next);
        if (Buffer.byteLength(nextJson) > MAX_BOARD_BYTES) return { kind: "refused", status: 413, message: "This board is full. Start a new board." };
        const winners = new Map(next.map((element) => [element.id, element]));
        const accepted = input.elements.filter((element) => winners.get(element.id) === element);
        [merged, json, revision] = [next, nextJson, revision + 1];
        if (accepted.length > 0) pushes.push({ slug: input.room.slug, push: { board_id: boardId, elements: accepted, revision, client_id: input.clientId, user_id: input.userId } });
        return { kind: "saved", revision };
      });
      if (json !== null) {
        const last = inputs.findLast((_, index) => answers[index]!.kind === "saved")!;
        await trx.updateTable("study_room_whiteboards").set({ elements: json, revision, updated_at: new Date(), updated_by: last.userId }).where("id", "=", boardId).execute();
      }
      await publishAll(
        trx,
        pushes.map(({ slug, push }) => ({ channel: roomChannel(slug), action: "STANDARD_PUSH_UPDATE" as const, payload: { study_room: { slug, board: push } } })),
      );
      return answers;
    });
}

/**
 * A board's background and zoom, as the person who last changed them left them: saved on the
 * board (a reload opens it so) and passed on to the room, where the others take the background.
 */
export async function saveBoardView(input: { room: { id: number; slug: string }; boardId: number; userId: number; clientId: string; view: BoardView }): Promise<{ kind: "saved" } | Refused> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const saved = await trx
        .updateTable("study_room_whiteboards")
        .set({ background: input.view.background, zoom: input.view.zoom, updated_at: new Date(), updated_by: input.userId })
        .where("id", "=", input.boardId)
        .where("room_id", "=", input.room.id)
        .returning("id")
        .executeTakeFirst();
      if (!saved) return { kind: "refused", status: 404, message: "There is no such board in this room." } as const;
      const push: BoardViewPush = { board_id: input.boardId, ...input.view, client_id: input.clientId, user_id: input.userId };
      await publishAll(trx, [{ channel: roomChannel(input.room.slug), action: "STANDARD_PUSH_UPDATE", payload: { study_room: { slug: input.room.slug, board_view: push } } }]);
      return { kind: "saved" } as const;
    });
}

/** Passes one person's pointer on a board of the room to the others; nothing is saved but the event. */
export async function passPointer(input: { room: { id: number; slug: string }; boardId: number; userId: number; clientId: string; pointer: BoardPointer }): Promise<{ kind: "passed" } | Refused> {
  const board = await db().selectFrom("study_room_whiteboards").select("id").where("id", "=", input.boardId).where("room_id", "=", input.room.id).executeTakeFirst();
  if (!board) return { kind: "refused", status: 404, message: "There is no such board in this room." };
  const push: BoardPointerPush = { board_id: input.boardId, ...input.pointer, client_id: input.clientId, user_id: input.userId };
  await publishAll(db(), [{ channel: roomChannel(input.room.slug), action: "STANDARD_PUSH_UPDATE", payload: { study_room: { slug: input.room.slug, board_pointer: push } } }]);
  return { kind: "passed" };
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
