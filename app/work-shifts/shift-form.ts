import { z } from "zod";
import { isTimeZone, localToUtc } from "~/study-sessions/editor-rules";

/**
 * The staff's form for a work shift, pure. Apart from rules.ts because the local time helpers
 * bring the live session editor's rules (and rrule) with them, which the list page need not load.
 */

export const MAX_SEATS = 500;

/** The staff's form: a title, a day with start and end times in a time zone (or UTC), seats, and a place (empty: online). */
export function workShiftSchema(now: Date = new Date()) {
  return z
    .object({
      title: z.string({ error: "Enter a title" }).trim().min(1, "Enter a title").max(200, "The title is too long (at most 200 characters)"),
      day: z.string({ error: "Enter the day, like 2026-12-01" }).trim(),
      start: z.string({ error: "Enter the start time, like 09:00" }).trim(),
      end: z.string({ error: "Enter the end time, like 13:00" }).trim(),
      time_zone: z.string({ error: "Choose a time zone" }).trim().refine(isTimeZone, "Choose a time zone"),
      seats: z.coerce
        .number({ error: "Enter the number of seats" })
        .int("Enter a whole number of seats")
        .min(1, "A shift has at least 1 seat")
        .max(MAX_SEATS, `A shift has at most ${MAX_SEATS} seats`),
      location: z
        .string()
        .trim()
        .max(200, "The place is too long (at most 200 characters)")
        .optional()
        .transform((value) => value || null),
    })
    .transform((input, context) => {
      const fail = (path: string, message: string) => {
        context.addIssue({ code: "custom", path: [path], message });
        return z.NEVER;
      };
      const startsAt = localToUtc(input.day, input.start, input.time_zone);
      if (!startsAt) return fail("day", "Enter the day and start time, like 2026-12-01 and 09:00");
      const endsAt = localToUtc(input.day, input.end, input.time_zone);
      if (!endsAt) return fail("end", "Enter the end time, like 13:00");
      if (endsAt <= startsAt) return fail("end", "A shift must end after it starts");
      if (startsAt <= now) return fail("day", "A shift must start in the future");
      return { title: input.title, starts_at: startsAt, ends_at: endsAt, seats: input.seats, location: input.location };
    });
}

export type WorkShiftInput = z.output<ReturnType<typeof workShiftSchema>>;
