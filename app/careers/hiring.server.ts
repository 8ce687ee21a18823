import { sql } from "kysely";
import { db } from "~/db/db.server";
import type { EmploymentType, HiringStage } from "~/db/schema";
import { readStoredFile } from "~/files/storage.server";
import { sendMail } from "~/mail/mailer.server";
import { checkStageMove, HIRING_STAGES, STAGE_LABELS } from "./hiring";

/**
 * The jobs manager's side of hiring (SPEC §3 jobPositions, jobApplicants, jobApplicantNotes):
 * positions opened and closed, applicants per position moved through the stages, notes only
 * staff read, and mail to an applicant sent from the app and kept on the application's record.
 */

export const RESUME_BUCKET = "job-resumes" as const;

export interface PositionInput {
  title: string;
  department: string;
  location: string;
  employment_type: EmploymentType;
  summary: string;
  responsibilities: string[];
  qualifications: string[];
}

/** Every position, open ones first, with how many applications sit at each stage. */
export async function listPositionsForHiring() {
  const [positions, counts] = await Promise.all([
    db()
      .selectFrom("job_positions")
      .select(["id", "title", "department", "open", "posted_at"])
      .orderBy("open", "desc")
      .orderBy("posted_at", "desc")
      .orderBy("id")
      .execute(),
    db()
      .selectFrom("job_applications")
      .select(["job_position_id", "stage", sql<number>`count(*)::int`.as("n")])
      .groupBy(["job_position_id", "stage"])
      .execute(),
  ]);
  const countsOf = (positionId: number | null) =>
    stageCounts(Object.fromEntries(counts.filter((row) => row.job_position_id === positionId).map((row) => [row.stage, row.n])));
  return { positions: positions.map((position) => ({ ...position, stages: countsOf(position.id) })), general: countsOf(null) };
}

function stageCounts(counts: Record<string, number>) {
  return Object.fromEntries(HIRING_STAGES.map((stage) => [stage, counts[stage] ?? 0])) as Record<HiringStage, number>;
}

/** A position's title, closed or open; undefined when there is no such position. */
export async function positionTitle(positionId: number): Promise<string | undefined> {
  const row = await db().selectFrom("job_positions").select("title").where("id", "=", positionId).executeTakeFirst();
  return row?.title;
}

export async function createPosition(input: PositionInput) {
  return db().insertInto("job_positions").values(input).returning("id").executeTakeFirstOrThrow();
}

/** Opens or closes a position: a closed one leaves /careers and takes no application. False when there is no such position. */
export async function setPositionOpen(positionId: number, open: boolean): Promise<boolean> {
  const result = await db().updateTable("job_positions").set({ open }).where("id", "=", positionId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Applications for one position (or the general ones, position null), newest first, optionally at one stage. */
export async function listApplicationsForHiring(filter: { positionId: number | null; stage: HiringStage | null }) {
  let query = db()
    .selectFrom("job_applications")
    .select(["id", "name", "email", "stage", "created_at", sql<boolean>`resume_storage_key is not null`.as("has_resume")])
    .select((eb) => eb.selectFrom("job_applicant_notes").select(sql<number>`count(*)::int`.as("n")).whereRef("job_applicant_notes.job_application_id", "=", "job_applications.id").as("notes"));
  query = filter.positionId === null ? query.where("job_position_id", "is", null) : query.where("job_position_id", "=", filter.positionId);
  if (filter.stage) query = query.where("stage", "=", filter.stage);
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(300).execute();
}

/** One application as staff see it: the applicant's details, the position, the notes (oldest first). */
export async function findApplicationForHiring(applicationId: number) {
  const application = await db()
    .selectFrom("job_applications")
    .leftJoin("job_positions", "job_positions.id", "job_applications.job_position_id")
    .select([
      "job_applications.id",
      "job_applications.job_position_id",
      "job_positions.title as position_title",
      "job_applications.name",
      "job_applications.email",
      "job_applications.phone",
      "job_applications.portfolio_url",
      "job_applications.cover_letter",
      "job_applications.stage",
      "job_applications.stage_changed_at",
      "job_applications.resume_file_name",
      "job_applications.created_at",
    ])
    .where("job_applications.id", "=", applicationId)
    .executeTakeFirst();
  if (!application) return undefined;
  const notes = await db()
    .selectFrom("job_applicant_notes")
    .leftJoin("users", "users.id", "job_applicant_notes.author_id")
    .select(["job_applicant_notes.id", "job_applicant_notes.body", "job_applicant_notes.created_at", sql<string | null>`nullif(trim(users.first_name || ' ' || users.last_name), '')`.as("author")])
    .where("job_applicant_notes.job_application_id", "=", applicationId)
    .orderBy("job_applicant_notes.created_at")
    .orderBy("job_applicant_notes.id")
    .execute();
  return { ...application, notes };
}

export type StageChange = { kind: "moved" } | { kind: "not-found" } | { kind: "refused"; reason: string };

/** Moves an application to another stage under the pipeline's rule; the row is locked, so two managers' moves apply one after the other. */
export async function moveApplicationStage(applicationId: number, to: HiringStage, now: Date): Promise<StageChange> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("job_applications").select("stage").where("id", "=", applicationId).forUpdate().executeTakeFirst();
      if (!row) return { kind: "not-found" as const };
      const move = checkStageMove(row.stage, to);
      if (!move.ok) return { kind: "refused" as const, reason: move.reason };
      await trx.updateTable("job_applications").set({ stage: to, stage_changed_at: now }).where("id", "=", applicationId).execute();
      await trx
        .insertInto("job_applicant_notes")
        .values({ job_application_id: applicationId, author_id: null, body: `Moved from ${STAGE_LABELS[row.stage].toLowerCase()} to ${STAGE_LABELS[to].toLowerCase()}.` })
        .execute();
      return { kind: "moved" as const };
    });
}

/** A note on the application, read by staff only. False when the application is gone. */
export async function addApplicantNote(applicationId: number, authorId: number, body: string): Promise<boolean> {
  const row = await db()
    .insertInto("job_applicant_notes")
    .columns(["job_application_id", "author_id", "body"])
    .expression((eb) => eb.selectFrom("job_applications").select([eb.val(applicationId).as("a"), eb.val(authorId).as("b"), eb.val(body).as("c")]).where("id", "=", applicationId))
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Mails the applicant from the app; the mail and a note saying it was sent are written together. False when the application is gone. */
export async function emailApplicant(applicationId: number, authorId: number, message: { subject: string; body: string }): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const application = await trx.selectFrom("job_applications").select(["id", "email"]).where("id", "=", applicationId).executeTakeFirst();
      if (!application) return false;
      await sendMail({ to: application.email, subject: message.subject, text: message.body, kind: "job_applicant_message" }, { executor: trx });
      await trx.insertInto("job_applicant_notes").values({ job_application_id: applicationId, author_id: authorId, body: `Emailed “${message.subject}”:\n\n${message.body}` }).execute();
      return true;
    });
}

/** The résumé of an application, with its name and type; null when it has none. */
export async function readResume(applicationId: number) {
  const row = await db()
    .selectFrom("job_applications")
    .select(["resume_storage_key", "resume_file_name", "resume_content_type"])
    .where("id", "=", applicationId)
    .executeTakeFirst();
  if (!row?.resume_storage_key || !row.resume_file_name || !row.resume_content_type) return null;
  const bytes = await readStoredFile(RESUME_BUCKET, row.resume_storage_key);
  return bytes ? { bytes, fileName: row.resume_file_name, contentType: row.resume_content_type } : null;
}
