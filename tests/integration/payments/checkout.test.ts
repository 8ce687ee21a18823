import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { startCheckout, loadCheckoutProduct } from "~/payments/checkout.server";
import type { CheckoutProduct } from "~/payments/quote";
import { stripe } from "~/payments/stripe.server";
import { useTestDatabase } from "../../support/database";
import { postWebhook, signed, useStripeEmulator } from "../../support/stripe";

const database = useTestDatabase();
const emulator = useStripeEmulator();
const ORIGIN = "http://app.test";

async function buyer(country: "CA" | "US" | null = "US") {
  const email = `buyer-${randomBytes(5).toString("hex")}@example.test`;
  const user = await database().db.insertInto("users").values({ email, first_name: "Pat", last_name: "Buyer", country_code: country }).returning(["id", "email"]).executeTakeFirstOrThrow();
  return user;
}

async function coursePackage(slug: string, packageType: "learn" | "practice" | "learn_practice_bundle" = "learn"): Promise<CheckoutProduct> {
  const { id } = await database().db.selectFrom("online_courses").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  const loaded = await loadCheckoutProduct({ kind: "online_course", onlineCourseId: id, packageType });
  if ("error" in loaded) throw new Error(loaded.error);
  return loaded.product;
}

const sessionIdOf = (url: string) => url.split("/pay/")[1]!;

async function enrolments(userId: number) {
  return database().db.selectFrom("online_course_users").selectAll().where("user_id", "=", userId).execute();
}

describe("checkout and fulfilment", () => {
  it("sells only published courses: a preparing one points to pre-registration, hidden and closed ones are not found", async () => {
    const courses = await database().db.selectFrom("online_courses").select(["id", "status"]).execute();
    for (const status of ["preparing", "hidden"] as const) {
      const course = courses.find((row) => row.status === status);
      if (!course) throw new Error(`the demo data has no ${status} course`);
      const loaded = await loadCheckoutProduct({ kind: "online_course", onlineCourseId: course.id, packageType: "learn" });
      expect(loaded).toMatchObject(status === "preparing" ? { status: 409, error: expect.stringMatching(/pre-register/i) } : { status: 404 });
    }
  });

  it("charges a Canadian buyer 5% sales tax in the course's currency and enrols them once paid", async () => {
    const user = await buyer("CA");
    const product = await coursePackage("organic-chemistry-1-exam-prep");
    const outcome = await startCheckout(user, { product, country: "CA" }, ORIGIN);
    expect(outcome.kind).toBe("redirect");
    if (outcome.kind !== "redirect") return;
    const session = await stripe().checkout.sessions.retrieve(sessionIdOf(outcome.url));
    // A USD course: the price its page shows, in USD, with Canada's tax on top.
    expect(session.currency).toBe("usd");
    expect(session.amount_total).toBe(5900 + 295);
    const purchase = await database().db.selectFrom("purchases").selectAll().where("id", "=", outcome.purchaseId).executeTakeFirstOrThrow();
    expect(purchase).toMatchObject({ currency: "USD", subtotal_cents: 5900, tax_cents: 295, total_cents: 6195, status: "pending" });

    expect((await emulator().pay(session.id, "4242 4242 4242 4242")).outcome).toBe("succeeded");
    const paid = await database().db.selectFrom("purchases").selectAll().where("id", "=", outcome.purchaseId).executeTakeFirstOrThrow();
    expect(paid.status).toBe("paid");
    expect(await enrolments(user.id)).toMatchObject([{ status: "active", package_type: "learn" }]);
  });

  it("charges a US buyer no tax in USD", async () => {
    const user = await buyer("US");
    const outcome = await startCheckout(user, { product: await coursePackage("organic-chemistry-1-exam-prep"), country: "US" }, ORIGIN);
    if (outcome.kind !== "redirect") throw new Error(outcome.kind);
    const session = await stripe().checkout.sessions.retrieve(sessionIdOf(outcome.url));
    expect(session).toMatchObject({ currency: "usd", amount_total: 5900 });
  });

  it("records a 100%-off code as a free, paid purchase without going to the payment page", async () => {
    const user = await buyer("CA");
    const product = await coursePackage("organic-chemistry-1-exam-prep", "practice");
    const code = await database().db.insertInto("discount_codes").values({ code: `FREE${randomBytes(3).toString("hex")}`, percent_off: 100, usage_limit: 5 }).returningAll().executeTakeFirstOrThrow();
    const outcome = await startCheckout(user, { product, country: "CA", discountCode: code.code.toLowerCase() }, ORIGIN);
    expect(outcome.kind).toBe("complete");
    if (outcome.kind !== "complete") return;
    const purchase = await database().db.selectFrom("purchases").selectAll().where("id", "=", outcome.purchaseId).executeTakeFirstOrThrow();
    expect(purchase).toMatchObject({ status: "paid", total_cents: 0, tax_cents: 0, discount_cents: 2400, discount_code_id: code.id, checkout_session_id: null });
    expect(await enrolments(user.id)).toMatchObject([{ status: "active", package_type: "practice" }]);
    const redemptions = await database().db.selectFrom("discount_redemptions").selectAll().where("purchase_id", "=", purchase.id).execute();
    expect(redemptions).toHaveLength(1);
    const after = await database().db.selectFrom("discount_codes").select("times_used").where("id", "=", code.id).executeTakeFirstOrThrow();
    expect(after.times_used).toBe(1);
  });

  it("refuses an expired or unknown code with a message and charges nothing", async () => {
    const user = await buyer();
    const product = await coursePackage("organic-chemistry-1-exam-prep");
    await database().db.insertInto("discount_codes").values({ code: "OLDCODE", percent_off: 20, ends_at: new Date("2020-01-01T00:00:00Z") }).execute();
    expect(await startCheckout(user, { product, country: "US", discountCode: "oldcode" }, ORIGIN)).toMatchObject({ kind: "error", status: 400, message: "This discount code has expired." });
    expect(await startCheckout(user, { product, country: "US", discountCode: "nope" }, ORIGIN)).toMatchObject({ kind: "error", status: 400, field: "discount_code" });
    expect(await database().db.selectFrom("purchases").select("id").where("user_id", "=", user.id).execute()).toHaveLength(0);
  });

  it("gives two concurrent checkouts of the same course one session and one charge", async () => {
    const user = await buyer();
    const product = await coursePackage("waterloo-math-137-exam-prep");
    const [first, second] = await Promise.all([startCheckout(user, { product, country: "US" }, ORIGIN), startCheckout(user, { product, country: "US" }, ORIGIN)]);
    if (first.kind !== "redirect" || second.kind !== "redirect") throw new Error("expected redirects");
    expect(second.url).toBe(first.url);
    expect(second.purchaseId).toBe(first.purchaseId);
    const sessionId = sessionIdOf(first.url);
    expect((await emulator().pay(sessionId, "4242424242424242")).outcome).toBe("succeeded");
    expect((await emulator().pay(sessionId, "4242424242424242")).outcome).toBe("invalid");
    const charges = emulator().events.filter((event) => event.type === "charge.succeeded" && event.data.object.metadata.purchase_id === String(first.purchaseId));
    expect(charges).toHaveLength(1);
    expect(await database().db.selectFrom("purchases").select("id").where("user_id", "=", user.id).execute()).toHaveLength(1);
  });

  it("fulfils once when the same event arrives 3 times, at once, and out of order", async () => {
    const user = await buyer();
    const product = await coursePackage("ap-calculus-ab-review");
    const outcome = await startCheckout(user, { product, country: "US" }, ORIGIN);
    if (outcome.kind !== "redirect") throw new Error(outcome.kind);
    emulator().setWebhookUrl(undefined);
    try {
      const before = emulator().events.length;
      await emulator().pay(sessionIdOf(outcome.url), "4242424242424242");
      const events = emulator().events.slice(before);
      const completed = events.find((event) => event.type === "checkout.session.completed")!;
      // Out of order: the payment intent's and charge's events before the completed session.
      for (const event of [...events].reverse().filter((event) => event !== completed)) {
        const { payload, signature } = signed(emulator(), event);
        expect((await postWebhook(payload, signature)).status).toBe(200);
      }
      const { payload, signature } = signed(emulator(), completed);
      const answers = await Promise.all([1, 2, 3].map(() => postWebhook(payload, signature)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      const bodies = await Promise.all(answers.map((answer) => answer.json()));
      expect(bodies.filter((body) => body.duplicate === false)).toHaveLength(1);
      const again = signed(emulator(), completed);
      expect(await (await postWebhook(again.payload, again.signature)).json()).toMatchObject({ duplicate: true });
    } finally {
      emulator().setWebhookUrl(emulator().webhookUrl);
    }
    const rows = await enrolments(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "active", package_type: "learn" });
    expect(await database().db.selectFrom("purchases").select("status").where("id", "=", outcome.purchaseId).executeTakeFirstOrThrow()).toEqual({ status: "paid" });
  });

  it("refuses a tampered signature with 400 and changes nothing", async () => {
    const user = await buyer();
    const outcome = await startCheckout(user, { product: await coursePackage("functional-program-design"), country: "US" }, ORIGIN);
    if (outcome.kind !== "redirect") throw new Error(outcome.kind);
    const event = { id: `evt_forged_${randomBytes(4).toString("hex")}`, object: "event", type: "checkout.session.completed", created: Math.floor(Date.now() / 1000), data: { object: { id: sessionIdOf(outcome.url), object: "checkout.session", mode: "payment", payment_status: "paid", metadata: { purchase_id: String(outcome.purchaseId) } } } };
    const { payload, signature } = signed(emulator(), event);
    const tampered = payload.replace('"paid"', '"paid" ');
    const eventsBefore = await database().db.selectFrom("stripe_events").select("id").execute();
    expect((await postWebhook(tampered, signature)).status).toBe(400);
    expect((await postWebhook(payload, signature.replace(/v1=[0-9a-f]{4}/, "v1=0000"))).status).toBe(400);
    expect((await postWebhook(payload, null)).status).toBe(400);
    expect(await database().db.selectFrom("stripe_events").select("id").execute()).toHaveLength(eventsBefore.length);
    expect(await database().db.selectFrom("purchases").select("status").where("id", "=", outcome.purchaseId).executeTakeFirstOrThrow()).toEqual({ status: "pending" });
    expect(await enrolments(user.id)).toHaveLength(0);
  });

  it("refuses a webhook signed more than 300 seconds ago", async () => {
    const event = { id: `evt_old_${randomBytes(4).toString("hex")}`, object: "event", type: "customer.created", created: 1, data: { object: {} } };
    const old = signed(emulator(), event, Math.floor(Date.now() / 1000) - 301);
    const response = await postWebhook(old.payload, old.signature);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/tolerance/i);
    const fresh = signed(emulator(), event, Math.floor(Date.now() / 1000) - 200);
    expect((await postWebhook(fresh.payload, fresh.signature)).status).toBe(200);
  });

  it("records a declined card with type, code, message and decline_code and gives no access", async () => {
    const user = await buyer();
    const outcome = await startCheckout(user, { product: await coursePackage("advanced-functions-mhf4u"), country: "US" }, ORIGIN);
    if (outcome.kind !== "redirect") throw new Error(outcome.kind);
    const result = await emulator().pay(sessionIdOf(outcome.url), "4000 0000 0000 0002");
    expect(result).toEqual({ outcome: "declined", message: "Your card was declined." });
    const failures = await database().db.selectFrom("failed_purchases").selectAll().where("user_id", "=", user.id).execute();
    expect(failures).toMatchObject([{ purchase_id: outcome.purchaseId, error_type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." }]);
    expect(await enrolments(user.id)).toHaveLength(0);
  });

  it("takes access away when the payment is refunded", async () => {
    const user = await buyer();
    const outcome = await startCheckout(user, { product: await coursePackage("general-chemistry-1-complete"), country: "US" }, ORIGIN);
    if (outcome.kind !== "redirect") throw new Error(outcome.kind);
    await emulator().pay(sessionIdOf(outcome.url), "4242424242424242");
    const purchase = await database().db.selectFrom("purchases").selectAll().where("id", "=", outcome.purchaseId).executeTakeFirstOrThrow();
    expect(purchase.payment_intent_id).toBeTruthy();
    await stripe().refunds.create({ payment_intent: purchase.payment_intent_id! });
    await expect.poll(async () => (await enrolments(user.id))[0]?.status, { timeout: 5000 }).toBe("refunded");
    expect(await database().db.selectFrom("purchases").select("status").where("id", "=", purchase.id).executeTakeFirstOrThrow()).toEqual({ status: "refunded" });
  });
});

describe("MCAT Elite, tokens and the Plus perk", () => {
  it("takes the deposit, then the balance: deposit_paid, then full_paid with access", async () => {
    const user = await buyer("US");
    const { id } = await database().db.selectFrom("online_courses").select("id").where("slug", "=", "mcat-elite-515").executeTakeFirstOrThrow();
    const deposit = await loadCheckoutProduct({ kind: "elite_deposit", onlineCourseId: id });
    if ("error" in deposit) throw new Error(deposit.error);
    const first = await startCheckout(user, { product: deposit.product, country: "US" }, ORIGIN);
    if (first.kind !== "redirect") throw new Error(first.kind);
    await emulator().pay(sessionIdOf(first.url), "4242424242424242");
    expect(await enrolments(user.id)).toMatchObject([{ status: "active", elite_payment_status: "deposit_paid" }]);

    const full = await loadCheckoutProduct({ kind: "elite_full", onlineCourseId: id });
    if ("error" in full) throw new Error(full.error);
    const second = await startCheckout(user, { product: full.product, country: "US" }, ORIGIN);
    if (second.kind !== "redirect") throw new Error(second.kind);
    const session = await stripe().checkout.sessions.retrieve(sessionIdOf(second.url));
    expect(session.amount_total).toBe(249900 - 50000);
    await emulator().pay(session.id, "4242424242424242");
    expect(await enrolments(user.id)).toMatchObject([{ status: "active", elite_payment_status: "full_paid" }]);
  });

  it("adds bought tokens to the balance, once", async () => {
    const user = await buyer("US");
    const outcome = await startCheckout(user, { product: { kind: "tokens", amount: 25 }, country: "US" }, ORIGIN);
    if (outcome.kind !== "redirect") throw new Error(outcome.kind);
    await emulator().pay(sessionIdOf(outcome.url), "4242424242424242");
    const completed = emulator().events.find((event) => event.type === "checkout.session.completed" && event.data.object.metadata.purchase_id === String(outcome.purchaseId))!;
    const replay = signed(emulator(), completed);
    expect((await postWebhook(replay.payload, replay.signature)).status).toBe(200);
    const row = await database().db.selectFrom("users").select("token_balance").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.token_balance).toBe(25);
  });

  it("takes 20% off a Grade Booster for a Plus member", async () => {
    const user = await buyer("US");
    await database().db.insertInto("subscriptions").values({ user_id: user.id, status: "active", plan: "plus", billing_interval: "yearly", currency: "USD", stripe_subscription_id: `sub_perk_${user.id}` }).execute();
    const outcome = await startCheckout(user, { product: await coursePackage("organic-chemistry-1-exam-prep"), country: "US" }, ORIGIN);
    if (outcome.kind !== "redirect") throw new Error(outcome.kind);
    const session = await stripe().checkout.sessions.retrieve(sessionIdOf(outcome.url));
    expect(session.amount_total).toBe(4720);
  });
});

describe("failed balances and referral credits", () => {
  it("puts a deposit-paid MCAT Elite enrolment in pending_payment when the balance is declined", async () => {
    const user = await buyer("US");
    const { id } = await database().db.selectFrom("online_courses").select("id").where("slug", "=", "mcat-elite-515").executeTakeFirstOrThrow();
    const deposit = await loadCheckoutProduct({ kind: "elite_deposit", onlineCourseId: id });
    const full = await loadCheckoutProduct({ kind: "elite_full", onlineCourseId: id });
    if ("error" in deposit || "error" in full) throw new Error("not for sale");
    const first = await startCheckout(user, { product: deposit.product, country: "US" }, ORIGIN);
    if (first.kind !== "redirect") throw new Error(first.kind);
    await emulator().pay(sessionIdOf(first.url), "4242424242424242");
    const second = await startCheckout(user, { product: full.product, country: "US" }, ORIGIN);
    if (second.kind !== "redirect") throw new Error(second.kind);
    expect((await emulator().pay(sessionIdOf(second.url), "4000000000009995")).outcome).toBe("declined");
    expect(await enrolments(user.id)).toMatchObject([{ status: "pending_payment", elite_payment_status: "deposit_paid" }]);
    const failure = await database().db.selectFrom("failed_purchases").selectAll().where("purchase_id", "=", second.purchaseId).executeTakeFirstOrThrow();
    expect(failure).toMatchObject({ code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." });
  });

  it("spends referral credit when the buyer applies it, and only then", async () => {
    const user = await buyer("US");
    await database().db.insertInto("referral_credits").values({ user_id: user.id, amount_cents: 1000, reason: "referral" }).execute();
    const product = await coursePackage("lsat-logical-reasoning-mastery");
    const outcome = await startCheckout(user, { product, country: "US", applyCredits: true }, ORIGIN);
    if (outcome.kind !== "redirect") throw new Error(outcome.kind);
    const session = await stripe().checkout.sessions.retrieve(sessionIdOf(outcome.url));
    expect(session.amount_total).toBe(14900 - 1000);
    await emulator().pay(session.id, "4242424242424242");
    const credits = await database().db.selectFrom("referral_credits").select(["amount_cents", "purchase_id"]).where("user_id", "=", user.id).orderBy("id").execute();
    expect(credits).toEqual([
      { amount_cents: 1000, purchase_id: null },
      { amount_cents: -1000, purchase_id: outcome.purchaseId },
    ]);
  });
});
