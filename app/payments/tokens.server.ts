import { sql, type Transaction } from "kysely";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { Database } from "~/db/schema";
import { createNotification } from "~/notifications/notifications.server";

/**
 * Activity tokens: users.token_balance changes only here, always together with a ledger row, so
 * the balance equals the sum of the user's ledger. Spending is one conditional update: however
 * many requests race, the balance never goes below zero and each success is one ledger row.
 */


export const NOT_ENOUGH_TOKENS = "You don't have enough tokens for this.";

/** Adds tokens (a purchase, a referral reward) and tells the user with a TokenCredit notification. */
export async function creditTokens(
  trx: Transaction<Database>,
  { userId, amount, reason, purchaseId = null, reference = null }: { userId: number; amount: number; reason: string; purchaseId?: number | null; reference?: string | null },
): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError("A token credit must be a positive whole number.");
  const { token_balance } = await trx
    .updateTable("users")
    .set({ token_balance: sql`token_balance + ${amount}` })
    .where("id", "=", userId)
    .returning("token_balance")
    .executeTakeFirstOrThrow();
  await trx.insertInto("token_ledger").values({ user_id: userId, delta: amount, reason, purchase_id: purchaseId, reference }).execute();
  await createNotification(trx, {
    userId,
    type: "TokenCredit",
    groupKey: "tokens",
    notifiable: purchaseId ? { type: "Purchase", id: purchaseId } : null,
    data: { amount, token_balance: token_balance, reason },
  });
  return token_balance;
}

/** Spends tokens if the balance allows; returns the new balance, or null when it does not. */
export async function spendTokens(
  { userId, amount, reason, reference = null }: { userId: number; amount: number; reason: string; reference?: string | null },
  executor: Executor = db(),
): Promise<number | null> {
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError("Spend a positive whole number of tokens.");
  const spend = async (trx: Transaction<Database>) => {
    const updated = await trx
      .updateTable("users")
      .set({ token_balance: sql`token_balance - ${amount}` })
      .where("id", "=", userId)
      .where("token_balance", ">=", amount)
      .returning("token_balance")
      .executeTakeFirst();
    if (!updated) return null;
    await trx.insertInto("token_ledger").values({ user_id: userId, delta: -amount, reason, reference }).execute();
    return updated.token_balance;
  };
  // Inside the caller's transaction when it holds one (what the tokens pay for is written there too).
  return executor.isTransaction ? spend(executor as Transaction<Database>) : executor.transaction().execute(spend);
}

/** Removes tokens bought with a refunded purchase, as far as the balance allows. */
export async function takeBackTokens(trx: Transaction<Database>, { userId, amount, purchaseId }: { userId: number; amount: number; purchaseId: number }) {
  const user = await trx.selectFrom("users").select("token_balance").where("id", "=", userId).forUpdate().executeTakeFirst();
  const taken = Math.min(user?.token_balance ?? 0, amount);
  if (taken <= 0) return 0;
  await trx.updateTable("users").set({ token_balance: sql`token_balance - ${taken}` }).where("id", "=", userId).execute();
  await trx.insertInto("token_ledger").values({ user_id: userId, delta: -taken, reason: "refund", reference: `purchase:${purchaseId}` }).execute();
  return taken;
}

export async function tokenLedgerSum(userId: number, executor: Executor = db()): Promise<number> {
  const row = await executor.selectFrom("token_ledger").select(sql<number>`coalesce(sum(delta), 0)::int`.as("total")).where("user_id", "=", userId).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The user's balance and their latest ledger rows, newest first (the /tokens page). */
export async function tokenAccount(userId: number, latest = 20) {
  const [user, ledger] = await Promise.all([
    db().selectFrom("users").select("token_balance").where("id", "=", userId).executeTakeFirstOrThrow(),
    db().selectFrom("token_ledger").select(["id", "delta", "reason", "created_at"]).where("user_id", "=", userId).orderBy("id", "desc").limit(latest).execute(),
  ]);
  return { balance: user.token_balance, ledger };
}
