import { ChatIcon } from "~/chats/chat-icon";
import { NotificationBell } from "~/notifications/notification-bell";

/**
 * The chat and notification entries of the app bar for signed-in users (SPEC §2 Shell): links to
 * /chats and /notifications without JavaScript, live counts and the bell's dropdown with it.
 */
export function SignedInIcons() {
  return (
    <>
      <ChatIcon />
      <NotificationBell />
    </>
  );
}
