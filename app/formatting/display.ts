import { formatDate } from "~/formatting/format";

/**
 * Dates on the public pages, as 'MMM d, yyyy' (SPEC §9) in UTC so the server's HTML and the
 * browser's render agree. Accepts a Date, an ISO time or a 'yyyy-mm-dd' date. Built on the shared
 * formatter rather than Intl.DateTimeFormat, whose first use in a browser loads locale data and
 * costs a slow phone tens of milliseconds while the page hydrates.
 */
export function displayDate(value: Date | string): string {
  return formatDate(value);
}

/** "Nov 23, 2026, 3:00 PM UTC". */
export function displayDateTime(value: Date | string): string {
  return `${formatDate(value, "MMM d, yyyy, h:mm a")} UTC`;
}

/** A machine-readable value for <time dateTime>. */
export function isoOf(value: Date | string): string {
  return typeof value === "string" ? value : value.toISOString();
}
