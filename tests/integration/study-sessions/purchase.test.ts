import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fulfilPurchase } from "~/payments/fulfilment.server";
import { loadCheckoutProduct, startCheckout } from "~/payments/checkout.server";
import { stripe } from "~/payments/stripe.server";
import { hasAccess } from "~/study-sessions/access";
import { refundEnrolment } from "~/study-sessions/purchases.server";
import { useTestDatabase } from "../../support/database";
import { postWebhook, signed, useStripeEmulator } from "../../support/stripe";
import { buyer, seatProduct, sessionIdOf, studySession } from "./purchase-fixtures";

const database = useTestDatabase();
const emulator = useStripeEmulator();
const ORIGIN = "http://app.test";

async function seats(userId: number) {
  return database().db.selectFrom("study_session_users").selectAll().where("user_id", "=", userId).execute();
}

async function accessOf(userId: number, sessionId: number) {
  const [enrolment, session, dates] = await Promise.all([
    database().db.selectFrom("study_session_users").select(["status", "extended_access_date"]).where("user_id", "=", userId).where("study_session_id", "=", sessionId).executeTakeFirst(),
    database().db.selectFrom("study_sessions").select(["expires_at", "disable_zoom"]).where("id", "=", sessionId).executeTakeFirstOrThrow(),
    database().db.selectFrom("study_session_dates").select(["start_time", "end_time"]).where("study_session_id", "=", sessionId).execute(),
  ]);
  return hasAccess(enrolment ?? null, { ...session, dates }, new Date());
}

/** Starts a checkout of the seat and pays it with the emulator's good card; the purchase id. */
async function buySeat(user: { id: number; email: string }, sessionId: number, choice: { discountCode?: string; country?: "CA" | "US" } = {}) {
  const outcome = await startCheckout(user, { product: await seatProduct(sessionId), country: choice.country ?? "CA", discountCode: choice.discountCode }, ORIGIN);
  if (outcome.kind !== "redirect") throw new Error(JSON.stringify(outcome));
  expect((await emulator().pay(sessionIdOf(outcome.url), "4242424242424242")).outcome).toBe("succeeded");
  return outcome.purchaseId;
}

describe("selling a seat in a live study session", () => {
  it("refuses a free session, a past one and an unknown id, each with its reason", async () => {
    const free = await studySession(database().db, { priceCents: 0, regularPriceCents: null });
    const past = await studySession(database().db, { startsInDays: -3 });
    expect(await loadCheckoutProduct({ kind: "study_session", studySessionId: free.id })).toMatchObject({ status: 409, error: expect.stringMatching(/free/), link: { href: `/study-sessions/${free.id}` } });
    expect(await loadCheckoutProduct({ kind: "study_session", studySessionId: past.id })).toMatchObject({ status: 410, error: expect.stringMatching(/already taken place/) });
    expect(await loadCheckoutProduct({ kind: "study_session", studySessionId: 2_000_000_000 })).toMatchObject({ status: 404 });
  });

  it("charges a Canadian buyer a 20% study-session code and 5% tax in the session's currency, then enrols them", async () => {
    const session = await studySession(database().db, { priceCents: 3900, currency: "CAD" });
    const user = await buyer(database().db, "CA");
    const code = await database().db.insertInto("discount_codes").values({ code: `LIVE${randomBytes(3).toString("hex")}`, percent_off: 20, product_kind: "study_session" }).returningAll().executeTakeFirstOrThrow();
    const outcome = await startCheckout(user, { product: await seatProduct(session.id), country: "CA", discountCode: code.code }, ORIGIN);
    if (outcome.kind !== "redirect") throw new Error(outcome.kind);
    const checkout = await stripe().checkout.sessions.retrieve(sessionIdOf(outcome.url));
    expect(checkout).toMatchObject({ currency: "cad", amount_total: 3120 + 156 });
    expect(await seats(user.id)).toEqual([]);

    await emulator().pay(checkout.id, "4242424242424242");
    const purchase = await database().db.selectFrom("purchases").selectAll().where("id", "=", outcome.purchaseId).executeTakeFirstOrThrow();
    expect(purchase).toMatchObject({ kind: "study_session", study_session_id: session.id, status: "paid", currency: "CAD", discount_cents: 780, tax_cents: 156, total_cents: 3276, discount_code_id: code.id });
    expect(await seats(user.id)).toMatchObject([{ study_session_id: session.id, status: "active", role: "student", purchase_id: purchase.id }]);
    expect(await accessOf(user.id, session.id)).toBe(true);
    // Holding the seat, the buyer is refused a second one.
    expect(await startCheckout(user, { product: await seatProduct(session.id), country: "CA" }, ORIGIN)).toMatchObject({ kind: "error", status: 409, message: "You are already registered for this session." });
  });

  it("fulfils once when the completed event arrives twice, at once, and the purchase is fulfilled again by hand", async () => {
    const session = await studySession(database().db);
    const user = await buyer(database().db);
    const outcome = await startCheckout(user, { product: await seatProduct(session.id), country: "CA" }, ORIGIN);
    if (outcome.kind !== "redirect") throw new Error(outcome.kind);
    emulator().setWebhookUrl(undefined);
    try {
      const before = emulator().events.length;
      await emulator().pay(sessionIdOf(outcome.url), "4242424242424242");
      const completed = emulator().events.slice(before).find((event) => event.type === "checkout.session.completed")!;
      const { payload, signature } = signed(emulator(), completed);
      const answers = await Promise.all([postWebhook(payload, signature), postWebhook(payload, signature)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const again = signed(emulator(), completed);
      expect(await (await postWebhook(again.payload, again.signature)).json()).toMatchObject({ duplicate: true });
    } finally {
      emulator().setWebhookUrl(emulator().webhookUrl);
    }
    expect(await database().db.transaction().execute((trx) => fulfilPurchase(trx, outcome.purchaseId, { paymentIntentId: null, subscriptionId: null }))).toBe(false);
    const rows = await seats(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "active", purchase_id: outcome.purchaseId });
    expect(rows[0]!.confirmation_sent_at).not.toBeNull();
    // One confirmation mail, with the session's calendar attached.
    const mails = await database().db.selectFrom("outbox_emails").select(["kind", "attachments"]).where("to_address", "=", user.email).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "study_session_confirmation", attachments: [{ contentType: expect.stringContaining("text/calendar") }] });
  });

  it("gives two concurrent checkouts of one seat one Stripe session, one charge and one enrolment", async () => {
    const session = await studySession(database().db);
    const user = await buyer(database().db);
    const product = await seatProduct(session.id);
    const [first, second] = await Promise.all([startCheckout(user, { product, country: "CA" }, ORIGIN), startCheckout(user, { product, country: "CA" }, ORIGIN)]);
    if (first.kind !== "redirect" || second.kind !== "redirect") throw new Error("expected redirects");
    expect(second.purchaseId).toBe(first.purchaseId);
    expect(second.url).toBe(first.url);
    // Both tabs pay: the second payment page finds the session already paid.
    const paid = await Promise.all([emulator().pay(sessionIdOf(first.url), "4242424242424242"), emulator().pay(sessionIdOf(second.url), "4242424242424242")]);
    expect(paid.map((result) => result.outcome).sort()).toEqual(["invalid", "succeeded"]);
    const charges = emulator().events.filter((event) => event.type === "charge.succeeded" && event.data.object.metadata.purchase_id === String(first.purchaseId));
    expect(charges).toHaveLength(1);
    expect(await database().db.selectFrom("purchases").select(["id", "status"]).where("user_id", "=", user.id).execute()).toEqual([{ id: first.purchaseId, status: "paid" }]);
    expect(await seats(user.id)).toMatchObject([{ status: "active", purchase_id: first.purchaseId }]);
  });

  it("replaces an open checkout of the seat priced differently: the older payment page can no longer be paid", async () => {
    const session = await studySession(database().db);
    const user = await buyer(database().db);
    const code = await database().db.insertInto("discount_codes").values({ code: `SEAT${randomBytes(3).toString("hex")}`, percent_off: 20, product_kind: "study_session" }).returningAll().executeTakeFirstOrThrow();
    const product = await seatProduct(session.id);
    const full = await startCheckout(user, { product, country: "CA" }, ORIGIN);
    const discounted = await startCheckout(user, { product, country: "CA", discountCode: code.code }, ORIGIN);
    if (full.kind !== "redirect" || discounted.kind !== "redirect") throw new Error("expected redirects");
    expect(discounted.url).not.toBe(full.url);
    expect((await emulator().pay(sessionIdOf(full.url), "4242424242424242")).outcome).toBe("invalid");
    expect((await emulator().pay(sessionIdOf(discounted.url), "4242424242424242")).outcome).toBe("succeeded");
    expect(await database().db.selectFrom("purchases").select(["id", "status"]).where("user_id", "=", user.id).orderBy("id").execute()).toEqual([
      { id: full.purchaseId, status: "expired" },
      { id: discounted.purchaseId, status: "paid" },
    ]);
    expect(await seats(user.id)).toMatchObject([{ status: "active", purchase_id: discounted.purchaseId }]);
  });

  it("charges once when checkouts of one seat at two prices start at the same time and every payment page is paid", async () => {
    const session = await studySession(database().db);
    const user = await buyer(database().db);
    const code = await database().db.insertInto("discount_codes").values({ code: `RACE${randomBytes(3).toString("hex")}`, percent_off: 10 }).returningAll().executeTakeFirstOrThrow();
    const product = await seatProduct(session.id);
    const outcomes = await Promise.all([startCheckout(user, { product, country: "CA" }, ORIGIN), startCheckout(user, { product, country: "CA", discountCode: code.code }, ORIGIN)]);
    for (const outcome of outcomes) if (outcome.kind === "redirect") await emulator().pay(sessionIdOf(outcome.url), "4242424242424242");
    const purchaseIds = new Set(outcomes.flatMap((outcome) => (outcome.kind === "error" ? [] : [String(outcome.purchaseId)])));
    const charges = emulator().events.filter((event) => event.type === "charge.succeeded" && purchaseIds.has(event.data.object.metadata.purchase_id));
    expect(charges).toHaveLength(1);
    expect(await database().db.selectFrom("purchases").select("status").where("user_id", "=", user.id).where("status", "=", "paid").execute()).toHaveLength(1);
    expect(await seats(user.id)).toMatchObject([{ status: "active" }]);
  });

  it("keeps one enrolment when two paid purchases of the seat are fulfilled at once (the database's unique seat)", async () => {
    const session = await studySession(database().db);
    const user = await buyer(database().db);
    const purchases = await database()
      .db.insertInto("purchases")
      .values([1, 2].map((n) => ({ user_id: user.id, kind: "study_session" as const, product_key: `study_session:${session.id}:race-${n}`, study_session_id: session.id, currency: "CAD" as const, regular_price_cents: null, subtotal_cents: 3900, discount_cents: 0, credits_cents: 0, tax_cents: 0, total_cents: 3900 })))
      .returning("id")
      .execute();
    const fulfilled = await Promise.all(purchases.map((purchase) => database().db.transaction().execute((trx) => fulfilPurchase(trx, purchase.id, { paymentIntentId: null, subscriptionId: null }))));
    expect(fulfilled).toEqual([true, true]);
    const rows = await seats(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("active");
  });
});

describe("refunding a seat", () => {
  it("refunds the payment at Stripe, marks the purchase and the enrolment refunded, and ends access; Stripe's event changes nothing more", async () => {
    const session = await studySession(database().db);
    const user = await buyer(database().db);
    const purchaseId = await buySeat(user, session.id);
    const [seat] = await seats(user.id);
    const staff = await buyer(database().db);

    const refunded = await refundEnrolment(seat!.id, { by: staff.id });
    expect(refunded).toEqual({ enrolmentId: seat!.id, status: "refunded", refundedCents: 3900 + 195 });
    const purchase = await database().db.selectFrom("purchases").selectAll().where("id", "=", purchaseId).executeTakeFirstOrThrow();
    expect(purchase.status).toBe("refunded");
    const intent = await stripe().paymentIntents.retrieve(purchase.payment_intent_id!);
    const charge = await stripe().charges.retrieve(String(intent.latest_charge));
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 4095 });
    expect(await seats(user.id)).toMatchObject([{ status: "refunded" }]);
    expect(await accessOf(user.id, session.id)).toBe(false);

    // A second call refunds nothing twice.
    expect(await refundEnrolment(seat!.id, { by: staff.id })).toMatchObject({ status: "refunded" });
    expect(emulator().events.filter((event) => event.type === "charge.refunded" && event.data.object.id === charge.id)).toHaveLength(1);

    // Bought again after the refund: the same row becomes active for the new purchase.
    const again = await buySeat(user, session.id);
    expect(await seats(user.id)).toMatchObject([{ id: seat!.id, status: "active", purchase_id: again }]);
    expect(await accessOf(user.id, session.id)).toBe(true);
  });

  it("takes the seat away when the payment is refunded in Stripe (charge.refunded)", async () => {
    const session = await studySession(database().db);
    const user = await buyer(database().db, "US");
    const purchaseId = await buySeat(user, session.id, { country: "US" });
    const purchase = await database().db.selectFrom("purchases").selectAll().where("id", "=", purchaseId).executeTakeFirstOrThrow();
    await stripe().refunds.create({ payment_intent: purchase.payment_intent_id! });
    await expect.poll(async () => (await seats(user.id))[0]?.status, { timeout: 5000 }).toBe("refunded");
    expect(await accessOf(user.id, session.id)).toBe(false);
  });

  it("removes a free enrolment without asking Stripe, and answers nothing for an unknown one", async () => {
    const session = await studySession(database().db, { priceCents: 0, regularPriceCents: null });
    const user = await buyer(database().db);
    const seat = await database().db.insertInto("study_session_users").values({ study_session_id: session.id, user_id: user.id, status: "active", course_id: null, phone_number: null, extended_access_date: null, purchase_id: null, confirmation_sent_at: null }).returning("id").executeTakeFirstOrThrow();
    const before = emulator().events.length;
    expect(await refundEnrolment(seat.id, { by: user.id })).toEqual({ enrolmentId: seat.id, status: "removed", refundedCents: 0 });
    expect(emulator().events.length).toBe(before);
    expect(await accessOf(user.id, session.id)).toBe(false);
    expect(await refundEnrolment(2_000_000_000, { by: user.id })).toBeUndefined();
  });
});
