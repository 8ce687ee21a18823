import { sql } from "kysely";
import { db } from "~/db/db.server";
import type { SchoolType } from "~/db/schema";

export async function listSchools({ offset, limit, schoolType }: { offset: number; limit: number; schoolType?: SchoolType }) {
  let base = db().selectFrom("schools");
  if (schoolType) base = base.where("school_type", "=", schoolType);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy("name").orderBy("id").offset(offset).limit(limit).execute(),
    base.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { schools: rows, total: total.n };
}

export async function findSchool(id: number) {
  return db().selectFrom("schools").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The courses of many schools in one query (no N+1), grouped by school id. */
export async function coursesBySchool(schoolIds: number[]) {
  if (schoolIds.length === 0) return new Map<number, CourseSummary[]>();
  const rows = await db()
    .selectFrom("courses")
    .where("school_id", "in", schoolIds)
    .select(["id", "code", "name", "slug", "subject", "school_id", "price_cents", "currency"])
    .orderBy("code")
    .execute();
  const grouped = new Map<number, CourseSummary[]>();
  for (const row of rows) {
    const list = grouped.get(row.school_id) ?? [];
    list.push(row);
    grouped.set(row.school_id, list);
  }
  return grouped;
}

export type CourseSummary = {
  id: number;
  code: string;
  name: string;
  slug: string;
  subject: string;
  school_id: number;
  price_cents: number;
  currency: string;
};
