import type { TextbookLevel } from "~/db/schema";

/** The URL segment of each textbook level (/textbooks/{segment}) and its label. */
export const TEXTBOOK_LEVELS: Record<string, { level: TextbookLevel; label: string }> = {
  undergrad: { level: "undergrad", label: "Undergrad" },
  "high-school": { level: "high_school", label: "High School" },
  ap: { level: "ap", label: "AP" },
};
