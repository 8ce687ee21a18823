import { sql, type Transaction } from "kysely";
import { recordAuditEvent, type AuditedRequest } from "~/accounts/audit.server";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { Database } from "~/db/schema";

/**
 * Merging duplicate schools and catalogue courses (SPEC §3 schools): every row that points at the
 * duplicate is moved to the one kept, then the duplicate is deleted, all in one transaction.
 *
 * Which rows point at a school or course is read from the database's own foreign keys, not a
 * list kept here, so a table added later is covered without anyone remembering this file. Where
 * moving a row would collide with a unique key (a student enrolled in both duplicate courses), the
 * duplicate's row is dropped, as the kept row already says the same. A school's course whose code
 * the kept school already uses is itself a duplicate, and is merged into that course first.
 */

export type MergedTable = "schools" | "courses";

export interface Reference {
  table: string;
  column: string;
}

/** Every single-column foreign key pointing at the table's id. */
export async function referencesTo(table: MergedTable, executor: Executor = db()): Promise<Reference[]> {
  const { rows } = await sql<Reference>`
    select cl.relname as "table", a.attname as "column"
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = ${table}::regclass and cardinality(c.conkey) = 1 and n.nspname = current_schema()
    order by 1, 2`.execute(executor);
  return rows;
}

/** The other columns of each unique index on `table` that includes `column` (plain columns only). */
async function uniqueKeysWith(trx: Transaction<Database>, { table, column }: Reference): Promise<string[][]> {
  const { rows } = await sql<{ columns: string[] }>`
    select array(select a.attname from unnest(i.indkey) k join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k where a.attname <> ${column})::text[] as columns
    from pg_index i join pg_class cl on cl.oid = i.indrelid join pg_namespace n on n.oid = cl.relnamespace
    where i.indisunique and cl.relname = ${table} and n.nspname = current_schema() and 0 <> all(i.indkey)
      and exists (select 1 from unnest(i.indkey) k join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k where a.attname = ${column})`.execute(trx);
  return rows.map((row) => row.columns);
}

async function moveReferences(trx: Transaction<Database>, table: MergedTable, fromId: number, toId: number): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  for (const reference of await referencesTo(table, trx)) {
    const target = sql.table(reference.table);
    const column = sql.ref(reference.column);
    for (const others of await uniqueKeysWith(trx, reference)) {
      const same = others.map((other) => sql`kept.${sql.ref(other)} = dup.${sql.ref(other)}`);
      await sql`delete from ${target} as dup where dup.${column} = ${fromId} and exists (
        select 1 from ${target} as kept where kept.${column} = ${toId}${same.length ? sql` and ${sql.join(same, sql` and `)}` : sql``})`.execute(trx);
    }
    const result = await sql`update ${target} set ${column} = ${toId} where ${column} = ${fromId}`.execute(trx);
    const count = Number(result.numAffectedRows ?? 0);
    if (count > 0) moved[`${reference.table}.${reference.column}`] = count;
  }
  return moved;
}

export type MergeOutcome = { kind: "merged"; moved: Record<string, number> } | { kind: "same" } | { kind: "not-found" };

interface MergeContext {
  actorId: number;
  request?: AuditedRequest;
}

/** Both rows locked in id order, so two merges of the same pair wait for each other and the second finds the duplicate gone. */
async function lockPair(trx: Transaction<Database>, table: MergedTable, ids: [number, number]) {
  const rows = await trx.selectFrom(table).select("id").where("id", "in", ids).orderBy("id").forUpdate().execute();
  return rows.length === 2;
}

async function mergeCoursesIn(trx: Transaction<Database>, duplicateId: number, keptId: number): Promise<Record<string, number>> {
  const moved = await moveReferences(trx, "courses", duplicateId, keptId);
  await trx.deleteFrom("courses").where("id", "=", duplicateId).execute();
  return moved;
}

/** Moves everything pointing at the duplicate course to the kept one and deletes the duplicate. */
export async function mergeCourses(duplicateId: number, keptId: number, context: MergeContext): Promise<MergeOutcome> {
  if (duplicateId === keptId) return { kind: "same" };
  return db()
    .transaction()
    .execute(async (trx) => {
      if (!(await lockPair(trx, "courses", [duplicateId, keptId]))) return { kind: "not-found" } as const;
      const moved = await mergeCoursesIn(trx, duplicateId, keptId);
      await recordAuditEvent({ action: "catalogue.merge", actorId: context.actorId, request: context.request, details: { table: "courses", duplicate_id: duplicateId, kept_id: keptId, moved } }, trx);
      return { kind: "merged", moved } as const;
    });
}

/**
 * Moves everything pointing at the duplicate school to the kept one and deletes the duplicate. The
 * duplicate's courses move along; one whose code the kept school already has is merged into it.
 */
export async function mergeSchools(duplicateId: number, keptId: number, context: MergeContext): Promise<MergeOutcome> {
  if (duplicateId === keptId) return { kind: "same" };
  return db()
    .transaction()
    .execute(async (trx) => {
      if (!(await lockPair(trx, "schools", [duplicateId, keptId]))) return { kind: "not-found" } as const;
      const twins = await trx
        .selectFrom("courses as dup")
        .innerJoin("courses as kept", (join) => join.onRef("kept.code", "=", "dup.code").on("kept.school_id", "=", keptId))
        .select(["dup.id as duplicate", "kept.id as kept"])
        .where("dup.school_id", "=", duplicateId)
        .orderBy("dup.id")
        .forUpdate()
        .execute();
      for (const twin of twins) await mergeCoursesIn(trx, twin.duplicate, twin.kept);
      const moved = await moveReferences(trx, "schools", duplicateId, keptId);
      await trx.deleteFrom("schools").where("id", "=", duplicateId).execute();
      if (twins.length) moved["courses merged"] = twins.length;
      await recordAuditEvent({ action: "catalogue.merge", actorId: context.actorId, request: context.request, details: { table: "schools", duplicate_id: duplicateId, kept_id: keptId, moved } }, trx);
      return { kind: "merged", moved } as const;
    });
}
