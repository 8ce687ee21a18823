import { db } from "~/db/db.server";
import { spendTokens } from "~/payments/tokens.server";
import { cancellationRefusal, contractTokenPrice, contractTotalCents, minutesLeft, sessionPhase, type Refusal } from "~/tutoring/rules";

/**
 * Student–tutor contracts: what a contract's page shows its two people, paying for one with
 * tokens, and cancelling a session under it. Paying is one transaction: the contract row is
 * locked while unpaid, the tokens are spent (a conditional update, never below zero) and the
 * contract marked paid, so a double click pays once.
 */

export async function findContract(contractId: number) {
  const contract = await db()
    .selectFrom("student_tutor_contracts as k")
    .innerJoin("users as s", "s.id", "k.student_id")
    .innerJoin("users as t", "t.id", "k.tutor_id")
    .leftJoin("courses as c", "c.id", "k.course_id")
    .leftJoin("tutor_profiles as tp", "tp.user_id", "k.tutor_id")
    .where("k.id", "=", contractId)
    .select([
      "k.id",
      "k.student_id",
      "k.tutor_id",
      "k.rate_cents",
      "k.currency",
      "k.purchased_minutes",
      "k.session_minutes",
      "k.purchase_status",
      "k.payment_method",
      "k.terms",
      "k.created_at",
      "k.paid_at",
      "s.first_name as student_first_name",
      "s.last_name as student_last_name",
      "s.token_balance as student_token_balance",
      "t.first_name as tutor_first_name",
      "t.last_name as tutor_last_name",
      "c.code as course_code",
      "c.name as course_name",
      "tp.time_zone as tutor_time_zone",
    ])
    .executeTakeFirst();
  if (!contract) return undefined;
  const sessions = await db()
    .selectFrom("tutoring_sessions")
    .where("contract_id", "=", contract.id)
    .select(["id", "starts_at", "ends_at", "status", "room_slug"])
    .orderBy("starts_at")
    .execute();
  return { ...contract, sessions };
}

export type ContractRecord = NonNullable<Awaited<ReturnType<typeof findContract>>>;

/** The contract as its page shows it at `now`: price, hours left, sessions with their phase. */
export function contractSummary(contract: ContractRecord, now: Date) {
  const facts = contract.sessions.map((session) => ({ status: session.status, startsAt: session.starts_at, endsAt: session.ends_at }));
  const totalCents = contractTotalCents(contract.rate_cents, contract.purchased_minutes);
  return {
    totalCents,
    tokenPrice: contractTokenPrice(totalCents),
    minutesLeft: minutesLeft(contract.purchased_minutes, facts),
    sessions: contract.sessions.map((session, index) => ({ ...session, phase: sessionPhase(facts[index]!, now) })),
  };
}

/** The contracts a user is a party to (as student or as tutor), newest first. */
export async function listContracts(userId: number, side: "student" | "tutor") {
  return db()
    .selectFrom("student_tutor_contracts as k")
    .innerJoin("users as other", "other.id", side === "student" ? "k.tutor_id" : "k.student_id")
    .leftJoin("courses as c", "c.id", "k.course_id")
    .where(side === "student" ? "k.student_id" : "k.tutor_id", "=", userId)
    .select(["k.id", "k.purchase_status", "k.purchased_minutes", "k.rate_cents", "k.currency", "c.code as course_code", "other.first_name as other_first_name", "other.last_name as other_last_name"])
    .orderBy("k.created_at", "desc")
    .orderBy("k.id", "desc")
    .execute();
}

export type PaymentOutcome = { kind: "paid"; balance: number } | ({ kind: "refused" } & Refusal);

/** The student pays an unpaid contract with tokens; refused without enough of them. */
export async function payContractWithTokens(contractId: number, studentId: number): Promise<PaymentOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<PaymentOutcome> => {
      const contract = await trx
        .selectFrom("student_tutor_contracts")
        .where("id", "=", contractId)
        .where("student_id", "=", studentId)
        .select(["id", "purchase_status", "rate_cents", "purchased_minutes"])
        .forUpdate()
        .executeTakeFirst();
      if (!contract) return { kind: "refused", message: "Contract not found", status: 404 };
      if (contract.purchase_status !== "unpaid") return { kind: "refused", message: contract.purchase_status === "paid" ? "This contract is already paid." : "This contract was refunded.", status: 409 };
      const tokens = contractTokenPrice(contractTotalCents(contract.rate_cents, contract.purchased_minutes));
      const balance = tokens === 0 ? 0 : await spendTokens({ userId: studentId, amount: tokens, reason: "tutoring", reference: `student_tutor_contract:${contract.id}` }, trx);
      if (balance === null) return { kind: "refused", message: `Paying with tokens takes ${tokens} tokens, more than you have. Buy tokens first.`, status: 409 };
      await trx.updateTable("student_tutor_contracts").set({ purchase_status: "paid", payment_method: "tokens", paid_at: new Date() }).where("id", "=", contract.id).execute();
      return { kind: "paid", balance };
    });
}

export type CancelOutcome = { kind: "cancelled" } | ({ kind: "refused" } & Refusal);

/** Either party cancels a session of the contract under rules.ts's cancellation rule; its time returns to the contract. */
export async function cancelTutoringSession(input: { contractId: number; sessionId: number; by: { id: number; side: "student" | "tutor" }; now: Date }): Promise<CancelOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<CancelOutcome> => {
      const session = await trx
        .selectFrom("tutoring_sessions")
        .where("id", "=", input.sessionId)
        .where("contract_id", "=", input.contractId)
        .select(["id", "status", "starts_at", "ends_at"])
        .forUpdate()
        .executeTakeFirst();
      if (!session) return { kind: "refused", message: "Session not found", status: 404 };
      const refusal = cancellationRefusal({ status: session.status, startsAt: session.starts_at, endsAt: session.ends_at }, input.by.side, input.now);
      if (refusal) return { kind: "refused", ...refusal };
      await trx.updateTable("tutoring_sessions").set({ status: "cancelled", cancelled_by: input.by.id, cancelled_at: input.now }).where("id", "=", session.id).execute();
      return { kind: "cancelled" };
    });
}
