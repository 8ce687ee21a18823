import { format as formatWithPattern } from "date-fns";
import type { SchoolType } from "~/db/schema";

/**
 * SPEC §9's display formatters, in one module shared by the server render and the browser
 * (both must print the same text, or hydration breaks). Pure: no locale or time-zone lookups
 * beyond what is passed in.
 */

export { formatPrice, type PriceFormatOptions } from "~/formatting/price";

// ── Counts ───────────────────────────────────────────────────────────────────────────────────

/** One decimal, cut (never rounded up into the next unit: 9,999 is 9.9K, not 10.0K), ".0" dropped. */
function oneDecimal(value: number) {
  const cut = Math.floor(value * 10) / 10;
  return Number.isInteger(cut) ? String(cut) : cut.toFixed(1);
}

/** 999 → "999", 1,000 → "1K", 1,550 → "1.5K", 12,900 → "12K", 1,000,000 → "1M", 2,500,000 → "2.5M". */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Count must be a finite number, got ${value}`);
  const sign = value < 0 ? "-" : "";
  const n = Math.abs(Math.trunc(value));
  const abbreviate = (scaled: number, unit: string) => `${sign}${scaled < 10 ? oneDecimal(scaled) : String(Math.floor(scaled))}${unit}`;
  if (n >= 1_000_000) return abbreviate(n / 1_000_000, "M");
  if (n >= 1_000) return abbreviate(n / 1_000, "K");
  return `${sign}${n}`;
}

// ── Ordinals ─────────────────────────────────────────────────────────────────────────────────

/** 1 → "1st", 2 → "2nd", 3 → "3rd", 4 → "4th", 11–13 → "th", 21 → "21st", 112 → "112th". */
export function formatOrdinal(value: number): string {
  if (!Number.isInteger(value)) throw new RangeError(`Ordinal needs an integer, got ${value}`);
  const n = Math.abs(value);
  const lastTwo = n % 100;
  const last = n % 10;
  const suffix = lastTwo >= 11 && lastTwo <= 13 ? "th" : last === 1 ? "st" : last === 2 ? "nd" : last === 3 ? "rd" : "th";
  return `${value}${suffix}`;
}

// ── Durations ────────────────────────────────────────────────────────────────────────────────

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number | string, unit: string) => `${count} ${unit}${Number(count) === 1 ? "" : "s"}`;

/**
 * A length of time in words (SPEC §9): over 0.6 day in days, over 3 hours rounded to hours, over
 * 1 hour in hours with one decimal, over 1 minute in minutes, otherwise seconds.
 */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`Duration must be a non-negative number of seconds, got ${seconds}`);
  if (seconds > 0.6 * DAY) return plural(Math.max(1, Math.round(seconds / DAY)), "day");
  if (seconds > 3 * HOUR) return plural(Math.round(seconds / HOUR), "hour");
  if (seconds > HOUR) {
    const hours = Math.round((seconds / HOUR) * 10) / 10;
    return plural(Number.isInteger(hours) ? String(hours) : hours.toFixed(1), "hour");
  }
  if (seconds > MINUTE) return plural(Math.round(seconds / MINUTE), "minute");
  return plural(Math.round(seconds), "second");
}

/** A clock reading: "h:mm:ss" from one hour, otherwise "m:ss" (0 → "0:00", 3,600 → "1:00:00"). */
export function formatClock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`Duration must be a non-negative number of seconds, got ${seconds}`);
  const total = Math.floor(seconds);
  const h = Math.floor(total / HOUR);
  const m = Math.floor((total % HOUR) / MINUTE);
  const s = total % MINUTE;
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

// ── Dates ────────────────────────────────────────────────────────────────────────────────────

export const DATE_STYLE = "MMM d, yyyy";

function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date;
}

// Pages print the same dates on request after request (session starts, enrolment dates), and a
// pattern is parsed anew on every call: recent answers are kept, at most this many.
const RECENT_DATES_KEPT = 2_000;
const recentDates = new Map<string, string>();

/**
 * "Nov 23, 2026". Calendar dates are read in UTC, so the server and every browser print the
 * same day whatever their time zone.
 */
export function formatDate(value: Date | string | number, pattern: string = DATE_STYLE): string {
  const date = toDate(value);
  const key = `${date.getTime()} ${pattern}`;
  const recent = recentDates.get(key);
  if (recent !== undefined) return recent;
  const utcWallClock = new Date(
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  );
  // new Date(y, …) maps years 0–99 to 1900–1999; put the real year back.
  utcWallClock.setFullYear(date.getUTCFullYear());
  const text = formatWithPattern(utcWallClock, pattern);
  if (recentDates.size >= RECENT_DATES_KEPT) recentDates.clear();
  recentDates.set(key, text);
  return text;
}

// ── Course terms ─────────────────────────────────────────────────────────────────────────────

export const TERM_LENGTH_MONTHS = 4;
export const TERM_SEASONS = ["Winter", "Summer", "Fall"] as const;
export type TermSeason = (typeof TERM_SEASONS)[number];

/** The term a date falls in: January–April Winter, May–August Summer, September–December Fall (UTC). */
export function courseTerm(value: Date | string | number): { season: TermSeason; year: number; label: string } {
  const date = toDate(value);
  const season = TERM_SEASONS[Math.floor(date.getUTCMonth() / TERM_LENGTH_MONTHS)]!;
  const year = date.getUTCFullYear();
  return { season, year, label: `${season} ${year}` };
}

// ── Grade levels, level labels, subjects ─────────────────────────────────────────────────────

/**
 * A course's grade level as shown: "K" → "Kindergarten", "9" or "grade 9" → "Grade 9",
 * anything else as stored (trimmed); empty or missing → "".
 */
export function formatGradeLevel(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value).trim();
  if (text === "") return "";
  if (/^(k|jk|sk|kindergarten)$/i.test(text)) return "Kindergarten";
  const grade = /^(?:grade\s*)?(\d{1,2})$/i.exec(text);
  if (grade) return `Grade ${Number(grade[1])}`;
  return text;
}

export const LEVEL_LABELS: Record<SchoolType, string> = {
  university: "University",
  high_school: "High School",
  k_to_8: "K-8",
};

/** The school level a course or user belongs to, in words. */
export function formatLevel(schoolType: SchoolType | null | undefined): string {
  return schoolType ? LEVEL_LABELS[schoolType] : "";
}

export const SUBJECT_LABELS: Record<string, string> = {
  accounting: "Accounting",
  biology: "Biology",
  biochem: "Biochemistry",
  business: "Business",
  cars: "CARS",
  chemistry: "Chemistry",
  orgchem: "Organic Chemistry",
  compsci: "Computer Science",
  economics: "Economics",
  engineering: "Engineering",
  english: "English",
  finance: "Finance",
  logic: "Logic",
  marketing: "Marketing",
  mathematics: "Mathematics",
  physics: "Physics",
  physiology: "Physiology",
  psychology: "Psychology",
  reading: "Reading",
  reasoning: "Reasoning",
  statistics: "Statistics",
  general: "General",
};

/** A stored subject code in words ("orgchem" → "Organic Chemistry"); an unknown code is title-cased. */
export function formatSubject(code: string): string {
  const known = SUBJECT_LABELS[code];
  if (known) return known;
  return code
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");
}
