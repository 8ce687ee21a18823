import { unreadChatMessageCount } from "~/chats/chats.server";
import { db } from "~/db/db.server";
import { unreadNotificationCount } from "~/notifications/notifications.server";
import { ensureRealtimeRelay, realtimeTransport, type TransportName } from "~/realtime/transport.server";

/** What every page of a signed-in user knows for the app bar and the realtime connection. */
export interface RealtimeSummary {
  transport: TransportName;
  userId: number;
  /** The newest stored event when the page was made: the browser resumes after it, so nothing between the page and the connection is lost. */
  lastEventId: string | null;
  unreadNotifications: number;
  unreadChatMessages: number;
}

export async function realtimeSummary(userId: number): Promise<RealtimeSummary> {
  ensureRealtimeRelay();
  const [latest, unreadNotifications, unreadChatMessages] = await Promise.all([
    db()
      .selectFrom("realtime_events")
      .select((eb) => eb.fn.max("id").as("last"))
      .executeTakeFirst(),
    unreadNotificationCount(undefined, userId),
    unreadChatMessageCount(userId),
  ]);
  return {
    transport: realtimeTransport(),
    userId,
    lastEventId: latest?.last ? String(latest.last) : null,
    unreadNotifications,
    unreadChatMessages,
  };
}
