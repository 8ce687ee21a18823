import { formatCount } from "~/formatting/format";
import { formatPrice } from "~/formatting/price";

/**
 * The student dashboard's stats tiles (SPEC §9: med-school coaching sessions, CARS passages, MCAT
 * events, hours studied, booster savings, courses studied, questions attempted, Q&A questions) and
 * its study time by week. Pure: the counts come from stats.server.ts `studyTilesQuery`.
 */

export interface TileCounts {
  /** One-on-one tutoring sessions that have started and were not cancelled. */
  coachingSessions: number;
  /** Weekly CARS passages finished. */
  carsPassages: number;
  /** MCAT live sessions (study sessions with an MCAT kind) the student is registered for. */
  mcatEvents: number;
  /** Recorded study time: activity completions, quizzes outside a course, practice tests. */
  studySeconds: number;
  /** What paid online-course purchases (Grade Boosters) took off the price: Plus perk and discount codes. */
  boosterSavingsCents: number;
  /** Online courses with at least one completed activity. */
  coursesStudied: number;
  /** Quiz and practice-set questions answered, and practice-test questions of finished tests. */
  questionsAttempted: number;
  /** Questions the student asked (Q&A and Study Buddy). */
  qaQuestions: number;
}

export type TileKey = "coaching" | "cars" | "mcat-events" | "hours" | "booster-savings" | "courses" | "questions" | "qa";

export interface StatsTile {
  key: TileKey;
  label: string;
  value: string;
  /** Where the tile leads, to do more of it; none where no one page gathers it (questions come from each course's quizzes and sets). */
  href: string | null;
}

/** Whole hours with one decimal (0.5 hour steps would hide short sessions): 0 → "0", 5400 s → "1.5". */
export function hoursStudied(seconds: number): string {
  const hours = Math.floor((Math.max(0, seconds) / 3600) * 10) / 10;
  return Number.isInteger(hours) ? String(hours) : hours.toFixed(1);
}

export function statsTiles(counts: TileCounts): StatsTile[] {
  return [
    { key: "coaching", label: "Med-school coaching sessions", value: formatCount(counts.coachingSessions), href: "/my-tutoring" },
    { key: "cars", label: "CARS passages", value: formatCount(counts.carsPassages), href: "/cars-passages/this-week" },
    { key: "mcat-events", label: "MCAT events", value: formatCount(counts.mcatEvents), href: "/mcat/events" },
    { key: "hours", label: "Hours studied", value: hoursStudied(counts.studySeconds), href: "/dashboard#study-time" },
    { key: "booster-savings", label: "Booster savings", value: counts.boosterSavingsCents > 0 ? formatPrice(counts.boosterSavingsCents) : "$0", href: "/pricing" },
    { key: "courses", label: "Courses studied", value: formatCount(counts.coursesStudied), href: "/courses" },
    { key: "questions", label: "Questions attempted", value: formatCount(counts.questionsAttempted), href: null },
    { key: "qa", label: "Q&A questions", value: formatCount(counts.qaQuestions), href: "/dashboard?page=ask-a-question" },
  ];
}

/** How many weeks the study-time chart shows, this one last. */
export const STUDY_WEEKS = 8;

export interface WeekOfStudy {
  /** Monday of the week (UTC), YYYY-MM-DD. */
  weekStart: string;
  seconds: number;
}

/** Monday (UTC) of the week holding `day`, as YYYY-MM-DD. */
export function mondayOf(day: Date): string {
  const monday = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

/**
 * The last `weeks` weeks up to the one holding `now`, oldest first, each with the seconds recorded
 * in it (weeks without any are 0; rows outside the range are left out).
 */
export function studyWeeks(rows: readonly WeekOfStudy[], now: Date, weeks = STUDY_WEEKS): WeekOfStudy[] {
  const byWeek = new Map<string, number>();
  for (const row of rows) byWeek.set(row.weekStart, (byWeek.get(row.weekStart) ?? 0) + Math.max(0, row.seconds));
  const thisWeek = new Date(`${mondayOf(now)}T00:00:00Z`);
  return Array.from({ length: weeks }, (_, index) => {
    const start = new Date(thisWeek);
    start.setUTCDate(start.getUTCDate() - 7 * (weeks - 1 - index));
    const weekStart = start.toISOString().slice(0, 10);
    return { weekStart, seconds: byWeek.get(weekStart) ?? 0 };
  });
}
