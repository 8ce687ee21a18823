/**
 * Which reminder of a session date is due, pure. A student is reminded 24 hours and 1 hour before
 * each date starts. A lead is due from its moment (start − lead) until the next, shorter lead's
 * moment (for the 1 hour lead: until the start), so a job that runs late still sends it, a date
 * that has started gets none, and a late run never sends both at once. A student who enrolled
 * after a lead's moment gets no reminder for it: the confirmation they just received says as much.
 */

export type ReminderLead = "24h" | "1h";

const HOUR_MS = 60 * 60 * 1000;

/** Longest lead first. */
export const REMINDER_LEADS: readonly { lead: ReminderLead; beforeMs: number }[] = [
  { lead: "24h", beforeMs: 24 * HOUR_MS },
  { lead: "1h", beforeMs: HOUR_MS },
];

/** How far ahead a reminder can be due: the longest lead. */
export const REMINDER_HORIZON_MS = REMINDER_LEADS[0]!.beforeMs;

export interface ReminderFacts {
  /** The date's start, as it is now. */
  startTime: Date;
  /** When the enrolment was made. */
  enrolledAt: Date;
  /** Leads already sent for this start time. */
  sent: readonly ReminderLead[];
}

/** The lead due at `now`, or null. */
export function dueReminder(facts: ReminderFacts, now: Date): ReminderLead | null {
  const start = facts.startTime.getTime();
  const at = now.getTime();
  if (at >= start) return null;
  for (let index = REMINDER_LEADS.length - 1; index >= 0; index -= 1) {
    const { lead, beforeMs } = REMINDER_LEADS[index]!;
    const moment = start - beforeMs;
    if (at < moment) continue;
    // `now` is inside this lead's window (from its moment to the next shorter lead's, or the start).
    if (facts.sent.includes(lead) || facts.enrolledAt.getTime() > moment) return null;
    return lead;
  }
  return null;
}
