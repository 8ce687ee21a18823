import type { ClassTerm } from "~/db/schema";
import { courseTerm } from "~/formatting/format";

/**
 * Course terms (SPEC §9) as classes use them: three a year in four-month blocks, Winter
 * January–April, Summer May–August, Fall September–December. Pure; months are UTC months.
 */

export const TERMS: readonly ClassTerm[] = ["winter", "summer", "fall"];

const FIRST_MONTH: Record<ClassTerm, number> = { winter: 0, summer: 4, fall: 8 };
const NAMES: Record<ClassTerm, string> = { winter: "Winter", summer: "Summer", fall: "Fall" };

export interface TermOfYear {
  term: ClassTerm;
  year: number;
}

export const isTerm = (value: string): value is ClassTerm => (TERMS as readonly string[]).includes(value);

/** The term a day falls in: the site's one rule (app/formatting/format.ts courseTerm), as a class stores it. */
export function termOf(date: Date): TermOfYear {
  const { season, year } = courseTerm(date);
  return { term: season.toLowerCase() as ClassTerm, year };
}

/** First instant of the term and first instant after it. */
export function termDates({ term, year }: TermOfYear): { starts: Date; ends: Date } {
  const first = FIRST_MONTH[term];
  return { starts: new Date(Date.UTC(year, first, 1)), ends: new Date(Date.UTC(year, first + 4, 1)) };
}

/** "Fall 2026". */
export const termLabel = ({ term, year }: TermOfYear) => `${NAMES[term]} ${year}`;

/** The term after this one: Fall is followed by the next year's Winter. */
export function nextTerm({ term, year }: TermOfYear): TermOfYear {
  if (term === "fall") return { term: "winter", year: year + 1 };
  return { term: term === "winter" ? "summer" : "fall", year };
}

/** The terms a teacher may add a class for: the current one and the next `count - 1`. */
export function upcomingTerms(now: Date, count = 3): TermOfYear[] {
  const terms = [termOf(now)];
  while (terms.length < count) terms.push(nextTerm(terms[terms.length - 1]!));
  return terms;
}
