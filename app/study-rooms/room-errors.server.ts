import { z } from "zod";
import { db } from "~/db/db.server";
import type { RateLimitRule } from "~/security/rate-limit.server";

/** The columns' limits (migrations/0019_study_rooms.ts): longer text is cut, not refused. */
const LIMITS = { message: 1_000, client_id: 80, device_name: 200, browser_info: 500 } as const;

/** Text up to `max` characters kept; a sender may send up to four times that (a long user agent), never more. */
const cut = (max: number) =>
  z
    .string()
    .max(max * 4)
    .default("")
    .transform((value) => value.trim().slice(0, max));

/** POST /study-rooms/{slug}/errors: what went wrong in a member's browser (a blocked camera, a failed connection). */
export const roomErrorBody = z.object({
  kind: z.string().regex(/^[a-z][a-z0-9_]{0,59}$/, "must be a short lower-case name such as media_denied"),
  message: cut(LIMITS.message),
  client_id: cut(LIMITS.client_id),
  device_name: cut(LIMITS.device_name),
  browser_info: cut(LIMITS.browser_info),
});

export type RoomErrorInput = z.infer<typeof roomErrorBody>;

/** A browser reports a problem once when it happens; past this, a loop in one tab would fill the table. */
export const roomErrorRateLimit: RateLimitRule = { name: "study-room-error:user", limit: 30, windowSeconds: 3600 };

/** Keeps one member's report of a problem in the room, for support to read with the browser and device named. */
export async function recordRoomError(input: { roomId: number; userId: number; report: RoomErrorInput }) {
  return db()
    .insertInto("study_room_errors")
    .values({ room_id: input.roomId, user_id: input.userId, ...input.report })
    .returning(["id", "kind", "message", "client_id", "device_name", "browser_info", "created_at"])
    .executeTakeFirstOrThrow();
}
