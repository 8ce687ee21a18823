import { config } from "~/config/env.server";
import { db } from "~/db/db.server";
import { sendMail } from "~/mail/mailer.server";
import { hitRateLimit, type RateLimitRule } from "~/security/rate-limit.server";
import { contactMail, type ContactInput } from "./contact";

/** Messages per client address and hour: enough for a household, too few to flood support's inbox. */
export const contactRateLimit: RateLimitRule = { name: "contact:ip", limit: 5, windowSeconds: 3600 };

export type ContactOutcome = { kind: "sent"; id: number } | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * Stores a contact-us message, then emails it to support (SUPPORT_EMAIL) without waiting for
 * delivery. Past the address's hourly limit nothing is stored or mailed.
 */
export async function submitContactMessage(input: ContactInput, userId: number | null, clientIp: string): Promise<ContactOutcome> {
  const limit = await hitRateLimit(contactRateLimit, clientIp);
  if (!limit.allowed) return { kind: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const { id } = await db()
    .insertInto("contact_messages")
    .values({ user_id: userId, name: input.name, email: input.email, topic: input.topic, body: input.body })
    .returning("id")
    .executeTakeFirstOrThrow();
  const mail = contactMail({ ...input, id });
  await sendMail({ to: config().SUPPORT_EMAIL, ...mail, kind: "contact_message" }, { waitForDelivery: false });
  return { kind: "sent", id };
}
