import { termDates, termLabel, type TermOfYear } from "~/classes/terms";
import type { ScheduleEventKind } from "~/db/schema";

/**
 * A class's planner laid out as weeks (SPEC §2 /teacher-dashboard/courses/{id}/planner). Pure.
 * Days are "YYYY-MM-DD" dates (the site's dates are UTC). A week runs Monday to Sunday; the
 * term's weeks are those holding at least one of its days, so the first and last may hold days of
 * the terms either side, which are shown but take nothing.
 */

export type IsoDate = string;

/** What a teacher moves on the planner; an assignment shows on its due day and moves with its due date. */
export type PlannerItemKind = "lesson" | "event";

export type PlannerItem =
  | { kind: "lesson"; id: number; title: string; notes: string; date: IsoDate }
  | { kind: "event"; id: number; title: string; eventKind: ScheduleEventKind; date: IsoDate; time: string | null }
  | { kind: "assignment"; id: number; title: string; date: IsoDate; time: string };

/** "lesson-12": an item's key on the page and in a drag. */
export const itemKey = (item: Pick<PlannerItem, "kind" | "id">) => `${item.kind}-${item.id}`;

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

const toDate = (day: IsoDate) => new Date(`${day}T00:00:00Z`);
export const isoDateOf = (date: Date): IsoDate => date.toISOString().slice(0, 10);
const addDays = (day: IsoDate, count: number) => isoDateOf(new Date(toDate(day).getTime() + count * DAY_MS));
/** 0 for Monday … 6 for Sunday. */
const weekdayOf = (day: IsoDate) => (toDate(day).getUTCDay() + 6) % 7;

/** A real calendar day written "YYYY-MM-DD" (no 2026-02-30). */
export function isIsoDate(value: string): value is IsoDate {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = toDate(value);
  return !Number.isNaN(date.getTime()) && isoDateOf(date) === value;
}

/** The term's first and last day. */
export function termDays(term: TermOfYear): { first: IsoDate; last: IsoDate } {
  const { starts, ends } = termDates(term);
  return { first: isoDateOf(starts), last: isoDateOf(new Date(ends.getTime() - DAY_MS)) };
}

export const inTerm = (term: TermOfYear, day: IsoDate) => {
  const { first, last } = termDays(term);
  return day >= first && day <= last;
};

/** "Sep 14". */
export const shortDate = (day: IsoDate) => `${MONTHS[toDate(day).getUTCMonth()]} ${toDate(day).getUTCDate()}`;
/** "Monday, Sep 14". */
export const dayLabel = (day: IsoDate) => `${WEEKDAYS[weekdayOf(day)]}, ${shortDate(day)}`;

/** Why a day cannot be used, or null when it is in the term. */
export function termDayProblem(term: TermOfYear, day: IsoDate): string | null {
  if (inTerm(term, day)) return null;
  const { first, last } = termDays(term);
  return `Choose a day in ${termLabel(term)} (${shortDate(first)} – ${shortDate(last)}, ${term.year}).`;
}

export interface PlannerDay {
  date: IsoDate;
  /** 0 for Monday … 6 for Sunday. */
  weekday: number;
  inTerm: boolean;
}

export interface PlannerWeek {
  /** 1 for the term's first week. */
  number: number;
  starts: IsoDate;
  ends: IsoDate;
  days: PlannerDay[];
}

/** The term's weeks, Monday to Sunday, the first holding the term's first day and the last its last. */
export function termWeeks(term: TermOfYear): PlannerWeek[] {
  const { first, last } = termDays(term);
  const weeks: PlannerWeek[] = [];
  for (let monday = addDays(first, -weekdayOf(first)); monday <= last; monday = addDays(monday, 7)) {
    const days = WEEKDAYS.map((_, weekday) => {
      const date = addDays(monday, weekday);
      return { date, weekday, inTerm: date >= first && date <= last };
    });
    weeks.push({ number: weeks.length + 1, starts: monday, ends: days[6]!.date, days });
  }
  return weeks;
}

/** Which week of the term (1-based) and which day of it (0 Monday … 6 Sunday) a day falls on; null outside the term. */
export function placeOf(term: TermOfYear, day: IsoDate): { week: number; weekday: number } | null {
  if (!inTerm(term, day)) return null;
  const { first } = termDays(term);
  const firstMonday = addDays(first, -weekdayOf(first));
  const days = Math.round((toDate(day).getTime() - toDate(firstMonday).getTime()) / DAY_MS);
  return { week: Math.floor(days / 7) + 1, weekday: days % 7 };
}

/** "Week 3 · Sep 14 – Sep 20". */
export const weekLabel = (week: Pick<PlannerWeek, "number" | "starts" | "ends">) => `Week ${week.number} · ${shortDate(week.starts)} – ${shortDate(week.ends)}`;

export type LaidOutWeek<T> = Omit<PlannerWeek, "days"> & { days: (PlannerDay & { items: T[] })[]; count: number };

/**
 * Every item on its day of its week, in the order given; items whose day is outside the term
 * (an assignment due after it ends) are returned apart, in `outside`.
 */
export function layoutPlanner<T extends { date: IsoDate }>(term: TermOfYear, items: readonly T[]): { weeks: LaidOutWeek<T>[]; outside: T[] } {
  const weeks: LaidOutWeek<T>[] = termWeeks(term).map((week) => ({ ...week, count: 0, days: week.days.map((day) => ({ ...day, items: [] as T[] })) }));
  const outside: T[] = [];
  for (const item of items) {
    const place = placeOf(term, item.date);
    if (!place) {
      outside.push(item);
      continue;
    }
    const week = weeks[place.week - 1]!;
    week.days[place.weekday]!.items.push(item);
    week.count++;
  }
  return { weeks, outside };
}
