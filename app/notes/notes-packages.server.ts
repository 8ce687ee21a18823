import { sql } from "kysely";
import { recordAuditEvent, type AuditedRequest } from "~/accounts/audit.server";
import { hasRole, type Viewer } from "~/accounts/roles";
import { NOTES_REVIEW_ROLES } from "~/accounts/policy/route-rules";
import type { TermOfYear } from "~/classes/terms";
import { config } from "~/config/env.server";
import { db } from "~/db/db.server";
import { documentFileName, documentKind } from "~/files/document-files";
import { deleteStoredFile, newFileName, readStoredFile, saveFile, type StoredExtension } from "~/files/storage.server";
import { createNotification } from "~/notifications/notifications.server";
import { creditTokens } from "~/payments/tokens.server";
import { mayOpenNotes, mayReview } from "./notes-packages";

const NOTES_BUCKET = "course-notes";

const isReviewer = (viewer: Viewer) => hasRole(viewer, ...NOTES_REVIEW_ROLES);

/** The catalogue courses a student may upload notes for: the ones they take. */
export async function coursesForNotes(userId: number) {
  return db()
    .selectFrom("user_courses as uc")
    .innerJoin("courses as c", "c.id", "uc.course_id")
    .select(["c.id", "c.code", "c.name"])
    .where("uc.user_id", "=", userId)
    .where("uc.relation", "=", "enrolled")
    .orderBy("c.code")
    .execute();
}

export type NotesUpload =
  | { kind: "stored"; id: number }
  | { kind: "not-your-course" }
  | { kind: "wrong-file" };

/**
 * Stores a student's notes for one of their courses, waiting for review. The file must be a PDF
 * or a PNG/JPEG picture by its bytes (whatever its name says); otherwise nothing is stored.
 */
export async function uploadNotes(input: { userId: number; courseId: number; title: string; term: TermOfYear; file: { name: string; bytes: Uint8Array } }): Promise<NotesUpload> {
  const kind = documentKind(input.file.bytes, { pictures: true });
  if (!kind || kind.extension === "docx") return { kind: "wrong-file" };
  const takes = await db()
    .selectFrom("user_courses")
    .select("id")
    .where("user_id", "=", input.userId)
    .where("course_id", "=", input.courseId)
    .where("relation", "=", "enrolled")
    .executeTakeFirst();
  if (!takes) return { kind: "not-your-course" };
  const key = newFileName("notes", kind.extension as StoredExtension);
  await saveFile(NOTES_BUCKET, key, input.file.bytes);
  const row = await db()
    .insertInto("course_notes_packages")
    .values({
      course_id: input.courseId,
      uploader_id: input.userId,
      title: input.title,
      term: input.term.term,
      term_year: input.term.year,
      storage_key: key,
      file_name: documentFileName(input.file.name, kind, "Notes"),
      content_type: kind.contentType,
      size_bytes: input.file.bytes.byteLength,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
    .catch(async (error: unknown) => {
      await deleteStoredFile(NOTES_BUCKET, key);
      throw error;
    });
  return { kind: "stored", id: row.id };
}

const PACKAGE_COLUMNS = [
  "n.id",
  "n.title",
  "n.term",
  "n.term_year",
  "n.file_name",
  "n.size_bytes",
  "n.status",
  "n.rejection_reason",
  "n.reward_tokens",
  "n.created_at",
  "c.code as course_code",
  "c.name as course_name",
] as const;

/** A student's own uploads, newest first, with their review. */
export async function myNotesPackages(userId: number) {
  return db()
    .selectFrom("course_notes_packages as n")
    .innerJoin("courses as c", "c.id", "n.course_id")
    .select(PACKAGE_COLUMNS)
    .where("n.uploader_id", "=", userId)
    .orderBy("n.created_at", "desc")
    .orderBy("n.id", "desc")
    .limit(100)
    .execute();
}

/** The review queue: notes with a status, oldest first for pending (first come, first reviewed), newest first otherwise. */
export async function notesForReview(status: "pending" | "approved" | "rejected") {
  return db()
    .selectFrom("course_notes_packages as n")
    .innerJoin("courses as c", "c.id", "n.course_id")
    .innerJoin("users as u", "u.id", "n.uploader_id")
    .select([...PACKAGE_COLUMNS, "n.content_type", "u.first_name as uploader_first_name", "u.last_name as uploader_last_name", "u.email as uploader_email"])
    .where("n.status", "=", status)
    .orderBy("n.created_at", status === "pending" ? "asc" : "desc")
    .orderBy("n.id", status === "pending" ? "asc" : "desc")
    .limit(200)
    .execute();
}

/** Approved notes of a course for its page: everyone sees that they exist; `canOpen` says who may open them. */
export async function approvedNotesOfCourse(courseId: number, viewer: Viewer) {
  const [notes, takes] = await Promise.all([
    db()
      .selectFrom("course_notes_packages as n")
      .innerJoin("users as u", "u.id", "n.uploader_id")
      .select(["n.id", "n.title", "n.term", "n.term_year", "n.size_bytes", "n.content_type", "u.first_name as uploader_first_name"])
      .where("n.course_id", "=", courseId)
      .where("n.status", "=", "approved")
      .orderBy("n.term_year", "desc")
      .orderBy("n.reviewed_at", "desc")
      .limit(50)
      .execute(),
    viewer.id === null
      ? Promise.resolve(undefined)
      : db().selectFrom("user_courses").select("id").where("user_id", "=", viewer.id).where("course_id", "=", courseId).where("relation", "=", "enrolled").executeTakeFirst(),
  ]);
  return { notes, canOpen: Boolean(takes) || (viewer.id !== null && isReviewer(viewer)) };
}

export type NotesDecision = { decision: "approve" } | { decision: "reject"; reason: string };

export type NotesReview = { kind: "reviewed"; status: "approved" | "rejected"; rewardTokens: number } | { kind: "not-found" } | { kind: "already-reviewed" };

/**
 * Approves (crediting the uploader the configured tokens, with its notification) or rejects
 * (with the reason the student reads) notes waiting for review, with its audit record, in one
 * transaction. The row is updated only while pending, so a decision sent twice, or two
 * reviewers at once, leave one decision and one credit.
 */
export async function reviewNotes(id: number, reviewerId: number, decision: NotesDecision, request?: AuditedRequest): Promise<NotesReview> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const reward = decision.decision === "approve" ? config().NOTES_REWARD_TOKENS : 0;
      const updated = await trx
        .updateTable("course_notes_packages")
        .set({
          status: decision.decision === "approve" ? "approved" : "rejected",
          rejection_reason: decision.decision === "reject" ? decision.reason : null,
          reward_tokens: decision.decision === "approve" ? reward : null,
          reviewed_by: reviewerId,
          reviewed_at: sql<Date>`now()`,
        })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .returning(["id", "uploader_id", "title", "status"])
        .executeTakeFirst();
      if (!updated) {
        const exists = await trx.selectFrom("course_notes_packages").select("status").where("id", "=", id).executeTakeFirst();
        if (!exists) return { kind: "not-found" as const };
        return mayReview(exists.status) ? { kind: "not-found" as const } : { kind: "already-reviewed" as const };
      }
      if (decision.decision === "approve" && reward > 0) {
        await creditTokens(trx, { userId: updated.uploader_id, amount: reward, reason: "notes_reward", reference: `notes:${updated.id}` });
      } else if (decision.decision === "reject") {
        await createNotification(trx, {
          userId: updated.uploader_id,
          type: "NotesRejected",
          groupKey: `notes:${updated.id}`,
          notifiable: null,
          data: { title: updated.title, reason: decision.reason, path: "/upload-notes" },
        });
      }
      await recordAuditEvent(
        { action: decision.decision === "approve" ? "notes.approve" : "notes.reject", actorId: reviewerId, request, details: { notes_id: updated.id, uploader_id: updated.uploader_id } },
        trx,
      );
      return { kind: "reviewed" as const, status: updated.status as "approved" | "rejected", rewardTokens: reward };
    });
}

/** The file of notes, for whoever may open it (mayOpenNotes); null (answered 404) for anyone else and for unknown notes. */
export async function readNotesFile(id: number, viewer: Viewer) {
  if (viewer.id === null) return null;
  const row = await db()
    .selectFrom("course_notes_packages as n")
    .select((eb) => [
      "n.storage_key",
      "n.file_name",
      "n.content_type",
      "n.status",
      "n.uploader_id",
      eb
        .exists(eb.selectFrom("user_courses as uc").select("uc.id").whereRef("uc.course_id", "=", "n.course_id").where("uc.user_id", "=", viewer.id!).where("uc.relation", "=", "enrolled"))
        .as("takes_course"),
    ])
    .where("n.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  if (!mayOpenNotes({ isStaff: isReviewer(viewer), isUploader: row.uploader_id === viewer.id, takesCourse: Boolean(row.takes_course), status: row.status })) return null;
  const bytes = await readStoredFile(NOTES_BUCKET, row.storage_key);
  return bytes ? { bytes, fileName: row.file_name, contentType: row.content_type } : null;
}

/** Notes as one viewer may see them (mayOpenNotes), with their course; undefined for anyone else and for unknown notes. */
export async function notesPackageForViewer(id: number, viewer: Viewer) {
  if (viewer.id === null) return undefined;
  const row = await db()
    .selectFrom("course_notes_packages as n")
    .innerJoin("courses as c", "c.id", "n.course_id")
    .select((eb) => [
      "n.id",
      "n.title",
      "n.term",
      "n.term_year",
      "n.status",
      "n.uploader_id",
      "n.file_name",
      "n.size_bytes",
      "c.code as course_code",
      "c.name as course_name",
      eb
        .exists(eb.selectFrom("user_courses as uc").select("uc.id").whereRef("uc.course_id", "=", "n.course_id").where("uc.user_id", "=", viewer.id!).where("uc.relation", "=", "enrolled"))
        .as("takes_course"),
    ])
    .where("n.id", "=", id)
    .executeTakeFirst();
  if (!row || !mayOpenNotes({ isStaff: isReviewer(viewer), isUploader: row.uploader_id === viewer.id, takesCourse: Boolean(row.takes_course), status: row.status })) return undefined;
  return row;
}

/** The stored file of notes whose access was decided already (a shared link checks its owner's). */
export async function notesFileOf(id: number) {
  const row = await db().selectFrom("course_notes_packages").select(["storage_key", "file_name", "content_type"]).where("id", "=", id).executeTakeFirst();
  const bytes = row ? await readStoredFile(NOTES_BUCKET, row.storage_key) : null;
  return row && bytes ? { bytes, fileName: row.file_name, contentType: row.content_type } : undefined;
}
