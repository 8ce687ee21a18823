import { Link } from "@remix-run/react";
import { CountBadge } from "~/realtime/badge";
import { useLiveCount } from "~/realtime/realtime-provider";
import { useRootData } from "~/shell/root-data";

/** The app bar's chat icon: a link to /chats with the unread message count, kept live by push updates. */
export function ChatIcon() {
  const root = useRootData();
  const unread = useLiveCount("unread_chat_messages", root?.realtime?.unreadChatMessages ?? 0);
  if (!root?.realtime) return null;
  return (
    <Link data-shell="chats-link" to="/chats" aria-label={unread ? `Chats, ${unread} unread messages` : "Chats"} style={{ display: "inline-flex", alignItems: "center", gap: 4, color: "inherit" }}>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      </svg>
      <CountBadge count={unread} testId="chat-count" />
    </Link>
  );
}
