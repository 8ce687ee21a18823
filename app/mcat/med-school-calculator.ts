import { z } from "zod";

/**
 * The med school calculator (/med-school-calculator): compares an applicant's GPA and MCAT score
 * with each school's median admitted applicant. Pure and shared by server and client.
 *
 * The two gaps are put on one scale where 0.1 of GPA weighs the same as 2 MCAT points, then
 * summed: a balance of +2 or more is "strong", down to -1 "competitive", down to -4 "reach",
 * below that "unlikely".
 */
export const MCAT_MIN = 472;
export const MCAT_MAX = 528;

export const calculatorSchema = z.object({
  gpa: z.coerce
    .number({ error: "Enter your GPA as a number, e.g. 3.75" })
    .min(0, "GPA is between 0 and 4.0")
    .max(4, "GPA is between 0 and 4.0"),
  mcat: z.coerce
    .number({ error: "Enter your MCAT score, e.g. 512" })
    .int("MCAT scores are whole numbers")
    .min(MCAT_MIN, `MCAT scores run from ${MCAT_MIN} to ${MCAT_MAX}`)
    .max(MCAT_MAX, `MCAT scores run from ${MCAT_MIN} to ${MCAT_MAX}`),
});

export type CalculatorInput = z.infer<typeof calculatorSchema>;

export type Chance = "strong" | "competitive" | "reach" | "unlikely";

export const CHANCE_LABELS: Record<Chance, string> = {
  strong: "Strong",
  competitive: "Competitive",
  reach: "Reach",
  unlikely: "Unlikely",
};

export interface MedianApplicant {
  median_gpa: number | string;
  median_mcat: number;
}

/** The applicant's balance against a school's medians: GPA gap in tenths plus MCAT gap in pairs of points. */
export function applicantBalance(input: CalculatorInput, school: MedianApplicant): number {
  // Work in hundredths of GPA so 3.9 - 3.8 is exactly 10, not 0.0999….
  const gpaGapHundredths = Math.round(input.gpa * 100) - Math.round(Number(school.median_gpa) * 100);
  return gpaGapHundredths / 10 + (input.mcat - school.median_mcat) / 2;
}

export function chanceFor(balance: number): Chance {
  if (balance >= 2) return "strong";
  if (balance >= -1) return "competitive";
  if (balance >= -4) return "reach";
  return "unlikely";
}

const ORDER: Record<Chance, number> = { strong: 0, competitive: 1, reach: 2, unlikely: 3 };

/** Every school with the applicant's chance there, best chances first (then by name). */
export function rankSchools<S extends MedianApplicant & { name: string }>(input: CalculatorInput, schools: readonly S[]) {
  return schools
    .map((school) => {
      const balance = applicantBalance(input, school);
      return { ...school, balance, chance: chanceFor(balance) };
    })
    .sort((a, b) => ORDER[a.chance] - ORDER[b.chance] || b.balance - a.balance || a.name.localeCompare(b.name));
}
