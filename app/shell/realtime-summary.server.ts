import { ensureRealtimeRelay, realtimeTransport, type TransportName } from "~/realtime/transport.server";
import type { ShellRead } from "~/shell/shell-read.server";

/** What every page of a signed-in user knows for the app bar and the realtime connection. */
export interface RealtimeSummary {
  transport: TransportName;
  userId: number;
  /** The newest stored event when the page was made: the browser resumes after it, so nothing between the page and the connection is lost. */
  lastEventId: string | null;
  unreadNotifications: number;
  unreadChatMessages: number;
}

/** The summary from the shell's read (the counts and the resume point come with the session). */
export function realtimeSummary(userId: number, read: ShellRead): RealtimeSummary {
  ensureRealtimeRelay();
  return {
    transport: realtimeTransport(),
    userId,
    lastEventId: read.lastEventId,
    unreadNotifications: read.unreadNotifications,
    unreadChatMessages: read.unreadChatMessages,
  };
}
