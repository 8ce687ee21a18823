import { submissionStatus } from "~/classes/lateness";
import { checkUpload, mayReplaceUpload } from "~/classes/uploads";
import type { AssignmentRecord } from "~/classes/assignments.server";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import { documentFileName } from "~/files/document-files";
import { deleteStoredFile, newFileName, readStoredFile, saveFile } from "~/files/storage.server";

/**
 * Upload assignments (SPEC §2 /course-assignments/{id}/*): the file a student hands in lives on
 * their submission row, in the "assignment-uploads" bucket. Handed in and replaced until the
 * teacher grades the work; read by that student and the class's teachers (and admins) only.
 */
const BUCKET = "assignment-uploads";

export type HandInOutcome = { kind: "handed-in"; late: boolean; replaced: boolean } | { kind: "refused"; message: string } | { kind: "graded" };

async function isGraded(executor: Executor, assignment: AssignmentRecord, userId: number) {
  const row = await executor.selectFrom("course_assessment_grades").select("grade").where("course_assessment_id", "=", assignment.assessment_id).where("user_id", "=", userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * A student hands in (or replaces) the file of their work. Refused, with nothing stored, when
 * the bytes are not a PDF, a Word document or a picture, are over 10 MB, or the work is graded.
 * The hand-in time is that of the latest file, so a replacement after the due date is late.
 */
export async function handInUpload(input: { assignment: AssignmentRecord; userId: number; now: Date; file: { name: string; bytes: Uint8Array } }): Promise<HandInOutcome> {
  const { assignment, userId, now } = input;
  const checked = checkUpload(input.file.bytes);
  if (!checked.ok) return { kind: "refused", message: checked.message };
  if (!mayReplaceUpload({ graded: await isGraded(db(), assignment, userId) })) return { kind: "graded" };
  const key = newFileName("work", checked.kind.extension);
  await saveFile(BUCKET, key, input.file.bytes);
  const file = {
    file_storage_key: key,
    file_name: documentFileName(input.file.name, checked.kind, "Work"),
    file_content_type: checked.kind.contentType,
    file_size_bytes: input.file.bytes.byteLength,
  };
  const outcome = await db()
    .transaction()
    .execute(async (trx) => {
      const previous = await trx
        .selectFrom("course_assignment_users")
        .select("file_storage_key")
        .where("course_assignment_id", "=", assignment.id)
        .where("user_id", "=", userId)
        .forUpdate()
        .executeTakeFirst();
      // Graded since the first look (a teacher saving at the same moment): the grade stands on the file it was given for.
      if (await isGraded(trx, assignment, userId)) return { kind: "graded" } as const;
      await trx
        .insertInto("course_assignment_users")
        .values({ course_assignment_id: assignment.id, user_id: userId, submitted_at: now, ...file })
        .onConflict((conflict) => conflict.columns(["course_assignment_id", "user_id"]).doUpdateSet({ submitted_at: now, ...file }))
        .execute();
      return { kind: "stored", previousKey: previous?.file_storage_key ?? null, replaced: Boolean(previous?.file_storage_key) } as const;
    })
    .catch(async (error: unknown) => {
      await deleteStoredFile(BUCKET, key);
      throw error;
    });
  if (outcome.kind === "graded") {
    await deleteStoredFile(BUCKET, key);
    return { kind: "graded" };
  }
  if (outcome.previousKey) await deleteStoredFile(BUCKET, outcome.previousKey);
  return { kind: "handed-in", late: submissionStatus({ dueAt: assignment.due_at, submittedAt: now, now }) === "late", replaced: outcome.replaced };
}

/**
 * The file a student handed in, for that student and whoever teaches the class (`teaches`, admins
 * included); null, answered 404, for anyone else, an unknown assignment or no file.
 */
export async function readHandedInFile(input: { assignmentId: number; studentId: number; viewerId: number; teaches: boolean }) {
  if (!input.teaches && input.viewerId !== input.studentId) return null;
  const row = await db()
    .selectFrom("course_assignment_users")
    .select(["file_storage_key", "file_name", "file_content_type"])
    .where("course_assignment_id", "=", input.assignmentId)
    .where("user_id", "=", input.studentId)
    .executeTakeFirst();
  if (!row?.file_storage_key || !row.file_name || !row.file_content_type) return null;
  const bytes = await readStoredFile(BUCKET, row.file_storage_key);
  return bytes ? { bytes, fileName: row.file_name, contentType: row.file_content_type } : null;
}

/** Where a handed-in file is downloaded. */
export function handedInFileUrl(assignmentId: number, studentId: number) {
  return `/course-assignments/${assignmentId}/files/${studentId}`;
}
