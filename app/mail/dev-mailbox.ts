/**
 * Who may open the development mailbox (/dev/mailbox), which shows every recorded mail, reset
 * links included:
 * - outside production, everyone (development and tests);
 * - in production only when DEV_MAILBOX says so: "open" (DEV_MAILBOX=true, the browser tests)
 *   or "key" (DEV_MAILBOX=local, what `npm start` sets): only a browser that opened the secret
 *   link printed at start. No address or header decides, so no forwarded header can open it.
 * Pure rules, shared by server and page.
 */
export type DevMailboxAccess = "open" | "key" | "closed";

export function devMailboxAccess(config: { NODE_ENV: string; DEV_MAILBOX: "open" | "local" | "off" }): DevMailboxAccess {
  if (config.NODE_ENV !== "production" || config.DEV_MAILBOX === "open") return "open";
  return config.DEV_MAILBOX === "local" ? "key" : "closed";
}

/** The cookie that holds the mailbox key once its link was opened, and the link's query parameter. */
export const DEV_MAILBOX_COOKIE = "dev_mailbox";
export const DEV_MAILBOX_KEY_PARAM = "key";

/** One way to show times on server and client alike (no hydration mismatch across time zones). */
export function formatUtc(date: Date) {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}
