import { db } from "~/db/db.server";
import { deleteStoredFile, newFileName, saveFile } from "~/files/storage.server";
import { hitRateLimit, type RateLimitRule } from "~/security/rate-limit.server";
import type { JobApplicationInput } from "./careers";
import { APPLICANT_STATUS, resumeFileName, resumeKind } from "./hiring";
import { RESUME_BUCKET } from "./hiring.server";

/** Applications per client address and hour: a guest form that stores rows must not fill the table. */
export const jobApplicationRateLimit: RateLimitRule = { name: "job-application:ip", limit: 5, windowSeconds: 3600 };

const POSITION_COLUMNS = ["id", "title", "department", "location", "employment_type", "summary", "posted_at"] as const;

export async function listOpenPositions() {
  return db().selectFrom("job_positions").where("open", "=", true).select(POSITION_COLUMNS).orderBy("posted_at", "desc").orderBy("id").execute();
}

/** An open position with its details; closed and unknown positions are not shown. */
export async function findOpenPosition(id: number) {
  return db()
    .selectFrom("job_positions")
    .where("id", "=", id)
    .where("open", "=", true)
    .select([...POSITION_COLUMNS, "responsibilities", "qualifications"])
    .executeTakeFirst();
}

/**
 * Stores an application; the position must be open (else "closed"), a résumé a PDF or Word
 * document by its bytes (else "wrong-file", nothing stored), and the address within its hourly limit.
 */
export async function createJobApplication(input: Omit<JobApplicationInput, "resume"> & { resume?: { name: string; bytes: Uint8Array } }, userId: number | null, clientIp: string) {
  if (input.job_position_id !== undefined) {
    const position = await findOpenPosition(input.job_position_id);
    if (!position) return { kind: "closed" as const };
  }
  const kind = input.resume ? resumeKind(input.resume.bytes) : null;
  if (input.resume && !kind) return { kind: "wrong-file" as const };
  const limit = await hitRateLimit(jobApplicationRateLimit, clientIp);
  if (!limit.allowed) return { kind: "rate-limited" as const, retryAfterSeconds: limit.retryAfterSeconds };
  const resume = input.resume && kind ? { key: newFileName("resume", kind.extension), name: resumeFileName(input.resume.name, kind), contentType: kind.contentType, bytes: input.resume.bytes } : null;
  if (resume) await saveFile(RESUME_BUCKET, resume.key, resume.bytes);
  const row = await db()
    .insertInto("job_applications")
    .values({
      job_position_id: input.job_position_id ?? null,
      user_id: userId,
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      portfolio_url: input.portfolio_url ?? null,
      cover_letter: input.cover_letter,
      resume_storage_key: resume?.key ?? null,
      resume_file_name: resume?.name ?? null,
      resume_content_type: resume?.contentType ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
    .catch(async (error: unknown) => {
      if (resume) await deleteStoredFile(RESUME_BUCKET, resume.key);
      throw error;
    });
  return { kind: "created" as const, id: row.id };
}

/** A signed-in applicant's own applications with the status they may read (never staff notes). */
export async function listMyApplications(userId: number) {
  const rows = await db()
    .selectFrom("job_applications")
    .leftJoin("job_positions", "job_positions.id", "job_applications.job_position_id")
    .select(["job_applications.id", "job_positions.title as position_title", "job_applications.stage", "job_applications.created_at"])
    .where("job_applications.user_id", "=", userId)
    .orderBy("job_applications.created_at", "desc")
    .orderBy("job_applications.id", "desc")
    .limit(50)
    .execute();
  return rows.map(({ stage, ...row }) => ({ ...row, status: APPLICANT_STATUS[stage] }));
}
