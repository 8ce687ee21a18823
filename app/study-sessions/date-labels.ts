/**
 * Session times in words, always in UTC and saying so: a mail, a server-rendered page and a
 * calendar list have no idea of the reader's time zone, and server and browser must agree.
 */

const DAY = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric", year: "numeric" });
const MONTH_DAY = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", day: "numeric" });
const TIME = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const DATE = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });

/** "Tuesday, December 1, 2026, 18:00–20:00 UTC" (the end's day is named when it differs). */
export function sessionDateLine(date: { start_time: Date; end_time: Date }): string {
  const sameDay = date.start_time.toISOString().slice(0, 10) === date.end_time.toISOString().slice(0, 10);
  const end = sameDay ? TIME.format(date.end_time) : `${MONTH_DAY.format(date.end_time)} ${TIME.format(date.end_time)}`;
  return `${DAY.format(date.start_time)}, ${TIME.format(date.start_time)}–${end} UTC`;
}

/** "December 18, 2026" (UTC). */
export function dayLabel(date: Date): string {
  return DATE.format(date);
}
