import { describe, expect, it } from "vitest";
import { gradeBookCsv, parseGradesCsv } from "~/classes/grades-csv";

const assessments = [
  { id: 1, title: "Quiz 1" },
  { id: 2, title: "Midterm, part A" },
];
const students = [
  { id: 10, name: "Maya T.", email: "maya@example.test" },
  { id: 11, name: '=HYPERLINK("x")', email: "sam@example.test" },
];

describe("grade book CSV", () => {
  it("exports one row per student with the average, quoting what needs it and defusing formulas", () => {
    const csv = gradeBookCsv({
      assessments,
      students: [
        { ...students[0]!, grades: new Map([[1, 87.5]]), average: 87.5 },
        { ...students[1]!, grades: new Map(), average: null },
      ],
    });
    expect(csv.split("\r\n")).toEqual(['Student,Email,Quiz 1,"Midterm, part A",Average', "Maya T.,maya@example.test,87.5,,87.5", `"'=HYPERLINK(""x"")",sam@example.test,,,`, ""]);
  });

  it("imports grades by email and assessment title; a blank cell clears the grade", () => {
    const text = 'Student,Email,Quiz 1,"Midterm, part A",Average\nMaya,MAYA@example.test,90,,99\nSam,sam@example.test,75.5,60,\n';
    expect(parseGradesCsv(text, { assessments, students })).toEqual({
      ok: true,
      changes: [
        { assessmentId: 1, userId: 10, grade: 90 },
        { assessmentId: 2, userId: 10, grade: null },
        { assessmentId: 1, userId: 11, grade: 75.5 },
        { assessmentId: 2, userId: 11, grade: 60 },
      ],
    });
  });

  it("reports every bad row by its line number, and gives no changes", () => {
    const text = "Email,Quiz 1\nmaya@example.test,101\nnobody@example.test,50\n,40\nsam@example.test,abc\nmaya@example.test,80\n";
    expect(parseGradesCsv(text, { assessments, students })).toEqual({
      ok: false,
      errors: [
        'Line 2: "101" under Quiz 1 is not a grade from 0 to 100.',
        "Line 3: nobody@example.test is not a student of this class.",
        "Line 4: the email is missing.",
        'Line 5: "abc" under Quiz 1 is not a grade from 0 to 100.',
        "Line 6: maya@example.test appears twice.",
      ],
    });
  });

  it.each([
    ["", "The file is empty."],
    ["Student,Quiz 1\nMaya,90\n", "Line 1: the header needs an Email column."],
    ["Email,Quiz 9\nmaya@example.test,90\n", 'Line 1: "Quiz 9" is not an assessment of this grade book.'],
    ["Email\nmaya@example.test\n", "The file has no grades to import."],
    ['Email,Quiz 1\n"maya@example.test,90\n', "A quoted field is never closed: check the file's double quotes."],
  ])("refuses %j: %s", (text, message) => {
    expect(parseGradesCsv(text, { assessments, students })).toEqual({ ok: false, errors: [message] });
  });
});
