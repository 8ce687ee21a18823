import { sql, type Selectable, type Transaction } from "kysely";
import { config } from "~/config/env.server";
import { db } from "~/db/db.server";
import { displayNameSql } from "~/db/display-name";
import type { Executor } from "~/db/executor";
import type { Currency, Database, StudyRoomBillingsTable } from "~/db/schema";
import { escapeHtml } from "~/formatting/html";
import { formatPrice } from "~/formatting/price";
import type { JobHandler } from "~/jobs/types";
import { sendMail } from "~/mail/mailer.server";
import type { MailContent } from "~/mail/templates";
import { spendTokens } from "~/payments/tokens.server";
import { roomChannel } from "~/realtime/channels";
import { publish } from "~/realtime/events.server";
import { describeBilling, transition, type BillingActor, type BillingCharge, type BillingEvent, type BillingState, NO_BILLING } from "~/study-rooms/billing";
import { reminderTimeZone, tutoringSessionLine } from "~/tutoring/reminders";
import { contractTokenPrice } from "~/tutoring/rules";
import { logger } from "~/utils/logger.server";

/**
 * Billing by the minute in a tutoring session's room, over the pure state machine (billing.ts).
 * Who is the tutor and who the student comes from the room's session, never from a form. Every
 * change runs in one transaction that first locks the room's row, so the changes of one room
 * queue up; each write is also conditional on the status it read, so a double click, a retry or
 * the overdue sweep racing an End moves a period once, and only the move to `ended` charges.
 *
 * Paying: the payments seam has no off-session card charge (a contract's card is paid through
 * checkout only), so the student pays with tokens when they hold enough (the contract's token
 * price, spent in the same transaction), and otherwise the amount is owed on the contract: an
 * ended period with an amount and no `charged_at`. Both people get a receipt by mail either way.
 */

export type BillingSide = "tutor" | "student";
export type BillingRefusal = { kind: "refused"; status: 403 | 409; message: string };
export type BillingOutcome = { kind: "changed"; billing: BillingState; settlement: Settlement } | BillingRefusal;
/** How an ended period was paid: with tokens, not yet (owed on the contract), or there was nothing to pay. */
export type Settlement = { kind: "tokens"; tokens: number } | { kind: "owed" } | null;

/** The room's billing as its panel shows it, whoever looks. */
export interface BillingView {
  state: BillingState;
  settlement: Settlement;
  tutorName: string;
  studentName: string;
  /** The contract's hourly rate and currency: what the tutor's request form starts from, and bills in. */
  contractRateCents: number;
  currency: Currency;
  /** Where the page writes times until the browser's own zone is known: the tutor's. */
  timeZone: string;
}

export const STUDY_ROOM_BILLINGS_QUEUE = "study-room-billings";
/** One sweep a minute: billing that reached its maximum is charged up to its deadline however late the sweep, so this only sets how soon the page says so. */
export const STUDY_ROOM_BILLINGS_EVERY_SECONDS = 60;

type Trx = Transaction<Database>;
type BillingRow = Selectable<StudyRoomBillingsTable>;

const nameOf = (alias: "tutor" | "student") => displayNameSql(alias);

/** The room's session: its two people and their contract, or undefined for a room that is not a tutoring session's. */
function tutoringOf(executor: Executor, roomId: number) {
  return executor
    .selectFrom("study_rooms as room")
    .innerJoin("tutoring_sessions as ts", "ts.id", "room.tutoring_session_id")
    .innerJoin("student_tutor_contracts as k", "k.id", "ts.contract_id")
    .select(["room.id as room_id", "room.slug", "ts.contract_id", "ts.tutor_id", "ts.student_id", "k.currency", "k.rate_cents"])
    .where("room.id", "=", roomId);
}

type Tutoring = { room_id: number; slug: string; contract_id: number; tutor_id: number; student_id: number; currency: Currency; rate_cents: number };

/** The room's current period, or its last one (the contract index finds a room's periods among its contract's). */
function latestBilling(executor: Executor, tutoring: Pick<Tutoring, "room_id" | "contract_id">) {
  return executor
    .selectFrom("study_room_billings")
    .selectAll()
    .where("contract_id", "=", tutoring.contract_id)
    .where("room_id", "=", tutoring.room_id)
    .orderBy("requested_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

function stateOf(row: BillingRow | undefined): BillingState {
  if (!row) return NO_BILLING;
  const terms = { maxMinutes: row.max_minutes, rateCents: row.rate_cents, currency: row.currency };
  switch (row.status) {
    case "pending":
      return { status: "pending", ...terms, requestedAt: row.requested_at };
    case "accepted":
      return { status: "accepted", ...terms, startedAt: row.started_at! };
    case "declined":
      return { status: "declined", ...terms, declineReason: row.decline_reason ?? "" };
    case "ended":
      return { status: "ended", ...terms, startedAt: row.started_at!, endedAt: row.ended_at!, minutes: row.minutes!, amountCents: row.amount_cents!, endReason: row.end_reason! };
  }
}

function settlementOf(row: BillingRow | undefined): Settlement {
  if (!row || row.status !== "ended" || !row.amount_cents) return null;
  return row.charged_at ? { kind: "tokens", tokens: contractTokenPrice(row.amount_cents) } : { kind: "owed" };
}

const sideOf = (tutoring: Pick<Tutoring, "tutor_id" | "student_id">, userId: number): BillingSide | null =>
  userId === tutoring.tutor_id ? "tutor" : userId === tutoring.student_id ? "student" : null;

/** The room's billing and the viewer's side in it, for the room's page; null for a room that is not a tutoring session's. */
export async function roomBilling(roomId: number, viewerId: number): Promise<{ billing: BillingView; side: BillingSide | null } | null> {
  const tutoring = await tutoringOf(db(), roomId)
    .innerJoin("users as tutor", "tutor.id", "ts.tutor_id")
    .innerJoin("users as student", "student.id", "ts.student_id")
    .leftJoin("tutor_profiles as tp", "tp.user_id", "ts.tutor_id")
    .select([nameOf("tutor").as("tutor_name"), nameOf("student").as("student_name"), "tp.time_zone"])
    .executeTakeFirst();
  if (!tutoring) return null;
  const row = await latestBilling(db(), tutoring);
  return {
    billing: {
      state: stateOf(row),
      settlement: settlementOf(row),
      tutorName: tutoring.tutor_name,
      studentName: tutoring.student_name,
      contractRateCents: tutoring.rate_cents,
      currency: tutoring.currency,
      timeZone: reminderTimeZone(tutoring.time_zone),
    },
    side: sideOf(tutoring, viewerId),
  };
}

/** The tutor asks to bill up to `maxMinutes` at `rateCents` an hour, in the contract's currency. */
export function requestBilling(input: { roomId: number; userId: number; maxMinutes: number; rateCents: number; now: Date; origin: string }) {
  return changeBilling(input, (tutoring) => ({ type: "request", maxMinutes: input.maxMinutes, rateCents: input.rateCents, currency: tutoring.currency, at: input.now }));
}

/** The student consents: billing starts now. */
export function acceptBilling(input: { roomId: number; userId: number; now: Date; origin: string }) {
  return changeBilling(input, () => ({ type: "accept", at: input.now }));
}

/** The student refuses, saying why; no billing starts. */
export function declineBilling(input: { roomId: number; userId: number; reason: string; now: Date; origin: string }) {
  return changeBilling(input, () => ({ type: "decline", reason: input.reason, at: input.now }));
}

/** Either side ends running billing (charged once), or the tutor withdraws a request not answered yet. */
export function endBilling(input: { roomId: number; userId: number; now: Date; origin: string }) {
  return changeBilling(input, () => ({ type: "end", at: input.now }));
}

/**
 * The tutor or the student left or was removed, in the caller's transaction (the removal's own):
 * billing running between them stops and is charged. Removing anyone else changes nothing here.
 */
export async function stopBillingForRemoval(trx: Trx, input: { roomId: number; userId: number; now: Date; origin?: string }): Promise<void> {
  const tutoring = await lockTutoring(trx, input.roomId);
  if (!tutoring || sideOf(tutoring, input.userId) === null) return;
  await applyEvent(trx, tutoring, { type: "participant_removed", at: input.now }, "system", input.origin ?? config().appOrigin);
}

/** Ends every period whose maximum duration has passed at `now`, charged up to its deadline. Safe to run twice, or twice at once. */
export async function endOverdueBillings(now: Date, origin: string = config().appOrigin): Promise<number> {
  const overdue = await db()
    .selectFrom("study_room_billings")
    .select("room_id")
    .where("status", "=", "accepted")
    .where(sql<Date>`started_at + max_minutes * interval '1 minute'`, "<=", now)
    .execute();
  let ended = 0;
  for (const { room_id } of overdue) {
    try {
      const outcome = await db()
        .transaction()
        .execute(async (trx) => {
          const tutoring = await lockTutoring(trx, room_id);
          return tutoring ? applyEvent(trx, tutoring, { type: "clock", at: now }, "system", origin) : undefined;
        });
      if (outcome?.kind === "changed" && outcome.billing.status === "ended") ended += 1;
    } catch (error) {
      // One room failing (a mail the mailer refuses) must not hold back the others; the next sweep tries it again.
      logger().warn({ err: error, roomId: room_id }, "overdue study room billing not ended");
    }
  }
  return ended;
}

export function studyRoomBillingsJobHandler(options: { now?: () => Date } = {}): JobHandler {
  return {
    async run() {
      await endOverdueBillings(options.now?.() ?? new Date());
    },
  };
}

/** Locks the room's row: every billing change of one room waits for the one before it. */
function lockTutoring(trx: Trx, roomId: number): Promise<Tutoring | undefined> {
  return tutoringOf(trx, roomId).forUpdate("room").executeTakeFirst();
}

async function changeBilling(input: { roomId: number; userId: number; origin: string }, eventFor: (tutoring: Tutoring) => BillingEvent): Promise<BillingOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<BillingOutcome> => {
      const tutoring = await lockTutoring(trx, input.roomId);
      if (!tutoring) return { kind: "refused", status: 403, message: "Billing is only for a tutoring session's room." };
      const side = sideOf(tutoring, input.userId);
      if (!side) return { kind: "refused", status: 403, message: "Only the tutor and the student of this session take part in its billing." };
      return applyEvent(trx, tutoring, eventFor(tutoring), side, input.origin);
    });
}

async function applyEvent(trx: Trx, tutoring: Tutoring, event: BillingEvent, actor: BillingActor, origin: string): Promise<BillingOutcome> {
  const row = await latestBilling(trx, tutoring);
  const before = stateOf(row);
  const moved = transition(before, event, actor);
  if (!moved.ok) return { kind: "refused", status: 409, message: moved.error };
  const after = moved.state;
  // A clock tick or a removal that finds nothing running leaves everything as it was.
  if (after === before) return { kind: "changed", billing: before, settlement: settlementOf(row) };
  // A new request starts a new period; every other change moves the row read above, and only from the status it had.
  const current = () => trx.updateTable("study_room_billings").where("id", "=", row!.id).where("status", "=", row!.status);
  switch (after.status) {
    case "pending":
      await trx
        .insertInto("study_room_billings")
        .values({
          room_id: tutoring.room_id,
          contract_id: tutoring.contract_id,
          tutor_id: tutoring.tutor_id,
          student_id: tutoring.student_id,
          status: "pending",
          max_minutes: after.maxMinutes,
          rate_cents: after.rateCents,
          currency: after.currency,
          requested_at: after.requestedAt,
        })
        .execute();
      return published(trx, tutoring, after, null);
    case "none":
      // The tutor withdrew the request: it leaves no period behind.
      await trx.deleteFrom("study_room_billings").where("id", "=", row!.id).where("status", "=", "pending").execute();
      return published(trx, tutoring, after, null);
    case "accepted":
      await current().set({ status: "accepted", started_at: after.startedAt }).execute();
      return published(trx, tutoring, after, null);
    case "declined":
      await current().set({ status: "declined", started_at: null, decline_reason: after.declineReason }).execute();
      return published(trx, tutoring, after, null);
    case "ended": {
      const ended = await current()
        .set({ status: "ended", ended_at: after.endedAt, end_reason: after.endReason, minutes: after.minutes, amount_cents: after.amountCents })
        .returning("id")
        .executeTakeFirst();
      // Only the transaction that moved the period to `ended` charges it.
      if (!ended) throw new Error(`Study room billing ${row!.id} changed under its room's lock`);
      const settlement = moved.charge ? await charge(trx, tutoring, ended.id, after, moved.charge, origin) : null;
      return published(trx, tutoring, after, settlement);
    }
  }
}

async function published(trx: Trx, tutoring: Tutoring, billing: BillingState, settlement: Settlement): Promise<BillingOutcome> {
  await publish(trx, roomChannel(tutoring.slug), "STANDARD_PUSH_UPDATE", { study_room: { slug: tutoring.slug, billing: billing.status } });
  return { kind: "changed", billing, settlement };
}

/**
 * Takes the period's one charge, inside the transaction that ended it: tokens when the student
 * holds enough, otherwise the amount stays owed on the contract. Both people get a receipt.
 */
async function charge(trx: Trx, tutoring: Tutoring, billingId: number, ended: Extract<BillingState, { status: "ended" }>, taken: BillingCharge, origin: string): Promise<Settlement> {
  let settlement: Settlement = null;
  if (taken.amountCents > 0) {
    const tokens = contractTokenPrice(taken.amountCents);
    const balance = await spendTokens({ userId: tutoring.student_id, amount: tokens, reason: "study_room_billing", reference: `study_room_billing:${billingId}` }, trx);
    settlement = balance === null ? { kind: "owed" } : { kind: "tokens", tokens };
  }
  if (settlement?.kind !== "owed") await trx.updateTable("study_room_billings").set({ charged_at: ended.endedAt }).where("id", "=", billingId).execute();
  await sendReceipts(trx, tutoring, ended, settlement, origin);
  return settlement;
}

async function sendReceipts(trx: Trx, tutoring: Tutoring, ended: Extract<BillingState, { status: "ended" }>, settlement: Settlement, origin: string) {
  const people = await trx
    .selectFrom("users as tutor")
    .innerJoin("users as student", (join) => join.on("student.id", "=", tutoring.student_id))
    .leftJoin("tutor_profiles as tp", "tp.user_id", "tutor.id")
    .leftJoin("tutor_profiles as sp", "sp.user_id", "student.id")
    .select([
      "tutor.email as tutor_email",
      "student.email as student_email",
      nameOf("tutor").as("tutor_name"),
      nameOf("student").as("student_name"),
      "tp.time_zone as tutor_zone",
      "sp.time_zone as student_zone",
    ])
    .where("tutor.id", "=", tutoring.tutor_id)
    .executeTakeFirstOrThrow();
  const url = new URL(`/my-tutoring/contracts/${tutoring.contract_id}`, origin).toString();
  const amount = ended.amountCents === 0 ? "free of charge" : formatPrice(ended.amountCents, ended.currency, { forceCents: true });
  const paid =
    settlement === null ? null : settlement.kind === "tokens" ? `Paid with ${settlement.tokens} token${settlement.tokens === 1 ? "" : "s"}.` : `Not paid yet: ${amount} is owed on the contract.`;
  const receipts = [
    { to: people.student_email, name: people.student_name, withName: people.tutor_name, zone: people.student_zone },
    { to: people.tutor_email, name: people.tutor_name, withName: people.student_name, zone: people.tutor_zone },
  ];
  for (const receipt of receipts) {
    const mail = billingReceiptMail({
      name: receipt.name,
      subject: `Receipt: ${ended.minutes} minute${ended.minutes === 1 ? "" : "s"} of tutoring with ${oneLine(receipt.withName)}`,
      lines: [tutoringSessionLine({ start_time: ended.startedAt, end_time: ended.endedAt }, reminderTimeZone(receipt.zone)), describeBilling(ended), `Amount: ${amount}.`, ...(paid ? [paid] : [])],
      url,
    });
    await sendMail({ to: receipt.to, ...mail, kind: "study_room_billing_receipt" }, { executor: trx });
  }
}

/** A name fit for a subject or a greeting: one line (a line break would be refused in a subject), at most 80 characters. */
const oneLine = (name: string) =>
  name
    .replace(/[\u0000-\u001f\u007f\s]+/g, " ")
    .trim()
    .slice(0, 80);

function billingReceiptMail({ name, subject, lines, url }: { name: string; subject: string; lines: string[]; url: string }): MailContent {
  const greeting = `Hi ${oneLine(name)},`;
  const text = [greeting, "", ...lines.map((line) => `- ${line}`), "", `The contract: ${url}`, "", "— The Marketplace team", ""].join("\n");
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
    `<p><a href="${escapeHtml(url)}">The contract</a></p>`,
    "<p>— The Marketplace team</p>",
    "</body></html>",
  ].join("\n");
  return { subject, text, html };
}

/** One ended period of billing in the contract's rooms that had an amount, paid or still owed. */
export interface ContractBillingPeriod {
  id: number;
  endedAt: Date;
  minutes: number;
  amountCents: number;
  currency: Currency;
  /** What paying it with tokens costs (the contract's token price). */
  tokens: number;
  paid: boolean;
}

/** A contract's billed periods with an amount, newest first: what the contract's page lists, and what is owed. */
export async function contractBillingPeriods(contractId: number): Promise<ContractBillingPeriod[]> {
  const rows = await db()
    .selectFrom("study_room_billings")
    .select(["id", "ended_at", "minutes", "amount_cents", "currency", "charged_at"])
    .where("contract_id", "=", contractId)
    .where("status", "=", "ended")
    .where("amount_cents", ">", 0)
    .orderBy("ended_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    endedAt: row.ended_at!,
    minutes: row.minutes!,
    amountCents: row.amount_cents!,
    currency: row.currency,
    tokens: contractTokenPrice(row.amount_cents!),
    paid: row.charged_at !== null,
  }));
}

/**
 * The student pays an owed period with tokens, once: the period's row is locked while it is
 * paid, and the token ledger takes one row per period (migration 0020), so two clicks or two tabs
 * pay once. A student short of tokens buys more first (/tokens).
 */
export async function payOwedBilling(input: {
  contractId: number;
  billingId: number;
  studentId: number;
  now: Date;
}): Promise<{ kind: "paid"; tokens: number; balance: number } | { kind: "refused"; status: 404 | 409; message: string }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom("study_room_billings as b")
        .innerJoin("student_tutor_contracts as k", "k.id", "b.contract_id")
        .select(["b.id", "b.status", "b.amount_cents", "b.charged_at", "k.student_id"])
        .where("b.id", "=", input.billingId)
        .where("b.contract_id", "=", input.contractId)
        .forUpdate(["b"])
        .executeTakeFirst();
      if (!row || row.student_id !== input.studentId || row.status !== "ended" || !row.amount_cents)
        return { kind: "refused", status: 404, message: "This contract has no such billed time." } as const;
      if (row.charged_at) return { kind: "refused", status: 409, message: "This billed time is already paid." } as const;
      const tokens = contractTokenPrice(row.amount_cents);
      const balance = await spendTokens({ userId: input.studentId, amount: tokens, reason: "study_room_billing", reference: `study_room_billing:${row.id}` }, trx);
      if (balance === null) return { kind: "refused", status: 409, message: `Paying this takes ${tokens} token${tokens === 1 ? "" : "s"}, more than you have. Buy tokens, then pay.` } as const;
      await trx.updateTable("study_room_billings").set({ charged_at: input.now }).where("id", "=", row.id).execute();
      return { kind: "paid", tokens, balance } as const;
    });
}
