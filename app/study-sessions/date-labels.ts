import { formatDate } from "~/formatting/format";

/**
 * Session times in words, always in UTC and saying so: a mail, a server-rendered page and a
 * calendar list have no idea of the reader's time zone, and server and browser must agree.
 * (formatDate reads UTC and keeps recent answers: pages print the same few dates all day.)
 */

/** "Tuesday, December 1, 2026, 18:00–20:00 UTC" (the end's day is named when it differs). */
export function sessionDateLine(date: { start_time: Date; end_time: Date }): string {
  const sameDay = date.start_time.toISOString().slice(0, 10) === date.end_time.toISOString().slice(0, 10);
  const end = formatDate(date.end_time, sameDay ? "HH:mm" : "MMMM d HH:mm");
  return `${formatDate(date.start_time, "EEEE, MMMM d, yyyy, HH:mm")}–${end} UTC`;
}

/** "December 18, 2026" (UTC). */
export function dayLabel(date: Date): string {
  return formatDate(date, "MMMM d, yyyy");
}
