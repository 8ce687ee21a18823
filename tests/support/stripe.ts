import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll } from "vitest";
import { action as stripeWebhook } from "../../app/routes/webhooks+/stripe";
import { startStripeEmulator, type StripeEmulator } from "../../server/stripe-emulator/emulator";

export const TEST_WEBHOOK_SECRET = "whsec_test_secret_for_payments_tests";

/** Sends a raw webhook body with a signature header to the app's webhook action. */
export async function postWebhook(payload: string, signature: string | null): Promise<Response> {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (signature !== null) headers.set("Stripe-Signature", signature);
  const request = new Request("http://app.test/webhooks/stripe", { method: "POST", headers, body: payload });
  return stripeWebhook({ request, params: {}, context: {} } as unknown as ActionFunctionArgs);
}

/**
 * The Stripe emulator for a test file, with the app's Stripe client pointed at it and its events
 * delivered to the webhook action through a small HTTP endpoint (as Stripe would call the app).
 */
export function useStripeEmulator(): () => StripeEmulator & { webhookUrl: string } {
  let emulator: StripeEmulator | undefined;
  let sink: Server | undefined;
  let webhookUrl = "";
  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    process.env.STRIPE_WEBHOOK_SECRET = TEST_WEBHOOK_SECRET;
    sink = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const response = await postWebhook(Buffer.concat(chunks).toString("utf8"), String(req.headers["stripe-signature"] ?? ""));
      res.writeHead(response.status, { "Content-Type": "application/json" });
      res.end(await response.text());
    });
    await new Promise<void>((resolve) => sink!.listen(0, "127.0.0.1", resolve));
    webhookUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/webhooks/stripe`;
    emulator = await startStripeEmulator({ webhookSecret: TEST_WEBHOOK_SECRET, webhookUrl, retryDelaysMs: [] });
    process.env.STRIPE_EMULATOR_URL = emulator.url;
  });
  afterAll(async () => {
    await emulator?.close();
    await new Promise<void>((resolve) => (sink ? sink.close(() => resolve()) : resolve()));
  });
  return () => {
    if (!emulator) throw new Error("useStripeEmulator(): the emulator starts in beforeAll");
    return Object.assign(emulator, { webhookUrl });
  };
}

/** Signs an event as the emulator (and Stripe) would, optionally at another time. */
export function signed(emulator: StripeEmulator, event: object, timestamp?: number) {
  const payload = JSON.stringify(event);
  return { payload, signature: emulator.sign(payload, timestamp) };
}
