import { db } from "~/db/db.server";
import { hitRateLimit, type RateLimitRule } from "~/security/rate-limit.server";
import type { JobApplicationInput } from "./careers";

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

/** Stores an application; the position must be open (else "closed"), and the address within its hourly limit. */
export async function createJobApplication(input: JobApplicationInput, userId: number | null, clientIp: string) {
  if (input.job_position_id !== undefined) {
    const position = await findOpenPosition(input.job_position_id);
    if (!position) return { kind: "closed" as const };
  }
  const limit = await hitRateLimit(jobApplicationRateLimit, clientIp);
  if (!limit.allowed) return { kind: "rate-limited" as const, retryAfterSeconds: limit.retryAfterSeconds };
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
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { kind: "created" as const, id: row.id };
}
