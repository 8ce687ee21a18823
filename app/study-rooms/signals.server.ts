import { z } from "zod";
import { db } from "~/db/db.server";
import { userChannel } from "~/realtime/channels";
import { publish } from "~/realtime/events.server";
import type { RateLimitRule } from "~/security/rate-limit.server";
import type { RoomMembership } from "~/study-rooms/rooms.server";
import { SIGNAL_PUSH_KEY, type MeshSignal, type SignalPush } from "~/study-rooms/video/mesh-plan";

/** A description with its gathered candidates is a few kilobytes; four times the largest seen is plenty. */
export const MAX_SDP_CHARS = 30_000;

const clientId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "must be a short id");

const candidate = z.object({
  candidate: z.string().max(1_000),
  sdpMid: z.string().max(64).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
  usernameFragment: z.string().max(256).nullish(),
});

const signal: z.ZodType<MeshSignal> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("hello"), reply: z.boolean().optional() }),
  z.object({ type: z.literal("offer"), sdp: z.string().min(1).max(MAX_SDP_CHARS) }),
  z.object({ type: z.literal("answer"), sdp: z.string().min(1).max(MAX_SDP_CHARS) }),
  z.object({ type: z.literal("candidate"), candidate }),
  z.object({ type: z.literal("bye"), reason: z.enum(["left", "full"]).optional() }),
]);

/** POST /study-rooms/{slug}/signal: `{ to, client_id, to_client?, signal }`. Only what is named here is passed on. */
export const signalBody = z.object({
  to: z.number().int().positive().max(2_147_483_647),
  client_id: clientId,
  to_client: clientId.optional(),
  signal,
});

export type SignalInput = z.infer<typeof signalBody>;

/**
 * Signals per person: a call needs a handful per other person (hello, offer, answer, a late
 * candidate or two, reconnects), and each is a stored event; past this one cannot flood
 * another's channel.
 */
export const signalRateLimit: RateLimitRule = { name: "study-room-signal:user", limit: 120, windowSeconds: 60 };

/**
 * Passes one member's signal to another member of the room, on the recipient's own channel
 * (DISPATCH_ACTION), where only their tabs hear it.
 */
export async function relaySignal(input: {
  room: { slug: string };
  members: readonly RoomMembership[];
  fromUserId: number;
  sent: SignalInput;
}): Promise<{ kind: "relayed" } | { kind: "refused"; message: string }> {
  const { sent } = input;
  if (sent.to === input.fromUserId) return { kind: "refused", message: "to: send signals to someone else in the room." };
  if (!input.members.some((member) => member.user_id === sent.to)) return { kind: "refused", message: "to: that person is not in this study room." };
  const push: SignalPush = { room: input.room.slug, from: input.fromUserId, from_client: sent.client_id, to_client: sent.to_client ?? null, signal: sent.signal };
  await publish(db(), userChannel(sent.to), "DISPATCH_ACTION", { [SIGNAL_PUSH_KEY]: push });
  return { kind: "relayed" };
}
