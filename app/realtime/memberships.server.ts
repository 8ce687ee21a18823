import { decideAccess, routeRule } from "~/accounts/policy/route-rules";
import { viewerOf } from "~/accounts/session.server";
import { db } from "~/db/db.server";
import type { ChannelMemberships } from "~/realtime/channels";

/**
 * What this user may read: their notifications channel, the chats they belong to, the rooms
 * they are members of, and the work shifts' channel when the policy lets them open /work-shifts.
 */
export async function channelMemberships(userId: number): Promise<ChannelMemberships> {
  const [chats, rooms, user] = await Promise.all([
    db().selectFrom("chat_members").select("chat_id").where("user_id", "=", userId).execute(),
    db()
      .selectFrom("study_room_members")
      .innerJoin("study_rooms", "study_rooms.id", "study_room_members.room_id")
      .select("study_rooms.slug")
      .where("study_room_members.user_id", "=", userId)
      .where("study_room_members.removed_at", "is", null)
      .execute(),
    db().selectFrom("users").select(["id", "roles", "user_type"]).where("id", "=", userId).executeTakeFirst(),
  ]);
  const workShifts = user ? decideAccess(viewerOf(user), routeRule("routes/work-shifts+/_index").access) === "allow" : false;
  return { userId, chatIds: chats.map((row) => row.chat_id), roomSlugs: rooms.map((row) => row.slug), workShifts };
}
