import { sql } from "kysely";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { ScholarshipApplicationStatus } from "~/db/schema";
import { deleteStoredFile, newFileName, readStoredFile, saveFile } from "~/files/storage.server";
import {
  APPLICANT_STATUS,
  canReadApplication,
  canReadStaffFields,
  checkStatusMove,
  checkUpload,
  contestPhase,
  isScholarshipOpen,
  transcriptFileName,
  contestUploadFileName,
  type ContestWindow,
  type Viewer,
} from "./scholarship-rules";

export const TRANSCRIPT_BUCKET = "scholarship-transcripts" as const;
export const CONTEST_BUCKET = "contest-uploads" as const;

/** Today as 'yyyy-mm-dd' (UTC), the form every deadline is compared in. */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

function isUniqueViolation(error: unknown, constraint: string) {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === "23505" && e.constraint === constraint;
}

export type ApplicationInput = { essay: string; eligibility_answers: string[]; transcript: { name: string; bytes: Uint8Array } };

/**
 * Stores a student's application: the scholarship must exist ("not-found") and be open today
 * ("closed"), the transcript a PDF or picture of at most 10 MB by its bytes ("wrong-file",
 * "too-large"), and the student must not have applied already ("duplicate", enforced by the
 * unique constraint so two racing submissions leave one row).
 */
export async function applyForScholarship(scholarshipId: number, userId: number, input: ApplicationInput, today = todayIso()) {
  const scholarship = await db()
    .selectFrom("scholarships")
    .where("id", "=", scholarshipId)
    .select(["id", sql<string>`to_char(deadline, 'YYYY-MM-DD')`.as("deadline")])
    .executeTakeFirst();
  if (!scholarship) return { kind: "not-found" as const };
  if (!isScholarshipOpen(scholarship.deadline, today)) return { kind: "closed" as const };
  const check = checkUpload(input.transcript.bytes);
  if (!check.ok) return { kind: check.reason === "tooLarge" ? ("too-large" as const) : ("wrong-file" as const) };
  const key = newFileName("transcript", check.kind.extension);
  await saveFile(TRANSCRIPT_BUCKET, key, input.transcript.bytes);
  try {
    const row = await db()
      .insertInto("scholarship_applications")
      .values({
        scholarship_id: scholarshipId,
        user_id: userId,
        essay: input.essay,
        eligibility_answers: JSON.stringify(input.eligibility_answers),
        transcript_storage_key: key,
        transcript_file_name: transcriptFileName(input.transcript.name, check.kind),
        transcript_content_type: check.kind.contentType,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { kind: "created" as const, id: row.id };
  } catch (error) {
    await deleteStoredFile(TRANSCRIPT_BUCKET, key);
    if (isUniqueViolation(error, "scholarship_applications_one_per_user")) return { kind: "duplicate" as const };
    throw error;
  }
}

/** The student's own application for one scholarship, if any, with the status they may read. */
export async function findMyApplication(scholarshipId: number, userId: number) {
  const row = await db()
    .selectFrom("scholarship_applications")
    .where("scholarship_id", "=", scholarshipId)
    .where("user_id", "=", userId)
    .select(["id", "status", "created_at"])
    .executeTakeFirst();
  return row ? { id: row.id, status: APPLICANT_STATUS[row.status], created_at: row.created_at } : null;
}

/** A student's applications with the status they may read (never a score or staff note). */
export async function listMyScholarshipApplications(userId: number) {
  const rows = await db()
    .selectFrom("scholarship_applications")
    .innerJoin("scholarships", "scholarships.id", "scholarship_applications.scholarship_id")
    .where("scholarship_applications.user_id", "=", userId)
    .select(["scholarship_applications.id", "scholarships.name", "scholarships.slug", "scholarship_applications.status", "scholarship_applications.created_at"])
    .orderBy("scholarship_applications.created_at", "desc")
    .orderBy("scholarship_applications.id", "desc")
    .execute();
  return rows.map(({ status, ...row }) => ({ ...row, status: APPLICANT_STATUS[status] }));
}

/** Every application (or those of one status), newest first, for the staff list. */
export async function listApplicationsForReview(status?: ScholarshipApplicationStatus) {
  let query = db()
    .selectFrom("scholarship_applications")
    .innerJoin("scholarships", "scholarships.id", "scholarship_applications.scholarship_id")
    .innerJoin("users", "users.id", "scholarship_applications.user_id")
    .select([
      "scholarship_applications.id",
      "scholarships.name as scholarship_name",
      "users.email as applicant_email",
      "scholarship_applications.status",
      "scholarship_applications.score",
      "scholarship_applications.created_at",
    ])
    .orderBy("scholarship_applications.created_at", "desc")
    .orderBy("scholarship_applications.id", "desc")
    .limit(200);
  if (status) query = query.where("scholarship_applications.status", "=", status);
  return query.execute();
}

/**
 * One application as the viewer may read it: null (→ 404) for anyone but its applicant and
 * staff; the score and staff notes only for staff.
 */
export async function findApplicationFor(viewer: Viewer | null, id: number) {
  const row = await db()
    .selectFrom("scholarship_applications")
    .innerJoin("scholarships", "scholarships.id", "scholarship_applications.scholarship_id")
    .innerJoin("users", "users.id", "scholarship_applications.user_id")
    .where("scholarship_applications.id", "=", id)
    .select([
      "scholarship_applications.id",
      "scholarship_applications.user_id",
      "scholarships.name as scholarship_name",
      "users.email as applicant_email",
      "scholarship_applications.essay",
      "scholarship_applications.eligibility_answers",
      "scholarship_applications.transcript_file_name",
      "scholarship_applications.status",
      "scholarship_applications.score",
      "scholarship_applications.staff_notes",
      "scholarship_applications.created_at",
    ])
    .executeTakeFirst();
  if (!row || !canReadApplication(viewer, row.user_id)) return null;
  if (canReadStaffFields(viewer)) return row;
  return { ...row, score: null, staff_notes: null };
}

/** The transcript's bytes for its applicant and staff; null (→ 404) for everyone else. */
export async function readTranscriptFor(viewer: Viewer | null, id: number) {
  const row = await db()
    .selectFrom("scholarship_applications")
    .where("id", "=", id)
    .select(["user_id", "transcript_storage_key", "transcript_file_name", "transcript_content_type"])
    .executeTakeFirst();
  if (!row || !canReadApplication(viewer, row.user_id) || !row.transcript_storage_key) return null;
  const bytes = await readStoredFile(TRANSCRIPT_BUCKET, row.transcript_storage_key);
  if (!bytes) return null;
  return { bytes, name: row.transcript_file_name ?? "transcript", contentType: row.transcript_content_type ?? "application/octet-stream" };
}

/**
 * Staff review: a score (0–100, or none), notes, and a status move checked by the rules. The
 * move is guarded by the status read, so two reviewers deciding at once leave one decision.
 */
export async function reviewApplication(
  id: number,
  staffId: number,
  input: { score: number | null; staff_notes: string | null; status: ScholarshipApplicationStatus },
  executor: Executor = db(),
) {
  const current = await executor.selectFrom("scholarship_applications").where("id", "=", id).select(["status"]).executeTakeFirst();
  if (!current) return { kind: "not-found" as const };
  const moving = input.status !== current.status;
  if (moving) {
    const move = checkStatusMove(current.status, input.status);
    if (!move.ok) return { kind: "refused" as const, reason: move.reason };
  }
  const decided = moving && (input.status === "accepted" || input.status === "declined");
  const updated = await executor
    .updateTable("scholarship_applications")
    .set({
      score: input.score,
      staff_notes: input.staff_notes,
      status: input.status,
      ...(decided ? { decided_at: new Date(), decided_by: staffId } : {}),
    })
    .where("id", "=", id)
    .where("status", "=", current.status)
    .returning("id")
    .executeTakeFirst();
  if (!updated) return { kind: "refused" as const, reason: "Someone else changed this application meanwhile: reload it and try again." };
  return { kind: "saved" as const, decided: decided ? input.status : null };
}

export type ContestEntryInput = { title: string; body: string; upload?: { name: string; bytes: Uint8Array } };

/**
 * Stores a contest entry during its window ("upcoming", "closed" otherwise), with an optional
 * PDF or picture; one per user and contest ("duplicate", enforced by the unique constraint).
 */
export async function enterContest(contest: string, window: ContestWindow, userId: number, input: ContestEntryInput, today = todayIso()) {
  const phase = contestPhase(window, today);
  if (phase !== "open") return { kind: phase };
  let upload: { key: string; name: string; contentType: string } | null = null;
  if (input.upload && input.upload.bytes.byteLength > 0) {
    const check = checkUpload(input.upload.bytes);
    if (!check.ok) return { kind: check.reason === "tooLarge" ? ("too-large" as const) : ("wrong-file" as const) };
    upload = { key: newFileName("entry", check.kind.extension), name: contestUploadFileName(input.upload.name, check.kind), contentType: check.kind.contentType };
    await saveFile(CONTEST_BUCKET, upload.key, input.upload.bytes);
  }
  try {
    const row = await db()
      .insertInto("contest_entries")
      .values({
        contest,
        user_id: userId,
        title: input.title,
        body: input.body,
        upload_storage_key: upload?.key ?? null,
        upload_file_name: upload?.name ?? null,
        upload_content_type: upload?.contentType ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { kind: "created" as const, id: row.id };
  } catch (error) {
    if (upload) await deleteStoredFile(CONTEST_BUCKET, upload.key);
    if (isUniqueViolation(error, "contest_entries_one_per_user")) return { kind: "duplicate" as const };
    throw error;
  }
}
