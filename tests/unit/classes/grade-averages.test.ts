import { describe, expect, it } from "vitest";
import { categoryAverages, gradeText, parseGrade, weightedAverage, type WeightedAssessment } from "~/classes/grade-averages";

const quiz1: WeightedAssessment = { id: 1, category: "Quizzes", weight: 10 };
const quiz2: WeightedAssessment = { id: 2, category: "Quizzes", weight: 10 };
const midterm: WeightedAssessment = { id: 3, category: "Tests", weight: 30 };
const final: WeightedAssessment = { id: 4, category: "Tests", weight: 50 };
const book = [quiz1, quiz2, midterm, final];
const grades = (entries: [number, number][]) => new Map(entries);

describe("weighted averages: missing grades are left out, not counted as zero", () => {
  it.each([
    [
      "every grade in",
      book,
      [
        [1, 80],
        [2, 90],
        [3, 70],
        [4, 60],
      ],
      (80 * 10 + 90 * 10 + 70 * 30 + 60 * 50) / 100,
    ],
    [
      "equal weights are the plain mean",
      [quiz1, quiz2],
      [
        [1, 80],
        [2, 90],
      ],
      85,
    ],
    [
      "one grade missing: the others' weights make the whole",
      book,
      [
        [1, 80],
        [2, 90],
        [3, 70],
      ],
      (800 + 900 + 2100) / 50,
    ],
    ["only the final graded", book, [[4, 60]], 60],
    [
      "a zero is a grade, not a missing one",
      book,
      [
        [1, 0],
        [4, 100],
      ],
      (0 + 5000) / 60,
    ],
    [
      "all zeros",
      book,
      [
        [1, 0],
        [2, 0],
        [3, 0],
        [4, 0],
      ],
      0,
    ],
    [
      "perfect marks",
      book,
      [
        [1, 100],
        [2, 100],
        [3, 100],
        [4, 100],
      ],
      100,
    ],
    [
      "decimals rounded to two places",
      [quiz1, midterm],
      [
        [1, 33.33],
        [3, 66.67],
      ],
      58.34,
    ],
    [
      "a grade for an assessment not in the book is ignored",
      [quiz1],
      [
        [1, 70],
        [99, 10],
      ],
      70,
    ],
    ["all missing: no average", book, [], null],
    ["no assessments: no average", [], [[1, 50]], null],
  ] as const)("%s", (_name, assessments, entries, expected) => {
    const average = weightedAverage(assessments, grades(entries as unknown as [number, number][]));
    if (expected === null) expect(average).toBeNull();
    else expect(average).toBeCloseTo(expected, 2);
  });

  it("averages each category on its own, in the order categories first appear", () => {
    expect(
      categoryAverages(
        book,
        grades([
          [1, 80],
          [2, 100],
          [4, 50],
        ])
      )
    ).toEqual([
      { category: "Quizzes", average: 90 },
      { category: "Tests", average: 50 },
    ]);
    expect(categoryAverages(book, grades([[1, 80]]))).toEqual([
      { category: "Quizzes", average: 80 },
      { category: "Tests", average: null },
    ]);
  });
});

describe("a typed grade", () => {
  it.each([
    ["87", 87],
    ["87.5", 87.5],
    ["87.25", 87.25],
    [" 92% ", 92],
    ["0", 0],
    ["100", 100],
    ["", null],
    ["  ", null],
  ] as const)("%j is %j", (typed, grade) => {
    expect(parseGrade(typed)).toEqual({ ok: true, grade });
  });

  it.each(["100.01", "101", "-1", "87.125", "abc", "1e2", "8 7"])("%j is refused", (typed) => {
    expect(parseGrade(typed)).toEqual({ ok: false });
  });

  it("is shown without trailing zeros", () => {
    expect([gradeText(87.5), gradeText(90), gradeText(null), gradeText(33.333)]).toEqual(["87.5", "90", "", "33.33"]);
  });
});
