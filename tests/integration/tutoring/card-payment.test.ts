import { describe, expect, it } from "vitest";
import { loadCheckoutProduct, startCheckout } from "~/payments/checkout.server";
import { stripe } from "~/payments/stripe.server";
import { payContractWithTokens } from "~/tutoring/contracts.server";
import { useTestDatabase } from "../../support/database";
import { useStripeEmulator } from "../../support/stripe";
import { sessionIdOf } from "../study-sessions/purchase-fixtures";
import { contract, person, tutor } from "./fixtures";

const database = useTestDatabase();
const emulator = useStripeEmulator();
const ORIGIN = "http://app.test";

/** A tutor, a student and the student's unpaid contract for three hours at $40. */
async function unpaidContract() {
  const db = database().db;
  const teacher = await tutor(db);
  const student = await person(db);
  const { id } = await contract(db, { tutorId: teacher.id, studentId: student.id, paid: false });
  return { teacher, student, contractId: id };
}

async function contractRow(id: number) {
  return database().db.selectFrom("student_tutor_contracts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function productFor(contractId: number, buyerId: number) {
  const loaded = await loadCheckoutProduct({ kind: "tutoring", contractId }, new Date(), buyerId);
  if (!("product" in loaded)) throw new Error(JSON.stringify(loaded));
  return loaded.product;
}

/** Starts the card checkout of the contract and pays it with the emulator's good card. */
async function payByCard(student: { id: number; email: string }, contractId: number, country: "US" | "CA" = "US") {
  const outcome = await startCheckout(student, { product: await productFor(contractId, student.id), country }, ORIGIN);
  if (outcome.kind !== "redirect") throw new Error(JSON.stringify(outcome));
  expect((await emulator().pay(sessionIdOf(outcome.url), "4242424242424242")).outcome).toBe("succeeded");
  return outcome.purchaseId;
}

describe("paying a tutoring contract by card (SPEC §4 tutoring, §9 checkout)", () => {
  it("is sold to the contract's student only: a stranger gets the 404 of an unknown contract, a guest is asked to log in", async () => {
    const { teacher, contractId } = await unpaidContract();
    const stranger = await person(database().db);
    expect(await loadCheckoutProduct({ kind: "tutoring", contractId }, new Date(), stranger.id)).toMatchObject({ status: 404 });
    expect(await loadCheckoutProduct({ kind: "tutoring", contractId }, new Date(), teacher.id)).toMatchObject({ status: 404 });
    expect(await loadCheckoutProduct({ kind: "tutoring", contractId }, new Date(), null)).toMatchObject({ status: 401, link: { href: expect.stringContaining("/users/sign_in") } });
  });

  it("charges the hours at the contract's rate with the buyer's sales tax, then marks the contract paid by card", async () => {
    const { student, contractId } = await unpaidContract();
    const purchaseId = await payByCard(student, contractId, "CA");
    const purchase = await database().db.selectFrom("purchases").selectAll().where("id", "=", purchaseId).executeTakeFirstOrThrow();
    // Three hours at $40 in the contract's currency (USD), with Canada's 5%.
    expect(purchase).toMatchObject({ kind: "tutoring", student_tutor_contract_id: contractId, status: "paid", currency: "USD", subtotal_cents: 12_000, tax_cents: 600, total_cents: 12_600 });
    expect(await contractRow(contractId)).toMatchObject({ purchase_status: "paid", payment_method: "card" });
    // Paid, it is not sold again.
    expect(await startCheckout(student, { product: await productFor(contractId, student.id), country: "US" }, ORIGIN)).toMatchObject({ kind: "error", status: 409, message: "This contract is already paid." });
  });

  it("refunding the card payment ends the contract and cancels its upcoming sessions", async () => {
    const { teacher, student, contractId } = await unpaidContract();
    const purchaseId = await payByCard(student, contractId);
    const starts = new Date(Date.now() + 3 * 86_400_000);
    const session = await database()
      .db.insertInto("tutoring_sessions")
      .values({ contract_id: contractId, tutor_id: teacher.id, student_id: student.id, starts_at: starts, ends_at: new Date(starts.getTime() + 3_600_000), room_slug: `room-${contractId}` })
      .returning("id")
      .executeTakeFirstOrThrow();
    const purchase = await database().db.selectFrom("purchases").select("payment_intent_id").where("id", "=", purchaseId).executeTakeFirstOrThrow();
    await stripe().refunds.create({ payment_intent: purchase.payment_intent_id! });
    // The refund reaches the app as Stripe's charge.refunded event.
    await expect.poll(async () => (await contractRow(contractId)).purchase_status, { timeout: 5000 }).toBe("refunded");
    expect(await database().db.selectFrom("tutoring_sessions").select("status").where("id", "=", session.id).executeTakeFirstOrThrow()).toEqual({ status: "cancelled" });
  });

  it("pays once when the student pays with tokens in another tab while the card payment is open: the tokens go back", async () => {
    const { student, contractId } = await unpaidContract();
    await database().db.updateTable("users").set({ token_balance: 500 }).where("id", "=", student.id).execute();
    const outcome = await startCheckout(student, { product: await productFor(contractId, student.id), country: "US" }, ORIGIN);
    if (outcome.kind !== "redirect") throw new Error(outcome.kind);
    expect(await payContractWithTokens(contractId, student.id)).toMatchObject({ kind: "paid", balance: 380 });
    await emulator().pay(sessionIdOf(outcome.url), "4242424242424242");
    expect(await contractRow(contractId)).toMatchObject({ purchase_status: "paid", payment_method: "card" });
    const user = await database().db.selectFrom("users").select("token_balance").where("id", "=", student.id).executeTakeFirstOrThrow();
    expect(user.token_balance).toBe(500);
  });

  it("one open checkout per contract: a second one at another price replaces the first, so only one can be paid", async () => {
    const { student, contractId } = await unpaidContract();
    const first = await startCheckout(student, { product: await productFor(contractId, student.id), country: "US" }, ORIGIN);
    const second = await startCheckout(student, { product: await productFor(contractId, student.id), country: "CA" }, ORIGIN);
    if (first.kind !== "redirect" || second.kind !== "redirect") throw new Error("no payment page");
    expect(first.purchaseId).not.toBe(second.purchaseId);
    expect((await stripe().checkout.sessions.retrieve(sessionIdOf(first.url))).status).toBe("expired");
    await emulator().pay(sessionIdOf(second.url), "4242424242424242");
    expect(await contractRow(contractId)).toMatchObject({ purchase_status: "paid", payment_method: "card" });
  });
});
