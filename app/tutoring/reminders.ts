import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { isValidTimeZone } from "~/tutoring/availability";

/**
 * How a tutoring session reminder reads, pure. When each reminder is due is the live study
 * sessions' rule (app/study-sessions/reminders.ts: 24 hours and 1 hour before the start), which
 * tutoring shares unchanged; what differs is the clock: a reminder is written in the recipient's
 * own time zone when one is known (the zone on their tutor profile), else in UTC, and always
 * names the zone, since a mail cannot know where it is read.
 */

export const FALLBACK_TIME_ZONE = "UTC";

/** The zone to write a reminder in: the one the person gave, if it is a zone we can compute with; else UTC. */
export function reminderTimeZone(known: string | null | undefined): string {
  return known && isValidTimeZone(known) ? known : FALLBACK_TIME_ZONE;
}

/** A zone as people read it, as the contract's page writes it: "America/New York", "UTC". */
export function timeZoneName(timeZone: string): string {
  return reminderTimeZone(timeZone).replaceAll("_", " ");
}

/**
 * "Tuesday, December 1, 2026, 13:00–14:00 (America/Toronto)", or "… 18:00–19:00 UTC" as the
 * study sessions' mails write UTC; the end's day is named when it is another local day.
 */
export function tutoringSessionLine(date: { start_time: Date; end_time: Date }, timeZone: string): string {
  const zone = reminderTimeZone(timeZone);
  const start = new TZDate(date.start_time.getTime(), zone);
  const end = new TZDate(date.end_time.getTime(), zone);
  const sameDay = format(start, "yyyy-MM-dd") === format(end, "yyyy-MM-dd");
  const range = `${format(start, "EEEE, MMMM d, yyyy, HH:mm")}–${format(end, sameDay ? "HH:mm" : "MMMM d HH:mm")}`;
  return zone === FALLBACK_TIME_ZONE ? `${range} UTC` : `${range} (${timeZoneName(zone)})`;
}
