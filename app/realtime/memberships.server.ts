import { db } from "~/db/db.server";
import type { ChannelMemberships } from "~/realtime/channels";

/**
 * What this user may read: their notifications channel, the chats they belong to and the rooms
 * they are in. Study rooms arrive with their own tables; until then a user is in no room.
 */
export async function channelMemberships(userId: number): Promise<ChannelMemberships> {
  const chats = await db().selectFrom("chat_members").select("chat_id").where("user_id", "=", userId).execute();
  return { userId, chatIds: chats.map((row) => row.chat_id), roomSlugs: [] };
}
