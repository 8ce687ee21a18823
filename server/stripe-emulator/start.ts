import { randomBytes } from "node:crypto";
import type { AppConfig } from "../../app/config/env.server";
import { logger } from "../../app/utils/logger.server";
import { startStripeEmulator, type StripeEmulator } from "./emulator";

/**
 * Without STRIPE_SECRET_KEY the app runs the local Stripe emulator (once, in the first process)
 * and tells the app processes where it is through STRIPE_EMULATOR_URL and the webhook secret
 * through STRIPE_WEBHOOK_SECRET; workers inherit both. With a key, or with STRIPE_EMULATOR_URL
 * already set (an emulator run elsewhere), nothing starts.
 */
export async function startEmbeddedStripe(config: AppConfig): Promise<StripeEmulator | null> {
  if (process.env.STRIPE_SECRET_KEY || process.env.STRIPE_EMULATOR_URL) return null;
  process.env.STRIPE_WEBHOOK_SECRET ||= `whsec_${randomBytes(24).toString("base64url")}`;
  const appHost = config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST;
  const emulator = await startStripeEmulator({
    webhookUrl: `http://${appHost}:${config.PORT}/webhooks/stripe`,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
    port: process.env.STRIPE_EMULATOR_PORT ? Number(process.env.STRIPE_EMULATOR_PORT) : 0,
  });
  process.env.STRIPE_EMULATOR_URL = emulator.url;
  logger().info({ url: emulator.url }, "payments go to the local Stripe emulator (no STRIPE_SECRET_KEY)");
  return emulator;
}
