import { z } from "zod";
import { isValidTimeZone, weeklyWindowProblems, type WeeklyWindow } from "~/tutoring/availability";
import { SLOT_STEP_MINUTES } from "~/tutoring/rules";

/** The tutor's availability form: weekly hours, time zone and session length; dated exceptions. */

export const SESSION_LENGTHS = [30, 45, 60, 90, 120] as const;
/** Empty rows for new weekly hours the form offers without JavaScript. */
export const BLANK_WINDOW_ROWS = 3;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** "HH:MM" → minutes after midnight ("24:00" is the next midnight). */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return hours! * 60 + minutes!;
}

/** An end time: "00:00" (what a time field offers for midnight) ends the day, 24:00. */
export function endMinuteOf(time: string): number {
  return minutesOf(time) || 1440;
}

/** Minutes after midnight → "HH:MM". */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

const time = (message: string) => z.string().trim().regex(TIME, message);

const windowRow = z.object({
  weekday: z.coerce.number().int().min(0).max(6).optional(),
  start: z.string().trim().optional(),
  end: z.string().trim().optional(),
  remove: z.literal("on").optional(),
});

export const hoursSchema = z
  .object({
    intent: z.literal("save_hours"),
    time_zone: z.string({ error: "Choose your time zone" }).trim().refine(isValidTimeZone, "Choose your time zone"),
    session_minutes: z.coerce.number({ error: "Choose how long a session lasts" }).refine((value) => (SESSION_LENGTHS as readonly number[]).includes(value), "Choose how long a session lasts"),
    windows: z.array(windowRow).max(50, "At most 50 weekly windows").optional(),
  })
  .transform((input, context) => {
    const windows: WeeklyWindow[] = [];
    for (const [index, row] of (input.windows ?? []).entries()) {
      // A removed row, and an empty one (the blanks the form offers), are left out.
      if (row.remove || (!row.start && !row.end)) continue;
      if (row.weekday === undefined || !row.start || !TIME.test(row.start) || !row.end || !TIME.test(row.end)) {
        context.addIssue({ code: "custom", message: `Row ${index + 1}: choose a day and a start and end time (HH:MM)`, path: ["windows"] });
        continue;
      }
      windows.push({ weekday: row.weekday, startMinute: minutesOf(row.start), endMinute: endMinuteOf(row.end) });
    }
    for (const problem of weeklyWindowProblems(windows, SLOT_STEP_MINUTES)) context.addIssue({ code: "custom", message: problem, path: ["windows"] });
    return { intent: input.intent, timeZone: input.time_zone, sessionMinutes: input.session_minutes, windows };
  });

export const exceptionSchema = z
  .object({
    intent: z.literal("add_exception"),
    date: z.iso.date({ error: "Choose a date" }),
    kind: z.enum(["unavailable", "available"], { error: "Choose whether you are away or available" }),
    all_day: z.literal("on").optional(),
    start: time("Enter a start time (HH:MM)").optional(),
    end: time("Enter an end time (HH:MM)").optional(),
  })
  .transform((input, context) => {
    const allDay = input.kind === "unavailable" && input.all_day === "on";
    if (allDay) return { intent: input.intent, date: input.date, kind: input.kind, startMinute: null, endMinute: null };
    if (!input.start || !input.end) {
      context.addIssue({ code: "custom", message: input.kind === "available" ? "Give the hours you are available that day" : "Give the hours you are away, or tick “the whole day”", path: ["start"] });
      return z.NEVER;
    }
    const [startMinute, endMinute] = [minutesOf(input.start), endMinuteOf(input.end)];
    if (endMinute <= startMinute) {
      context.addIssue({ code: "custom", message: "The end must come after the start", path: ["end"] });
      return z.NEVER;
    }
    return { intent: input.intent, date: input.date, kind: input.kind, startMinute, endMinute };
  });

export const deleteExceptionSchema = z.object({ intent: z.literal("delete_exception"), exception_id: z.coerce.number().int().positive() });
