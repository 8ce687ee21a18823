import { csvRows } from "~/flash-cards/deck-csv";
import { gradeText, parseGrade } from "~/classes/grade-averages";

/**
 * A grade book as CSV and back. Pure. The file has a header row — "Student", "Email", then one
 * column per assessment by title, then "Average" — and one row per student. Importing reads
 * students by email and assessments by title; an empty cell clears that grade. A file with any
 * bad row changes nothing: every problem is reported with its line number.
 */

export interface CsvAssessment {
  id: number;
  title: string;
}

export interface CsvStudent {
  id: number;
  name: string;
  email: string;
}

export interface GradeChange {
  assessmentId: number;
  userId: number;
  grade: number | null;
}

const csvField = (value: string) => (/[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** Cells that a spreadsheet would run as a formula are quoted with a leading apostrophe. */
const safeCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export function gradeBookCsv(input: { assessments: readonly CsvAssessment[]; students: readonly (CsvStudent & { grades: ReadonlyMap<number, number>; average: number | null })[] }): string {
  const header = ["Student", "Email", ...input.assessments.map((assessment) => assessment.title), "Average"];
  const rows = input.students.map((student) => [
    student.name,
    student.email,
    ...input.assessments.map((assessment) => gradeText(student.grades.get(assessment.id) ?? null)),
    gradeText(student.average),
  ]);
  return [header, ...rows].map((cells) => cells.map((cell) => csvField(safeCell(cell))).join(",")).join("\r\n") + "\r\n";
}

export type GradesImport = { ok: true; changes: GradeChange[] } | { ok: false; errors: string[] };

export const MAX_IMPORT_ERRORS = 20;

export function parseGradesCsv(text: string, book: { assessments: readonly CsvAssessment[]; students: readonly CsvStudent[] }): GradesImport {
  const rows = csvRows(text.replace(/\r\n?/g, "\n"));
  if (rows === null) return { ok: false, errors: ["A quoted field is never closed: check the file's double quotes."] };
  const [header, ...body] = rows;
  if (!header) return { ok: false, errors: ["The file is empty."] };
  const emailColumn = header.findIndex((cell) => cell.trim().toLowerCase() === "email");
  if (emailColumn < 0) return { ok: false, errors: ["Line 1: the header needs an Email column."] };

  const byTitle = new Map(book.assessments.map((assessment) => [assessment.title.trim().toLowerCase(), assessment.id]));
  const columns: { index: number; assessmentId: number }[] = [];
  const errors: string[] = [];
  header.forEach((cell, index) => {
    const name = cell.trim().toLowerCase();
    if (index === emailColumn || name === "student" || name === "average" || name === "") return;
    const assessmentId = byTitle.get(name);
    if (assessmentId === undefined) errors.push(`Line 1: "${cell.trim()}" is not an assessment of this grade book.`);
    else columns.push({ index, assessmentId });
  });

  const byEmail = new Map(book.students.map((student) => [student.email.toLowerCase(), student.id]));
  const changes: GradeChange[] = [];
  const seen = new Set<number>();
  body.forEach((cells, offset) => {
    const line = offset + 2;
    const email = (cells[emailColumn] ?? "").trim().toLowerCase();
    const userId = byEmail.get(email);
    if (userId === undefined) {
      errors.push(`Line ${line}: ${email ? `${email} is not a student of this class` : "the email is missing"}.`);
      return;
    }
    if (seen.has(userId)) {
      errors.push(`Line ${line}: ${email} appears twice.`);
      return;
    }
    seen.add(userId);
    for (const column of columns) {
      const parsed = parseGrade(cells[column.index] ?? "");
      if (!parsed.ok) errors.push(`Line ${line}: "${(cells[column.index] ?? "").trim()}" under ${header[column.index]!.trim()} is not a grade from 0 to 100.`);
      else changes.push({ assessmentId: column.assessmentId, userId, grade: parsed.grade });
    }
  });
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_IMPORT_ERRORS) };
  if (changes.length === 0) return { ok: false, errors: ["The file has no grades to import."] };
  return { ok: true, changes };
}
