import { z } from "zod";
import { db } from "~/db/db.server";
import type { RateLimitRule } from "~/security/rate-limit.server";

const jsonObject = z.record(z.string(), z.unknown());

/** The body of PUT /tracking_events (SPEC §7): `{ tracking_event: {...} }`. */
export const trackingEventBody = z.object({
  tracking_event: z.object({
    type: z.string().trim().min(1).max(100),
    target_id: z.union([z.string().max(100), z.number().int()]).nullish(),
    target_type: z.string().max(100).nullish(),
    device_uuid: z.string().max(100).nullish(),
    device_info: jsonObject.optional(),
    parameters: jsonObject.optional(),
  }),
});

export type TrackingEventInput = z.infer<typeof trackingEventBody>["tracking_event"];

/**
 * Events per client address: two a second on average, bursts allowed (a page sends a few per
 * view, a school shares an address); past it a guest script cannot keep filling the table.
 */
export const trackingEventRateLimit: RateLimitRule = { name: "tracking-event:ip", limit: 600, windowSeconds: 300 };

export async function recordTrackingEvent(input: TrackingEventInput, userId: number | null) {
  const payloadSize = JSON.stringify(input.device_info ?? {}).length + JSON.stringify(input.parameters ?? {}).length;
  if (payloadSize > 16_000) throw new RangeError("tracking event too large");
  return db()
    .insertInto("tracking_events")
    .values({
      event_type: input.type,
      target_id: input.target_id === null || input.target_id === undefined ? null : String(input.target_id),
      target_type: input.target_type ?? null,
      device_uuid: input.device_uuid ?? null,
      device_info: JSON.stringify(input.device_info ?? {}),
      parameters: JSON.stringify(input.parameters ?? {}),
      user_id: userId,
    })
    .returning(["id", "event_type", "target_id", "target_type", "device_uuid", "parameters", "created_at"])
    .executeTakeFirstOrThrow();
}
