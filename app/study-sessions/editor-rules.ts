import { TZDate } from "@date-fns/tz";
import { RRule, type Weekday } from "rrule";
import { z } from "zod";
import type { Currency, StudySessionType } from "~/db/schema";
import { MCAT_EVENT_TYPES } from "~/mcat/mcat";
import { centsToPriceInput, parsePriceToCents } from "~/online-courses/editor-rules";

/**
 * What an instructor may write about a live study session (SPEC §3, issue "Live study
 * sessions" item 4), pure: the form's schema, the dates it names (one by one, or a weekly series
 * expanded from a recurrence rule in the instructor's time zone, so a series keeps its wall-clock
 * time across daylight-saving changes), and the checks a save must pass.
 */

export const SESSION_TYPE_NAMES: Record<StudySessionType, string> = {
  general: "Study session",
  exam_prep: "Exam prep crash course",
  weekly_tutorial: "Weekly tutorial",
  office_hours: "Office hours",
  exam_review: "Mock exam walkthrough",
};
const SESSION_TYPES = Object.keys(SESSION_TYPE_NAMES) as [StudySessionType, ...StudySessionType[]];

export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type WeekdayCode = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<WeekdayCode, string> = { MO: "Monday", TU: "Tuesday", WE: "Wednesday", TH: "Thursday", FR: "Friday", SA: "Saturday", SU: "Sunday" };
const RRULE_DAYS: Record<WeekdayCode, Weekday> = { MO: RRule.MO, TU: RRule.TU, WE: RRule.WE, TH: RRule.TH, FR: RRule.FR, SA: RRule.SA, SU: RRule.SU };

export const MAX_DATES = 100;
export const MAX_SERIES_WEEKS = 52;
export const DEFAULT_TIME_ZONE = "America/Toronto";
/** Rows for new dates a form offers without JavaScript. */
export const BLANK_DATE_ROWS = 2;

let zones: Set<string> | undefined;
/** The IANA time zones this runtime knows, UTC first (the runtime's list leaves it out). */
export function timeZones(): string[] {
  zones ??= new Set(Intl.supportedValuesOf("timeZone"));
  return ["UTC", ...zones];
}
export function isTimeZone(value: string): boolean {
  if (value === "UTC") return true;
  zones ??= new Set(Intl.supportedValuesOf("timeZone"));
  return zones.has(value);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A wall-clock day and time in a time zone, as the instant it names (the later one in a repeated hour, the shifted one in a skipped hour). */
export function localToUtc(day: string, time: string, timeZone: string): Date | null {
  if (!DAY.test(day) || !TIME.test(time)) return null;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const checked = new Date(Date.UTC(year, month - 1, date));
  if (checked.getUTCFullYear() !== year || checked.getUTCMonth() !== month - 1 || checked.getUTCDate() !== date) return null;
  if (year < 2000 || year > 2100) return null;
  return new Date(new TZDate(year, month - 1, date, hours, minutes, timeZone).getTime());
}

/** An instant as the day and time a form shows in a time zone. */
export function utcToLocal(instant: Date, timeZone: string): { day: string; time: string } {
  const local = new TZDate(instant.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return { day: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`, time: `${pad(local.getHours())}:${pad(local.getMinutes())}` };
}

export interface DateSpan {
  start_time: Date;
  end_time: Date;
}

export interface WeeklySeries {
  firstDay: string;
  start: string;
  end: string;
  weeks: number;
  /** Days of the week it meets; none: the first day's weekday. */
  weekdays: readonly WeekdayCode[];
  timeZone: string;
}

/**
 * The dates of a weekly series: `weeks` weeks from the first day, on the chosen weekdays, each at
 * the same wall-clock time in the time zone. The rule is expanded in floating time (rrule's UTC
 * fields standing for wall-clock fields) and each occurrence is then placed in the time zone.
 */
export function expandWeeklySeries(series: WeeklySeries): DateSpan[] | { error: string } {
  const first = localToUtc(series.firstDay, series.start, series.timeZone);
  const firstEnd = localToUtc(series.firstDay, series.end, series.timeZone);
  if (!first || !firstEnd) return { error: "Enter the series' first day and its start and end times" };
  if (series.end <= series.start) return { error: "A date must end after it starts" };
  const [year, month, day] = series.firstDay.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = series.start.split(":").map(Number) as [number, number];
  const floatingStart = new Date(Date.UTC(year, month - 1, day, hours, minutes));
  const until = new Date(floatingStart.getTime() + series.weeks * 7 * 24 * 60 * 60 * 1000 - 1);
  const rule = new RRule({
    freq: RRule.WEEKLY,
    dtstart: floatingStart,
    until,
    wkst: RRule.MO,
    ...(series.weekdays.length > 0 ? { byweekday: series.weekdays.map((code) => RRULE_DAYS[code]) } : {}),
  });
  const occurrences = rule.all((_, index) => index < MAX_DATES);
  return occurrences.flatMap((floating) => {
    const wallDay = floating.toISOString().slice(0, 10);
    const start = localToUtc(wallDay, series.start, series.timeZone);
    const end = localToUtc(wallDay, series.end, series.timeZone);
    return start && end ? [{ start_time: start, end_time: end }] : [];
  });
}

// ── The form ────────────────────────────────────────────────────────────────────────────────

const text = (label: string, max: number) =>
  z.string({ error: `Enter a ${label}` }).trim().min(1, `Enter a ${label}`).max(max, `The ${label} is too long (at most ${max} characters)`);
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} is too long (at most ${max} characters)`)
    .optional()
    .transform((value) => (value ? value : null));
const flag = z
  .union([z.literal("on"), z.literal("true"), z.literal("1"), z.boolean()])
  .optional()
  .transform((value) => value === "on" || value === "true" || value === "1" || value === true);
const price = (label: string) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === "") return null;
      const cents = parsePriceToCents(value);
      if (cents === null) {
        context.addIssue({ code: "custom", message: `Enter the ${label} in dollars, like 49 or 49.99` });
        return z.NEVER;
      }
      return cents;
    });
const day = z.string().trim().optional().transform((value) => value || "");
const time = z.string().trim().optional().transform((value) => value || "");

const dateRow = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  day,
  start: time,
  end: time,
  remove: flag,
});

export const studySessionSchema = z
  .object({
    title: text("title", 200),
    description: z.string().trim().max(5000, "The description is too long (at most 5000 characters)").optional().transform((value) => value ?? ""),
    session_type: z.enum(SESSION_TYPES, { error: "Choose a kind of session" }),
    price: price("price"),
    regular_price: price("regular price"),
    currency: z.enum(["USD", "CAD"], { error: "Choose US or Canadian dollars" }),
    course_ids: z
      .array(z.coerce.number().int().positive().max(2_147_483_647))
      .max(20, "Link at most 20 courses")
      .optional()
      .transform((ids) => [...new Set(ids ?? [])]),
    mcat_type: z
      .string()
      .optional()
      .transform((value, context) => {
        if (!value) return null;
        if (!Object.hasOwn(MCAT_EVENT_TYPES, value)) {
          context.addIssue({ code: "custom", message: "Choose an MCAT event kind" });
          return z.NEVER;
        }
        return value;
      }),
    mcat_subtype: optionalText("MCAT subject", 100),
    disable_zoom: flag,
    booklet_excluded: flag,
    solutions_excluded: flag,
    recording_excluded: flag,
    instructor_pending: flag,
    expires_on: day,
    time_zone: z.string().trim().refine(isTimeZone, "Choose a time zone"),
    dates: z.array(dateRow).max(MAX_DATES, `A session has at most ${MAX_DATES} dates`).optional().transform((rows) => rows ?? []),
    series_first_day: day,
    series_start: time,
    series_end: time,
    series_weeks: z.coerce.number().int("Enter a number of weeks").min(1, "Enter at least 1 week").max(MAX_SERIES_WEEKS, `At most ${MAX_SERIES_WEEKS} weeks`).optional(),
    series_weekdays: z.array(z.enum(WEEKDAYS)).max(7).optional().transform((days) => [...new Set(days ?? [])]),
  })
  .transform((input, context) => {
    const fail = (path: string | (string | number)[], message: string) => {
      context.addIssue({ code: "custom", path: typeof path === "string" ? [path] : path, message });
      return z.NEVER;
    };
    const priceCents = input.price ?? 0;
    if (input.regular_price !== null && input.regular_price < priceCents) return fail("regular_price", "The regular price cannot be below the price");
    let expiresAt: Date | null = null;
    if (input.expires_on) {
      expiresAt = localToUtc(input.expires_on, "23:59", input.time_zone);
      if (!expiresAt) return fail("expires_on", "Enter a date, like 2026-12-31");
    }
    const kept: { id: number | null; start_time: Date; end_time: Date }[] = [];
    for (const [index, row] of input.dates.entries()) {
      if (row.remove) continue;
      if (!row.day && !row.start && !row.end) continue; // a blank row
      const start = localToUtc(row.day, row.start, input.time_zone);
      const end = localToUtc(row.day, row.end, input.time_zone);
      if (!start) return fail(["dates", index, "day"], "Enter the day and start time, like 2026-12-01 and 18:00");
      if (!end) return fail(["dates", index, "end"], "Enter the end time, like 20:00");
      if (end <= start) return fail(["dates", index, "end"], "A date must end after it starts");
      kept.push({ id: row.id ?? null, start_time: start, end_time: end });
    }
    if (input.series_first_day || input.series_start || input.series_end) {
      const series = expandWeeklySeries({
        firstDay: input.series_first_day,
        start: input.series_start,
        end: input.series_end,
        weeks: input.series_weeks ?? 1,
        weekdays: input.series_weekdays,
        timeZone: input.time_zone,
      });
      if ("error" in series) return fail("series_first_day", series.error);
      kept.push(...series.map((span) => ({ id: null, ...span })));
    }
    if (kept.length > MAX_DATES) return fail("dates", `A session has at most ${MAX_DATES} dates`);
    const dates = kept.sort((a, b) => a.start_time.getTime() - b.start_time.getTime());
    return {
      title: input.title,
      description: input.description,
      session_type: input.session_type,
      price_cents: priceCents,
      regular_price_cents: input.regular_price,
      currency: input.currency as Currency,
      course_ids: input.course_ids,
      mcat_type: input.mcat_type,
      mcat_subtype: input.mcat_subtype,
      disable_zoom: input.disable_zoom,
      booklet_excluded: input.booklet_excluded,
      solutions_excluded: input.solutions_excluded,
      recording_excluded: input.recording_excluded,
      instructor_pending: input.instructor_pending,
      expires_at: expiresAt,
      time_zone: input.time_zone,
      dates,
    };
  });

export type StudySessionInput = z.infer<typeof studySessionSchema>;

export const SESSION_SAVED_MESSAGES = {
  created: "Live session created.",
  saved: "Live session saved.",
} as const;

/** What the form starts with: a session's values in the instructor's time zone, or blanks. */
export interface SessionFormDefaults {
  title: string;
  description: string;
  session_type: string;
  price: string;
  regular_price: string;
  currency: string;
  course_ids: string[];
  mcat_type: string;
  mcat_subtype: string;
  disable_zoom: boolean;
  booklet_excluded: boolean;
  solutions_excluded: boolean;
  recording_excluded: boolean;
  instructor_pending: boolean;
  expires_on: string;
  time_zone: string;
  dates: { id?: string; day: string; start: string; end: string }[];
}

export interface SessionValues {
  title: string;
  description: string;
  session_type: StudySessionType;
  price_cents: number;
  regular_price_cents: number | null;
  currency: Currency;
  disable_zoom: boolean;
  booklet_excluded: boolean;
  solutions_excluded: boolean;
  recording_excluded: boolean;
  instructor_pending: boolean;
  mcat_type: string | null;
  mcat_subtype: string | null;
  expires_at: Date | null;
  dates: { id: number; start_time: Date; end_time: Date }[];
  course_ids: number[];
}

const blankRow = () => ({ day: "", start: "", end: "" });

/** The form's starting values: the session's (dates in the time zone), then blank rows for new dates. */
export function sessionFormDefaults(session: SessionValues | null, timeZone: string): SessionFormDefaults {
  const rows = (session?.dates ?? []).map((date) => {
    const start = utcToLocal(date.start_time, timeZone);
    return { id: String(date.id), day: start.day, start: start.time, end: utcToLocal(date.end_time, timeZone).time };
  });
  return {
    title: session?.title ?? "",
    description: session?.description ?? "",
    session_type: session?.session_type ?? "exam_prep",
    price: session ? centsToPriceInput(session.price_cents) : "",
    regular_price: centsToPriceInput(session?.regular_price_cents),
    currency: session?.currency ?? "USD",
    course_ids: (session?.course_ids ?? []).map(String),
    mcat_type: session?.mcat_type ?? "",
    mcat_subtype: session?.mcat_subtype ?? "",
    disable_zoom: session?.disable_zoom ?? false,
    booklet_excluded: session?.booklet_excluded ?? false,
    solutions_excluded: session?.solutions_excluded ?? false,
    recording_excluded: session?.recording_excluded ?? false,
    instructor_pending: session?.instructor_pending ?? false,
    expires_on: session?.expires_at ? utcToLocal(session.expires_at, timeZone).day : "",
    time_zone: timeZone,
    dates: [...rows, ...Array.from({ length: BLANK_DATE_ROWS }, blankRow)],
  };
}
