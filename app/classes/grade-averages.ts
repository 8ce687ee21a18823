/**
 * A student's weighted average in a class's grade book. Pure. Each assessment has a weight; a
 * grade is a percent. An assessment the student has no grade for is left out of the average
 * (not counted as zero), so the weights of the graded ones make up the whole. No grade at all
 * means no average. Categories are summed the same way, each on its own.
 */

export interface WeightedAssessment {
  id: number;
  category: string;
  weight: number;
}

/** Grades by assessment id; a missing key is a missing grade. */
export type StudentGrades = ReadonlyMap<number, number>;

export function weightedAverage(assessments: readonly WeightedAssessment[], grades: StudentGrades): number | null {
  let weighted = 0;
  let weights = 0;
  for (const assessment of assessments) {
    const grade = grades.get(assessment.id);
    if (grade === undefined || assessment.weight <= 0) continue;
    weighted += grade * assessment.weight;
    weights += assessment.weight;
  }
  if (weights === 0) return null;
  return Math.round((weighted / weights) * 100) / 100;
}

/** The average in each category, in the order categories first appear; null where nothing in it is graded. */
export function categoryAverages(assessments: readonly WeightedAssessment[], grades: StudentGrades): { category: string; average: number | null }[] {
  const categories = [...new Set(assessments.map((assessment) => assessment.category))];
  return categories.map((category) => ({
    category,
    average: weightedAverage(
      assessments.filter((assessment) => assessment.category === category),
      grades
    ),
  }));
}

/** "87.5" for a grade cell: at most two decimals, no trailing zeros. */
export const gradeText = (grade: number | null) => (grade === null ? "" : String(Math.round(grade * 100) / 100));

/** A typed grade: blank clears it (null); otherwise a percent from 0 to 100 with at most two decimals. */
export function parseGrade(typed: string): { ok: true; grade: number | null } | { ok: false } {
  const text = typed.trim().replace(/%$/, "").trim();
  if (text === "") return { ok: true, grade: null };
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return { ok: false };
  const grade = Number(text);
  return grade <= 100 ? { ok: true, grade } : { ok: false };
}
