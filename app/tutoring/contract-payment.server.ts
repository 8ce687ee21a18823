import type { Transaction } from "kysely";
import { db } from "~/db/db.server";
import type { Database, Purchase } from "~/db/schema";
import type { ContractForSale } from "~/payments/quote";
import { creditTokens } from "~/payments/tokens.server";
import { contractTokenPrice, contractTotalCents } from "~/tutoring/rules";
import { logger } from "~/utils/logger.server";

/**
 * A tutoring contract paid by card through checkout (the `tutoring` purchase): what checkout
 * sells, and what fulfilment and refunds do to the contract. Tokens are the other way to pay
 * (contracts.server.ts); whichever lands second is undone so a contract is paid once.
 */

type Trx = Transaction<Database>;

/** The contract as checkout sells it, when it is this student's. */
export async function findContractForSale(contractId: number, studentId: number): Promise<ContractForSale | null> {
  const row = await db()
    .selectFrom("student_tutor_contracts as k")
    .innerJoin("users as t", "t.id", "k.tutor_id")
    .leftJoin("courses as c", "c.id", "k.course_id")
    .where("k.id", "=", contractId)
    .where("k.student_id", "=", studentId)
    .select(["k.id", "k.rate_cents", "k.currency", "k.purchased_minutes", "k.purchase_status", "t.first_name", "t.last_name", "c.code", "c.name"])
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    tutorName: `${row.first_name} ${row.last_name}`,
    courseLabel: row.code ? `${row.code}: ${row.name}` : null,
    minutes: row.purchased_minutes,
    priceCents: contractTotalCents(row.rate_cents, row.purchased_minutes),
    currency: row.currency,
    purchaseStatus: row.purchase_status,
  };
}

/**
 * A card payment for the contract went through. Paid with tokens meanwhile (another tab)? The
 * card payment stands and the tokens go back, so the student pays once.
 */
export async function contractPaidByCard(trx: Trx, purchase: Purchase) {
  const contract = await trx
    .selectFrom("student_tutor_contracts")
    .select(["id", "student_id", "purchase_status", "payment_method", "rate_cents", "purchased_minutes"])
    .where("id", "=", purchase.student_tutor_contract_id!)
    .forUpdate()
    .executeTakeFirst();
  if (!contract) {
    logger().warn({ purchase: purchase.id }, "card payment for a tutoring contract that no longer exists");
    return;
  }
  if (contract.purchase_status === "unpaid") {
    await trx.updateTable("student_tutor_contracts").set({ purchase_status: "paid", payment_method: "card", paid_at: new Date() }).where("id", "=", contract.id).execute();
    return;
  }
  if (contract.purchase_status === "paid" && contract.payment_method === "tokens") {
    await trx.updateTable("student_tutor_contracts").set({ payment_method: "card" }).where("id", "=", contract.id).execute();
    const tokens = contractTokenPrice(contractTotalCents(contract.rate_cents, contract.purchased_minutes));
    if (tokens > 0) await creditTokens(trx, { userId: contract.student_id, amount: tokens, reason: "tutoring_paid_by_card", purchaseId: purchase.id, reference: `student_tutor_contract:${contract.id}` });
    return;
  }
  logger().warn({ purchase: purchase.id, contract: contract.id, status: contract.purchase_status }, "card payment for a tutoring contract that is already paid by card or refunded");
}

/** A refunded card payment ends the contract: it is marked refunded and its upcoming sessions are cancelled. */
export async function contractRefunded(trx: Trx, purchase: Purchase) {
  const now = new Date();
  const refunded = await trx
    .updateTable("student_tutor_contracts")
    .set({ purchase_status: "refunded", refunded_at: now })
    .where("id", "=", purchase.student_tutor_contract_id!)
    .where("purchase_status", "=", "paid")
    .where("payment_method", "=", "card")
    .returning("id")
    .executeTakeFirst();
  if (!refunded) return;
  await trx
    .updateTable("tutoring_sessions")
    .set({ status: "cancelled", cancelled_by: null, cancelled_at: now })
    .where("contract_id", "=", refunded.id)
    .where("status", "=", "booked")
    .where("starts_at", ">", now)
    .execute();
}
