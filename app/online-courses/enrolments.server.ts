import { sql } from "kysely";
import type { Executor } from "~/db/executor";
import type { ElitePaymentStatus, EnrolmentStatus, OnlineCourseUser, PackageType } from "~/db/schema";
import type { EnrolmentFacts } from "~/online-courses/access";

/**
 * Enrolments (online course users, SPEC §3): the one way rows are created or changed, for
 * admin and instructor actions, free and trial sign-ups, and purchases.
 */


export interface Enrolment {
  userId: number;
  onlineCourseId: number;
  packageType: PackageType;
  status: EnrolmentStatus;
  elitePaymentStatus?: ElitePaymentStatus | null;
  courseScheduleId?: number | null;
  expiresAt?: Date | null;
  extendedAccessDate?: Date | null;
}

/**
 * Enrols the user in the online course, or brings their existing enrolment to the given package
 * and status: one row per (user, online course), so calling it again (a retried webhook, a
 * double-submitted form) changes nothing more. Optional fields left out keep their stored value.
 */
export async function enrol(trx: Executor, enrolment: Enrolment): Promise<OnlineCourseUser> {
  const optional = {
    ...(enrolment.elitePaymentStatus !== undefined ? { elite_payment_status: enrolment.elitePaymentStatus } : {}),
    ...(enrolment.courseScheduleId !== undefined ? { course_schedule_id: enrolment.courseScheduleId } : {}),
    ...(enrolment.expiresAt !== undefined ? { expires_at: enrolment.expiresAt } : {}),
    ...(enrolment.extendedAccessDate !== undefined ? { extended_access_date: enrolment.extendedAccessDate } : {}),
  };
  return trx
    .insertInto("online_course_users")
    .values({
      user_id: enrolment.userId,
      online_course_id: enrolment.onlineCourseId,
      package_type: enrolment.packageType,
      status: enrolment.status,
      elite_payment_status: null,
      course_schedule_id: null,
      expires_at: null,
      extended_access_date: null,
      current_activity_id: null,
      ...optional,
    })
    .onConflict((conflict) =>
      conflict.columns(["user_id", "online_course_id"]).doUpdateSet({
        package_type: enrolment.packageType,
        status: enrolment.status,
        ...optional,
        updated_at: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Moves an enrolment to a status (e.g. refunded, expired); undefined when there is none. */
export async function setEnrolmentStatus(
  trx: Executor,
  { userId, onlineCourseId, status, expiresAt }: { userId: number; onlineCourseId: number; status: EnrolmentStatus; expiresAt?: Date | null },
): Promise<OnlineCourseUser | undefined> {
  return trx
    .updateTable("online_course_users")
    .set({ status, updated_at: sql`now()`, ...(expiresAt !== undefined ? { expires_at: expiresAt } : {}) })
    .where("user_id", "=", userId)
    .where("online_course_id", "=", onlineCourseId)
    .returningAll()
    .executeTakeFirst();
}

/** Admin "expire all" (SPEC §4): every enrolment of the course becomes expired, ending now. Returns how many. */
export async function expireAllEnrolments(trx: Executor, onlineCourseId: number, now: Date = new Date()): Promise<number> {
  const rows = await trx
    .updateTable("online_course_users")
    .set({ status: "expired", expires_at: now, updated_at: now })
    .where("online_course_id", "=", onlineCourseId)
    .where("status", "!=", "expired")
    .returning("id")
    .execute();
  return rows.length;
}

export async function findEnrolment(trx: Executor, userId: number, onlineCourseId: number): Promise<OnlineCourseUser | undefined> {
  return trx.selectFrom("online_course_users").selectAll().where("user_id", "=", userId).where("online_course_id", "=", onlineCourseId).executeTakeFirst();
}

/** The facts the access module needs from an enrolment row. */
export function enrolmentFacts(row: Pick<OnlineCourseUser, "status" | "package_type" | "elite_payment_status" | "expires_at" | "extended_access_date"> | null | undefined): EnrolmentFacts | null {
  if (!row) return null;
  return {
    status: row.status,
    packageType: row.package_type,
    elitePaymentStatus: row.elite_payment_status,
    expiresAt: row.expires_at,
    extendedAccessDate: row.extended_access_date,
  };
}
