import { randomInt, randomUUID } from "node:crypto";
import sharp from "sharp";
import { db } from "~/db/db.server";
import { reencodedPicture } from "~/files/pictures.server";
import { deleteStoredFile, newFileName, readStoredFile, saveFile } from "~/files/storage.server";
import { roomChannel } from "~/realtime/channels";
import { publish } from "~/realtime/events.server";
import { nameSql } from "~/study-rooms/rooms.server";
import { attachmentDisplayName, isPdf, ROOM_ATTACHMENT_LIMIT, ROOM_ATTACHMENT_MESSAGES } from "~/study-rooms/attachment-files";
import { PLACED_FROM_FILES, placedAttachmentElement, type PlacedAttachment } from "~/study-rooms/board-placement";
import { findWhiteboard, saveBoardEdits } from "~/study-rooms/boards.server";

const BUCKET = "study-room-files";
/** Pictures are stored re-encoded and at most this wide or high: no uploaded bytes or metadata are served as sent. */
const PICTURE_MAX_SIDE = 2400;

export interface RoomAttachment {
  id: number;
  name: string;
  contentType: string;
  byteSize: number;
  uploadedBy: string | null;
}

/** A room's files, oldest first, with who attached each. */
export async function listRoomAttachments(roomId: number): Promise<RoomAttachment[]> {
  const rows = await db()
    .selectFrom("study_room_attachments as a")
    .leftJoin("users", "users.id", "a.uploaded_by")
    .select(["a.id", "a.file_name", "a.content_type", "a.byte_size", nameSql.as("uploader")])
    .where("a.room_id", "=", roomId)
    .orderBy("a.created_at")
    .orderBy("a.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.file_name,
    contentType: row.content_type,
    byteSize: row.byte_size,
    uploadedBy: row.uploader,
  }));
}

/** The stored copy of an upload: a PDF as sent, a picture decoded and re-encoded as WebP; null for anything else. */
async function storedCopy(bytes: Uint8Array): Promise<{ extension: "pdf" | "webp"; contentType: string; bytes: Uint8Array } | null> {
  if (isPdf(bytes)) return { extension: "pdf", contentType: "application/pdf", bytes };
  const webp = await reencodedPicture(bytes, PICTURE_MAX_SIDE);
  return webp ? { extension: "webp", contentType: "image/webp", bytes: webp } : null;
}

/**
 * Attaches a member's file to the room and tells the room, so everyone's list shows it. The
 * room's row is locked while its files are counted, so two uploads at once cannot pass the limit.
 */
export async function addRoomAttachment(input: {
  room: { id: number; slug: string };
  userId: number;
  fileName: string;
  bytes: Uint8Array;
}): Promise<{ kind: "added"; id: number; name: string } | { kind: "refused"; status: number; message: string }> {
  const copy = await storedCopy(input.bytes);
  if (!copy) return { kind: "refused", status: 415, message: ROOM_ATTACHMENT_MESSAGES.wrongType };
  const storageKey = newFileName(`room-${input.room.id}`, copy.extension);
  await saveFile(BUCKET, storageKey, copy.bytes);
  const name = attachmentDisplayName(input.fileName, copy.extension);
  const added = await db()
    .transaction()
    .execute(async (trx) => {
      await trx.selectFrom("study_rooms").select("id").where("id", "=", input.room.id).forUpdate().executeTakeFirstOrThrow();
      const { count } = await trx
        .selectFrom("study_room_attachments")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("room_id", "=", input.room.id)
        .executeTakeFirstOrThrow();
      if (Number(count) >= ROOM_ATTACHMENT_LIMIT) return null;
      const row = await trx
        .insertInto("study_room_attachments")
        .values({ room_id: input.room.id, uploaded_by: input.userId, file_name: name, content_type: copy.contentType, byte_size: copy.bytes.byteLength, storage_key: storageKey })
        .returning("id")
        .executeTakeFirstOrThrow();
      await publish(trx, roomChannel(input.room.slug), "STANDARD_PUSH_UPDATE", { study_room: { slug: input.room.slug, attachment_id: row.id } });
      return row;
    });
  if (!added) {
    await deleteStoredFile(BUCKET, storageKey);
    return { kind: "refused", status: 409, message: ROOM_ATTACHMENT_MESSAGES.full };
  }
  return { kind: "added", id: added.id, name };
}

/** One of the room's files with where it is stored, or undefined. */
export async function findRoomAttachment(roomId: number, attachmentId: number) {
  return db()
    .selectFrom("study_room_attachments")
    .select(["id", "file_name", "content_type", "byte_size", "storage_key"])
    .where("id", "=", attachmentId)
    .where("room_id", "=", roomId)
    .executeTakeFirst();
}

export const ROOM_FILES_BUCKET = BUCKET;

/**
 * Puts one of the room's files on one of its boards, beside what is drawn there, through the same
 * save as anyone's drawing: the room's open boards show it at once, and a reload keeps it.
 */
export async function placeAttachmentOnBoard(input: {
  room: { id: number; slug: string };
  boardId: number;
  attachmentId: number;
  userId: number;
  now: Date;
}): Promise<{ kind: "placed"; name: string; boardName: string } | { kind: "refused"; status: number; message: string }> {
  const [attachment, board] = await Promise.all([findRoomAttachment(input.room.id, input.attachmentId), findWhiteboard(input.room.id, input.boardId)]);
  if (!attachment) return { kind: "refused", status: 404, message: "This room has no such file." };
  if (!board) return { kind: "refused", status: 404, message: "There is no such board in this room." };
  let placed: PlacedAttachment = { id: attachment.id, name: attachment.file_name, kind: "pdf" };
  if (attachment.content_type !== "application/pdf") {
    const bytes = await readStoredFile(BUCKET, attachment.storage_key);
    const size = bytes
      ? await sharp(bytes)
          .metadata()
          .catch(() => null)
      : null;
    if (!size?.width || !size.height) return { kind: "refused", status: 404, message: "This file can no longer be opened." };
    placed = { id: attachment.id, name: attachment.file_name, kind: "picture", width: size.width, height: size.height };
  }
  const element = placedAttachmentElement({
    attachment: placed,
    slug: input.room.slug,
    elements: board.elements,
    id: randomUUID(),
    seed: randomInt(1, 2 ** 31),
    versionNonce: randomInt(1, 2 ** 31),
    now: input.now.getTime(),
  });
  const saved = await saveBoardEdits({ room: input.room, boardId: board.id, userId: input.userId, clientId: PLACED_FROM_FILES, elements: [element] });
  if (saved.kind === "refused") return saved;
  return { kind: "placed", name: attachment.file_name, boardName: board.name };
}
