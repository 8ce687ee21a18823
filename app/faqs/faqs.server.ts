import { sql, type Transaction } from "kysely";
import { db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { movedOrder, nextPosition, positionChanges, type FaqPageKey, type MoveDirection } from "~/faqs/faq-rules";

/**
 * FAQs over PostgreSQL: each page's questions in order. Every change to a page's list runs in one
 * transaction that first takes the page's lock, and rewrites positions 1..n (faqs' unique
 * (page, position) is checked at commit), so the order stays contiguous however staff edit at once.
 */

export type Faq = { id: number; page: string; position: number; question: string; answer: string };

/** A page's FAQs, in order. */
export function listFaqs(page: FaqPageKey): Promise<Faq[]> {
  return db().selectFrom("faqs").select(["id", "page", "position", "question", "answer"]).where("page", "=", page).orderBy("position").execute();
}

/** Every FAQ, by page and order (the staff screen). */
export function listAllFaqs(): Promise<Faq[]> {
  return db().selectFrom("faqs").select(["id", "page", "position", "question", "answer"]).orderBy("page").orderBy("position").execute();
}

/** Serialises changes to one page's list. */
async function lockPage(trx: Transaction<Database>, page: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`faqs:${page}`}))`.execute(trx);
}

async function rewrite(trx: Transaction<Database>, page: string, order?: (ids: number[]) => number[] | null): Promise<boolean> {
  const rows = await trx.selectFrom("faqs").select(["id", "position"]).where("page", "=", page).orderBy("position").orderBy("id").execute();
  const ids = rows.map((row) => row.id);
  const next = order ? order(ids) : ids;
  if (!next) return false;
  for (const change of positionChanges(rows, next)) {
    await trx.updateTable("faqs").set({ position: change.position }).where("id", "=", change.id).execute();
  }
  return true;
}

export async function createFaq(input: { page: FaqPageKey; question: string; answer: string; now: Date }): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockPage(trx, input.page);
      const { count } = await trx.selectFrom("faqs").select(sql<number>`count(*)::int`.as("count")).where("page", "=", input.page).executeTakeFirstOrThrow();
      const row = await trx
        .insertInto("faqs")
        .values({ page: input.page, position: nextPosition(count), question: input.question, answer: input.answer, created_at: input.now, updated_at: input.now })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    });
}

/** False when there is no such FAQ. */
export async function updateFaq(input: { id: number; question: string; answer: string; now: Date }): Promise<boolean> {
  const updated = await db().updateTable("faqs").set({ question: input.question, answer: input.answer, updated_at: input.now }).where("id", "=", input.id).executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Deletes a FAQ and closes the gap it leaves. False when there is no such FAQ. */
export async function deleteFaq(id: number): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const faq = await trx.selectFrom("faqs").select("page").where("id", "=", id).executeTakeFirst();
      if (!faq) return false;
      await lockPage(trx, faq.page);
      const deleted = await trx.deleteFrom("faqs").where("id", "=", id).executeTakeFirst();
      if (deleted.numDeletedRows === 0n) return false;
      await rewrite(trx, faq.page);
      return true;
    });
}

/** Moves a FAQ within its page: "not-found", "edge" (already first or last) or "moved". */
export async function moveFaq(id: number, direction: MoveDirection): Promise<"not-found" | "edge" | "moved"> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const faq = await trx.selectFrom("faqs").select("page").where("id", "=", id).executeTakeFirst();
      if (!faq) return "not-found";
      await lockPage(trx, faq.page);
      return (await rewrite(trx, faq.page, (ids) => movedOrder(ids, id, direction))) ? "moved" : "edge";
    });
}
