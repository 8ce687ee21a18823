import type { ActionFunctionArgs } from "@remix-run/node";
import Stripe from "stripe";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { receiveStripeEvent } from "~/payments/fulfilment.server";
import { webhookSecret } from "~/payments/stripe.server";
import { logger } from "~/utils/logger.server";

const ROUTE = "routes/webhooks+/stripe";
/** Stripe's own tolerance: a signed event older than this is refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
const MAX_WEBHOOK_BYTES = 1_000_000;

const answer = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });

/**
 * POST /webhooks/stripe: the raw body's signature is checked against the endpoint secret before
 * anything is read from it; the event is then stored by id and acted on once (fulfilment.server.ts).
 * A failure answers 500 so that Stripe delivers the event again.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  if (request.method !== "POST") return answer(405, { error: "Use POST." });
  const secret = webhookSecret();
  if (!secret) return answer(503, { error: "Webhooks are not configured (STRIPE_WEBHOOK_SECRET)." });
  const payload = await request.text();
  if (payload.length > MAX_WEBHOOK_BYTES) return answer(413, { error: "Payload too large." });
  const signature = request.headers.get("stripe-signature");
  if (!signature) return answer(400, { error: "Missing Stripe-Signature header." });
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    return answer(400, { error: error instanceof Error ? error.message : "Invalid signature." });
  }
  try {
    const outcome = await receiveStripeEvent(event);
    return answer(200, { received: true, duplicate: outcome === "duplicate" });
  } catch (error) {
    logger().error({ err: error, event: event.id, type: event.type }, "webhook handling failed");
    return answer(500, { error: "Handling failed; deliver again." });
  }
}

export async function loader() {
  return answer(405, { error: "Use POST." });
}
