import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { refundInvoice, searchAuditEvents, searchPurchases } from "~/payments/back-office.server";
import { loadCheckoutProduct, startCheckout } from "~/payments/checkout.server";
import { claimDiscountUse } from "~/payments/discount-codes.server";
import { DISCOUNT_CODE_USED_UP, type CheckoutProduct } from "~/payments/quote";
import { stripe } from "~/payments/stripe.server";
import { useTestDatabase } from "../../support/database";
import { useStripeEmulator } from "../../support/stripe";

/**
 * The money side of the back office against the database and the Stripe emulator: a limited
 * discount code never goes past its limit however many buyers race for the last use, and a
 * refund is made once per form and never for more than is left.
 */
const database = useTestDatabase();
const emulator = useStripeEmulator();
const ORIGIN = "http://app.test";

async function buyer() {
  const email = `buyer-${randomBytes(5).toString("hex")}@example.test`;
  return database().db.insertInto("users").values({ email, first_name: "Pat", last_name: "Buyer", country_code: "US" }).returning(["id", "email"]).executeTakeFirstOrThrow();
}

async function learnPackage(slug = "organic-chemistry-1-exam-prep"): Promise<CheckoutProduct> {
  const { id } = await database().db.selectFrom("online_courses").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  const loaded = await loadCheckoutProduct({ kind: "online_course", onlineCourseId: id, packageType: "learn" });
  if ("error" in loaded) throw new Error(loaded.error);
  return loaded.product;
}

async function limitedCode(usageLimit: number, percentOff = 25) {
  return database()
    .db.insertInto("discount_codes")
    .values({ code: `LAST${randomBytes(3).toString("hex")}`, percent_off: percentOff, usage_limit: usageLimit })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const timesUsed = async (id: number) => (await database().db.selectFrom("discount_codes").select("times_used").where("id", "=", id).executeTakeFirstOrThrow()).times_used;

describe("a discount code's usage limit", () => {
  it("gives the last use to exactly one of two claims made at once", async () => {
    const code = await limitedCode(1);
    const claims = await Promise.all([claimDiscountUse(database().db, code.id), claimDiscountUse(database().db, code.id)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await timesUsed(code.id)).toBe(1);
  });

  it("lets one of two buyers checking out at once take the last use; the other is told it is used up", async () => {
    const code = await limitedCode(1);
    const product = await learnPackage();
    const [first, second] = [await buyer(), await buyer()];
    const outcomes = await Promise.all([first, second].map((user) => startCheckout(user, { product, country: "US", discountCode: code.code }, ORIGIN)));
    expect(outcomes.filter((outcome) => outcome.kind === "redirect")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === "error")).toEqual([expect.objectContaining({ message: DISCOUNT_CODE_USED_UP })]);
    const withCode = await database().db.selectFrom("purchases").select(["id", "total_cents"]).where("discount_code_id", "=", code.id).execute();
    expect(withCode).toEqual([{ id: expect.any(Number), total_cents: 4425 }]);
    expect(await timesUsed(code.id)).toBe(1);
  });

  it("takes a use when the checkout opens, keeps it for the buyer who comes back, gives it back when the checkout expires, and redeems it once paid", async () => {
    const code = await limitedCode(1);
    const product = await learnPackage("waterloo-math-137-exam-prep");
    const holder = await buyer();
    const opened = await startCheckout(holder, { product, country: "US", discountCode: code.code }, ORIGIN);
    if (opened.kind !== "redirect") throw new Error(opened.kind);
    // The same buyer pressing Pay again finds their own checkout, not a used-up code.
    expect(await startCheckout(holder, { product, country: "US", discountCode: code.code }, ORIGIN)).toMatchObject({ kind: "redirect", purchaseId: opened.purchaseId });
    expect(await timesUsed(code.id)).toBe(1);

    await database().db.updateTable("purchases").set({ status: "expired" }).where("id", "=", opened.purchaseId).execute();
    expect(await timesUsed(code.id)).toBe(0);

    const next = await buyer();
    const reopened = await startCheckout(next, { product, country: "US", discountCode: code.code }, ORIGIN);
    if (reopened.kind !== "redirect") throw new Error(reopened.kind);
    expect((await emulator().pay(reopened.url.split("/pay/")[1]!, "4242424242424242")).outcome).toBe("succeeded");
    const redemptions = await database().db.selectFrom("discount_redemptions").select("purchase_id").where("discount_code_id", "=", code.id).execute();
    expect(redemptions).toEqual([{ purchase_id: reopened.purchaseId }]);
    expect(await timesUsed(code.id)).toBe(1);
  });

  it("refuses a code staff switched off", async () => {
    const code = await database()
      .db.insertInto("discount_codes")
      .values({ code: `OFF${randomBytes(3).toString("hex")}`, percent_off: 10, deactivated_at: new Date() })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(await startCheckout(await buyer(), { product: await learnPackage(), country: "US", discountCode: code.code }, ORIGIN)).toMatchObject({
      kind: "error",
      status: 400,
      message: "This discount code is no longer valid.",
    });
  });
});

describe("refunding an invoice", () => {
  async function paidPurchase() {
    const user = await buyer();
    const product = await learnPackage("ap-calculus-ab-review");
    const outcome = await startCheckout(user, { product, country: "US" }, ORIGIN);
    if (outcome.kind !== "redirect") throw new Error(outcome.kind);
    expect((await emulator().pay(outcome.url.split("/pay/")[1]!, "4242424242424242")).outcome).toBe("succeeded");
    const purchase = await database().db.selectFrom("purchases").selectAll().where("id", "=", outcome.purchaseId).executeTakeFirstOrThrow();
    expect(purchase.status).toBe("paid");
    return { user, purchase };
  }
  const admin = async () => (await database().db.selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow()).id;
  const refundedAtStripe = async (paymentIntentId: string) => {
    const intent = await stripe().paymentIntents.retrieve(paymentIntentId);
    const charge = await stripe().charges.retrieve(String(intent.latest_charge));
    return charge.amount_refunded;
  };

  it("refunds a form sent twice (one after the other, and at once) only once", async () => {
    const { purchase } = await paidPurchase();
    const actor = { id: await admin() };
    const key = randomUUID();
    const input = { purchaseId: purchase.id, amountCents: 1000, reason: "Asked for part of it back", requestKey: key };
    expect(await refundInvoice(input, actor)).toEqual({ kind: "refunded", amountCents: 1000, full: false });
    expect(await refundInvoice(input, actor)).toEqual({ kind: "repeat", amountCents: 1000 });
    const again = { ...input, requestKey: randomUUID() };
    const twice = await Promise.all([refundInvoice(again, actor), refundInvoice(again, actor)]);
    expect(twice.map((outcome) => outcome?.kind).sort()).toEqual(["refunded", "repeat"]);
    const rows = await database().db.selectFrom("purchase_refunds").select("amount_cents").where("purchase_id", "=", purchase.id).execute();
    expect(rows).toEqual([{ amount_cents: 1000 }, { amount_cents: 1000 }]);
    expect(await refundedAtStripe(purchase.payment_intent_id!)).toBe(2000);
    const events = await database()
      .db.selectFrom("audit_events")
      .select(["action", "actor_id"])
      .where("action", "=", "purchase.refund")
      .where(sql<boolean>`details->>'purchase_id' = ${String(purchase.id)}`)
      .execute();
    expect(events).toHaveLength(2);
  });

  it("refuses more than is left, then a refund of the rest ends the course access the purchase gave", async () => {
    const { user, purchase } = await paidPurchase();
    const actor = { id: await admin() };
    const left = purchase.total_cents - 500;
    expect(await refundInvoice({ purchaseId: purchase.id, amountCents: 500, reason: "", requestKey: randomUUID() }, actor)).toMatchObject({ kind: "refunded", full: false });
    const over = await refundInvoice({ purchaseId: purchase.id, amountCents: left + 1, reason: "", requestKey: randomUUID() }, actor);
    expect(over).toEqual({ kind: "refused", message: `At most $${(left / 100).toFixed(2)} is left to refund on this invoice.` });
    expect(await refundedAtStripe(purchase.payment_intent_id!)).toBe(500);

    expect(await refundInvoice({ purchaseId: purchase.id, amountCents: left, reason: "", requestKey: randomUUID() }, actor)).toEqual({ kind: "refunded", amountCents: left, full: true });
    expect(await refundedAtStripe(purchase.payment_intent_id!)).toBe(purchase.total_cents);
    const after = await database().db.selectFrom("purchases").select("status").where("id", "=", purchase.id).executeTakeFirstOrThrow();
    expect(after.status).toBe("refunded");
    const enrolment = await database().db.selectFrom("online_course_users").select("status").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(enrolment.status).toBe("refunded");
    expect(await refundInvoice({ purchaseId: purchase.id, amountCents: 1, reason: "", requestKey: randomUUID() }, actor)).toEqual({
      kind: "refused",
      message: "This invoice has been refunded in full.",
    });

    // Staff find it by the buyer's email and status, and the refunds in the audit log by who made them.
    const found = await searchPurchases({ query: user.email.toUpperCase(), status: "refunded", page: 1 });
    expect(found.items).toEqual([expect.objectContaining({ id: purchase.id, refunded_cents: purchase.total_cents })]);
    const log = await searchAuditEvents({ actor: "admin@demo", action: "purchase.refund", page: 1 });
    expect(log.items.filter((item) => item.subject.includes(`invoice #${purchase.id}`) && item.subject.includes(user.email))).toHaveLength(2);
  });
});
