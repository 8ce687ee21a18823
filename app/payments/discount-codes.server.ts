import { sql } from "kysely";
import { recordAuditEvent, type AuditedRequest } from "~/accounts/audit.server";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import { discountCodeValues, type DiscountCodeInput } from "~/payments/discount-code-rules";

/**
 * Discount codes as staff keep them (/admin/discount-codes). Checkout reads the same rows
 * (findDiscountCode, quote.ts's checkDiscountCode); a use is claimed when a checkout opens
 * (claimDiscountUse) and given back when that checkout expires (migration 0032's trigger).
 */

export const CODE_TAKEN_MESSAGE = "A discount code with these letters already exists (codes are the same whatever their case).";
export const LIMIT_BELOW_USES_MESSAGE = "The usage limit cannot be lower than the uses this code already has.";

export class DiscountCodeInputError extends Error {
  constructor(readonly field: "code" | "usage_limit" | "online_course_id", message: string) {
    super(message);
  }
}

/** Takes one use of a code if one is left; false when it is used up or switched off. A conditional update, so of two buyers after the last use exactly one gets it. */
export async function claimDiscountUse(executor: Executor, discountCodeId: number): Promise<boolean> {
  const row = await executor
    .updateTable("discount_codes")
    .set({ times_used: sql`times_used + 1` })
    .where("id", "=", discountCodeId)
    .where("deactivated_at", "is", null)
    .where((eb) => eb.or([eb("usage_limit", "is", null), eb("times_used", "<", eb.ref("usage_limit"))]))
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export interface DiscountCodeListItem {
  id: number;
  code: string;
  percentOff: number;
  productKind: string | null;
  onlineCourseId: number | null;
  onlineCourseName: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  timesUsed: number;
  redemptions: number;
  deactivatedAt: Date | null;
}

/** Every code, newest first, with the course it is for and how many paid purchases redeemed it. */
export async function listDiscountCodes(): Promise<DiscountCodeListItem[]> {
  const rows = await db()
    .selectFrom("discount_codes")
    .leftJoin("online_courses", "online_courses.id", "discount_codes.online_course_id")
    .select([
      "discount_codes.id",
      "discount_codes.code",
      "discount_codes.percent_off",
      "discount_codes.product_kind",
      "discount_codes.online_course_id",
      "online_courses.name as course_name",
      "discount_codes.starts_at",
      "discount_codes.ends_at",
      "discount_codes.usage_limit",
      "discount_codes.times_used",
      "discount_codes.deactivated_at",
      (eb) =>
        eb
          .selectFrom("discount_redemptions")
          .select((inner) => inner.fn.countAll<number>().as("n"))
          .whereRef("discount_redemptions.discount_code_id", "=", "discount_codes.id")
          .as("redemptions"),
    ])
    .orderBy("discount_codes.created_at", "desc")
    .orderBy("discount_codes.id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    percentOff: row.percent_off,
    productKind: row.product_kind,
    onlineCourseId: row.online_course_id,
    onlineCourseName: row.course_name,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    usageLimit: row.usage_limit,
    timesUsed: row.times_used,
    redemptions: Number(row.redemptions ?? 0),
    deactivatedAt: row.deactivated_at,
  }));
}

export async function findDiscountCodeById(id: number) {
  return db().selectFrom("discount_codes").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The online courses a code can be limited to, by name. */
export async function discountableCourses() {
  return db().selectFrom("online_courses").select(["id", "name"]).where("status", "in", ["published", "preparing"]).orderBy("name").execute();
}

async function checkCourse(input: DiscountCodeInput) {
  if (input.product_kind !== "online_course" || input.online_course_id === undefined) return;
  const course = await db().selectFrom("online_courses").select("id").where("id", "=", input.online_course_id).executeTakeFirst();
  if (!course) throw new DiscountCodeInputError("online_course_id", "Choose a course from the list");
}

function refuseTaken(error: unknown): never {
  if ((error as { code?: string }).code === "23505") throw new DiscountCodeInputError("code", CODE_TAKEN_MESSAGE);
  throw error;
}

export async function createDiscountCode(input: DiscountCodeInput, actor: { id: number; request?: AuditedRequest }): Promise<number> {
  await checkCourse(input);
  const values = discountCodeValues(input);
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.insertInto("discount_codes").values(values).returning("id").executeTakeFirstOrThrow();
      await recordAuditEvent(
        { action: "discount_code.create", actorId: actor.id, request: actor.request, details: { discount_code_id: row.id, code: values.code, percent_off: values.percent_off } },
        trx
      );
      return row.id;
    })
    .catch(refuseTaken);
}

/** Changes a code; undefined when there is no such code. The limit may not drop below the uses it has (the database's check says the same). */
export async function updateDiscountCode(id: number, input: DiscountCodeInput, actor: { id: number; request?: AuditedRequest }): Promise<number | undefined> {
  await checkCourse(input);
  const values = discountCodeValues(input);
  return db()
    .transaction()
    .execute(async (trx) => {
      const current = await trx.selectFrom("discount_codes").select(["id", "times_used"]).where("id", "=", id).forUpdate().executeTakeFirst();
      if (!current) return undefined;
      if (values.usage_limit !== null && values.usage_limit < current.times_used) throw new DiscountCodeInputError("usage_limit", LIMIT_BELOW_USES_MESSAGE);
      await trx.updateTable("discount_codes").set(values).where("id", "=", id).execute();
      await recordAuditEvent({ action: "discount_code.update", actorId: actor.id, request: actor.request, details: { discount_code_id: id, code: values.code, percent_off: values.percent_off } }, trx);
      return id;
    })
    .catch(refuseTaken);
}

/** Switches a code off (checkout refuses it from then on) or on again; false when there is no such code. */
export async function setDiscountCodeActive(id: number, active: boolean, actor: { id: number; request?: AuditedRequest }): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .updateTable("discount_codes")
        .set({ deactivated_at: active ? null : sql`coalesce(deactivated_at, now())` })
        .where("id", "=", id)
        .returning("code")
        .executeTakeFirst();
      if (!row) return false;
      await recordAuditEvent(
        { action: active ? "discount_code.reactivate" : "discount_code.deactivate", actorId: actor.id, request: actor.request, details: { discount_code_id: id, code: row.code } },
        trx
      );
      return true;
    });
}
