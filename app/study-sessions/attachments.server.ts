import { sql } from "kysely";
import { db } from "~/db/db.server";
import type { StudySessionAttachmentKind } from "~/db/schema";
import { deleteStoredFile, newFileName, saveFile } from "~/files/storage.server";
import { attachmentFileType, fileSuitsKind } from "~/study-sessions/attachment-files";

/** Instructors' uploads to a live session: stored in the study-session-files bucket, listed last in their kind. */

export async function listSessionAttachments(studySessionId: number) {
  return db()
    .selectFrom("study_session_attachments")
    .select(["id", "kind", "name", "content_type", "byte_size", "position"])
    .where("study_session_id", "=", studySessionId)
    .orderBy("kind")
    .orderBy("position")
    .execute();
}

export type AttachmentOutcome = { kind: "added"; id: number } | { kind: "wrong-type" };

export async function addSessionAttachment(studySessionId: number, upload: { kind: StudySessionAttachmentKind; name: string; bytes: Uint8Array }): Promise<AttachmentOutcome> {
  const type = attachmentFileType(upload.bytes);
  if (!type || !fileSuitsKind(upload.kind, type)) return { kind: "wrong-type" };
  const fileName = newFileName(`session-${studySessionId}`, type.extension);
  await saveFile("study-session-files", fileName, upload.bytes);
  const row = await db()
    .insertInto("study_session_attachments")
    .values({
      study_session_id: studySessionId,
      kind: upload.kind,
      name: upload.name,
      file_name: fileName,
      content_type: type.contentType,
      byte_size: upload.bytes.byteLength,
      position: sql<number>`(select coalesce(max(position) + 1, 0) from study_session_attachments where study_session_id = ${studySessionId} and kind = ${upload.kind})`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { kind: "added", id: row.id };
}

/** Removes the attachment (of this session only) and its file; false when there is none. */
export async function removeSessionAttachment(studySessionId: number, attachmentId: number): Promise<boolean> {
  const removed = await db()
    .deleteFrom("study_session_attachments")
    .where("id", "=", attachmentId)
    .where("study_session_id", "=", studySessionId)
    .returning("file_name")
    .executeTakeFirst();
  if (!removed) return false;
  await deleteStoredFile("study-session-files", removed.file_name);
  return true;
}
