import type { TextbookLevel } from "~/db/schema";

/** The URL segment of each textbook level (/textbooks/{segment}) and its label. */
export const TEXTBOOK_LEVELS: Record<string, { level: TextbookLevel; label: string }> = {
  undergrad: { level: "undergrad", label: "Undergrad" },
  "high-school": { level: "high_school", label: "High School" },
  ap: { level: "ap", label: "AP" },
};

/** The level a URL segment names ("high-school" → high_school), or undefined for any other segment. */
export function levelOfSegment(segment: string): { level: TextbookLevel; label: string } | undefined {
  return Object.hasOwn(TEXTBOOK_LEVELS, segment) ? TEXTBOOK_LEVELS[segment] : undefined;
}

/** The URL segment of a level (high_school → "high-school"). */
export function levelSegment(level: TextbookLevel): string {
  return Object.entries(TEXTBOOK_LEVELS).find(([, entry]) => entry.level === level)![0];
}

/** A level's label ("High School"). */
export function levelLabel(level: TextbookLevel): string {
  return TEXTBOOK_LEVELS[levelSegment(level)]!.label;
}

/** A textbook's page: /textbooks/{level segment}/{slug}, the one address it is known by. */
export function textbookHref(book: { level: TextbookLevel; slug: string }): string {
  return `/textbooks/${levelSegment(book.level)}/${book.slug}`;
}

/**
 * Whether a value is an ISBN-13: 13 digits starting 978 or 979 whose check digit matches (digits
 * weighted 1, 3, 1, 3… sum to a multiple of 10). No hyphens or spaces: stored and shown as digits.
 * The `textbooks_isbn13_check` constraint (migration 0015) is the same rule in SQL.
 */
export function isIsbn13(value: string): boolean {
  if (!/^97[89]\d{10}$/.test(value)) return false;
  const sum = [...value].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return sum % 10 === 0;
}

/** Colours a generated cover may take, each a Radix scale the app imports (app/styles/app.css). */
export type CoverColor = "blue" | "green" | "amber" | "purple" | "indigo";

const SUBJECT_COVERS: Record<string, CoverColor> = {
  mathematics: "blue",
  statistics: "blue",
  biology: "green",
  physiology: "green",
  chemistry: "amber",
  orgchem: "amber",
  psychology: "purple",
};

/** A cover's colour, by subject (indigo for a subject without its own). */
export function coverColor(subject: string): CoverColor {
  return Object.hasOwn(SUBJECT_COVERS, subject) ? SUBJECT_COVERS[subject]! : "indigo";
}

/** What the generated cover says to a screen reader: "Cover of General Chemistry, 4th edition". */
export function coverLabel(book: { title: string; edition: string | null }): string {
  return `Cover of ${book.title}${book.edition ? `, ${book.edition}` : ""}`;
}
