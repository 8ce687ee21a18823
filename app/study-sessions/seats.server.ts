import { sql } from "kysely";
import type { Executor } from "~/db/executor";
import type { Purchase } from "~/db/schema";
import { logger } from "~/utils/logger.server";

/**
 * A paid seat in a live study session, inside the transaction that fulfils or refunds its
 * purchase (app/payments/fulfilment.server.ts). The database keeps one enrolment per session and
 * user (unique (study_session_id, user_id)), so purchases racing for one seat end in one row.
 * Kept apart from purchases.server.ts, which refunds through the payments module: fulfilment
 * imports this file, so this file must not import fulfilment.
 */

export interface SeatFromPurchase {
  enrolmentId: number;
  /** False when the buyer already held an active seat: nothing changed and no mail is due. */
  activated: boolean;
}

/**
 * Makes the buyer's enrolment active for this purchase: a new row, or the row of an earlier
 * refund, removal or unpaid checkout taken over. An active enrolment is left as it is.
 */
export async function enrolFromPurchase(trx: Executor, purchase: Pick<Purchase, "id" | "user_id" | "study_session_id">): Promise<SeatFromPurchase | null> {
  if (purchase.study_session_id === null) {
    logger().warn({ purchaseId: purchase.id }, "a study session purchase without its session");
    return null;
  }
  const activated = await trx
    .insertInto("study_session_users")
    .values({ study_session_id: purchase.study_session_id, user_id: purchase.user_id, status: "active", purchase_id: purchase.id, course_id: null, phone_number: null, extended_access_date: null, confirmation_sent_at: null })
    .onConflict((conflict) =>
      conflict
        .columns(["study_session_id", "user_id"])
        .doUpdateSet({ status: "active", purchase_id: purchase.id, confirmation_sent_at: null, updated_at: sql`now()` })
        .where("study_session_users.status", "<>", "active"),
    )
    .returning("id")
    .executeTakeFirst();
  if (activated) return { enrolmentId: activated.id, activated: true };
  const held = await trx
    .selectFrom("study_session_users")
    .select(["id", "purchase_id"])
    .where("study_session_id", "=", purchase.study_session_id)
    .where("user_id", "=", purchase.user_id)
    .executeTakeFirstOrThrow();
  // Checkout refuses a buyer who holds a seat; two checkouts at different prices paid at once
  // can still get here. The charge stays for a person to refund (the purchase names it).
  if (held.purchase_id !== purchase.id) logger().warn({ purchaseId: purchase.id, enrolmentId: held.id }, "a study session paid for twice");
  return { enrolmentId: held.id, activated: false };
}

/** A refunded purchase takes its seat back: the enrolment it paid for becomes refunded. */
export async function refundSeat(trx: Executor, purchase: Pick<Purchase, "id">): Promise<void> {
  await trx
    .updateTable("study_session_users")
    .set({ status: "refunded", updated_at: sql`now()` })
    .where("purchase_id", "=", purchase.id)
    .where("status", "in", ["active", "pending_payment"])
    .execute();
}
