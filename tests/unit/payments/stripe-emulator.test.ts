import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeEmulator, type StripeEmulator } from "../../../server/stripe-emulator/emulator";

const SECRET = "whsec_emulator_unit_test";
let emulator: StripeEmulator;
let sink: Server;
let client: Stripe;
const received: { status: number; type: string; verified: boolean }[] = [];
let failuresLeft = 0;

beforeAll(async () => {
  sink = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const payload = Buffer.concat(chunks).toString("utf8");
    let verified = true;
    let type = "";
    try {
      type = Stripe.webhooks.constructEvent(payload, String(req.headers["stripe-signature"]), SECRET).type;
    } catch {
      verified = false;
    }
    const status = failuresLeft > 0 ? 500 : 200;
    if (failuresLeft > 0) failuresLeft -= 1;
    received.push({ status, type, verified });
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  emulator = await startStripeEmulator({ webhookSecret: SECRET, webhookUrl: `http://127.0.0.1:${(sink.address() as AddressInfo).port}/webhooks/stripe`, retryDelaysMs: [20, 20] });
  const url = new URL(emulator.url);
  client = new Stripe("sk_test_emulator", { host: url.hostname, port: Number(url.port), protocol: "http", maxNetworkRetries: 0 });
});

afterAll(async () => {
  await emulator.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

async function openSession(amount = 1500) {
  return client.checkout.sessions.create({
    mode: "payment",
    success_url: "http://app.test/checkout/success?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/checkout/cancel",
    line_items: [{ price_data: { currency: "usd", unit_amount: amount, product_data: { name: "Learn package" } }, quantity: 1 }],
    payment_intent_data: { metadata: { purchase_id: "1" } },
    metadata: { purchase_id: "1" },
  });
}

describe("the Stripe emulator", () => {
  it("answers the official SDK, replays an idempotent request and refuses requests without a key", async () => {
    const first = await client.customers.create({ email: "a@example.test" }, { idempotencyKey: "customer-1" });
    const again = await client.customers.create({ email: "a@example.test" }, { idempotencyKey: "customer-1" });
    expect(again.id).toBe(first.id);
    const response = await fetch(`${emulator.url}/v1/customers`, { method: "POST" });
    expect(response.status).toBe(401);
    await expect(client.customers.retrieve("cus_missing")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("signs every event so the SDK verifies it, and retries a delivery that failed", async () => {
    received.length = 0;
    failuresLeft = 1;
    const session = await openSession();
    expect(session.url).toContain("/pay/");
    expect(await emulator.pay(session.id, "4242 4242 4242 4242")).toEqual({ outcome: "succeeded" });
    await expect.poll(() => received.filter((delivery) => delivery.type === "checkout.session.completed").map((delivery) => delivery.status)).toEqual([500, 200]);
    expect(received.every((delivery) => delivery.verified)).toBe(true);
    const completed = await client.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: "complete", payment_status: "paid", amount_total: 1500 });
  });

  it("serves a hosted page without JavaScript: a declined card shows its message, authentication can fail or pass", async () => {
    const session = await openSession(2500);
    const page = await fetch(session.url!);
    expect(await page.text()).toContain('<label for="card_number">Card number</label>');
    const declined = await fetch(session.url!, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "card_number=4000000000000002" });
    expect(await declined.text()).toContain("Your card was declined.");
    const needsAction = await fetch(session.url!, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "card_number=4000002760003184" });
    expect(needsAction.status).toBe(303);
    expect(needsAction.headers.get("location")).toBe(`/pay/${session.id}/authenticate`);
    const passed = await fetch(`${session.url}/authenticate`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "result=complete" });
    expect(passed.status).toBe(303);
    expect(passed.headers.get("location")).toBe(`http://app.test/checkout/success?session_id=${session.id}`);
    const failedEvents = emulator.events.filter((event) => event.type === "payment_intent.payment_failed" && event.data.object.id === (completedIntent(session.id) ?? ""));
    expect(failedEvents[0]?.data.object.last_payment_error).toMatchObject({ type: "card_error", code: "card_declined", decline_code: "generic_decline" });
  });

  it("prorates a plan change and refunds a charge", async () => {
    const product = await client.products.create({ name: "Plus" });
    const monthly = await client.prices.create({ product: product.id, currency: "usd", unit_amount: 2995, recurring: { interval: "month" }, lookup_key: "plus_month_usd_test" });
    const found = await client.prices.list({ lookup_keys: ["plus_month_usd_test"] });
    expect(found.data.map((price) => price.id)).toEqual([monthly.id]);
    const session = await client.checkout.sessions.create({ mode: "subscription", success_url: "http://app.test/s", line_items: [{ price: monthly.id, quantity: 1 }] });
    await emulator.pay(session.id, "4242424242424242");
    const subscriptionId = (await client.checkout.sessions.retrieve(session.id)).subscription as string;
    const upgrade = await client.prices.create({ product: product.id, currency: "usd", unit_amount: 4995, recurring: { interval: "month" } });
    const subscription = await client.subscriptions.retrieve(subscriptionId);
    const preview = await client.invoices.createPreview({ subscription: subscriptionId, subscription_details: { items: [{ id: subscription.items.data[0]!.id, price: upgrade.id }] } });
    expect(preview.amount_due).toBeGreaterThan(1990);
    expect(preview.amount_due).toBeLessThanOrEqual(2000);

    const paid = await openSession(900);
    await emulator.pay(paid.id, "4242424242424242");
    const intent = (await client.checkout.sessions.retrieve(paid.id)).payment_intent as string;
    const refund = await client.refunds.create({ payment_intent: intent });
    expect(refund).toMatchObject({ amount: 900, status: "succeeded" });
    await expect(client.refunds.create({ payment_intent: intent })).rejects.toMatchObject({ code: "charge_already_refunded" });
  });
});

function completedIntent(sessionId: string): string | undefined {
  return emulator.events.find((event) => event.type === "checkout.session.completed" && event.data.object.id === sessionId)?.data.object.payment_intent;
}
