import { createEmptyCard, fsrs, generatorParameters, type Card, type Grade } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import { isDue, nextDueByGrade, retention, reviewCard, untilLabel, type CardMemory, type GradeValue } from "~/flash-cards/scheduling";

const start = new Date("2026-11-28T10:00:00Z");
const at = (hours: number) => new Date(start.getTime() + hours * 3_600_000);

/** The same grades at the same times straight through ts-fsrs, with the same parameters. */
function throughTsFsrs(grades: readonly [number, GradeValue][]): Card {
  const scheduler = fsrs(generatorParameters({ enable_fuzz: false }));
  let card = createEmptyCard(at(grades[0]![0]));
  for (const [hours, grade] of grades) card = scheduler.next(card, at(hours), grade as Grade).card;
  return card;
}

function throughTheApp(grades: readonly [number, GradeValue][]): CardMemory {
  let memory: CardMemory | null = null;
  for (const [hours, grade] of grades) memory = reviewCard(memory, grade, at(hours));
  return memory!;
}

describe("FSRS scheduling of a card", () => {
  it.each<[string, [number, GradeValue][]]>([
    ["one Good", [[0, 3]]],
    [
      "Good, then Good when due",
      [
        [0, 3],
        [0.2, 3],
      ],
    ],
    ["Easy straight away", [[0, 4]]],
    [
      "Again, Again, Good, Good",
      [
        [0, 1],
        [0.02, 1],
        [0.2, 3],
        [0.4, 3],
      ],
    ],
    [
      "learned, then forgotten a week on, then relearned",
      [
        [0, 3],
        [0.2, 3],
        [24 * 7, 1],
        [24 * 7 + 0.2, 3],
        [24 * 9, 3],
      ],
    ],
    [
      "Hard every time, reviewed late",
      [
        [0, 2],
        [1, 2],
        [48, 2],
        [24 * 10, 2],
      ],
    ],
    [
      "a month of Good reviews when due",
      [
        [0, 3],
        [0.2, 3],
        [24 * 3, 3],
        [24 * 12, 3],
        [24 * 40, 3],
      ],
    ],
  ])("%s matches ts-fsrs", (_case, grades) => {
    const expected = throughTsFsrs(grades);
    const got = throughTheApp(grades);
    expect(got).toEqual({
      due: expected.due,
      stability: expected.stability,
      difficulty: expected.difficulty,
      elapsedDays: expected.elapsed_days,
      scheduledDays: expected.scheduled_days,
      learningSteps: expected.learning_steps,
      reps: expected.reps,
      lapses: expected.lapses,
      state: expected.state,
      lastReview: expected.last_review ?? null,
    });
  });

  it("gives the same schedule however often it is asked (no fuzz)", () => {
    const grades: [number, GradeValue][] = [
      [0, 3],
      [0.2, 3],
      [24 * 4, 3],
    ];
    expect(throughTheApp(grades)).toEqual(throughTheApp(grades));
  });

  it("counts reviews and lapses as a person would: Again on a learned card is a lapse", () => {
    const memory = throughTheApp([
      [0, 3],
      [0.2, 3],
      [24 * 7, 1],
    ]);
    expect(memory.reps).toBe(3);
    expect(memory.lapses).toBe(1);
    expect(memory.state).toBe(3);
  });

  it("previews each grade's next due time, later for better grades", () => {
    const preview = nextDueByGrade(null, start);
    expect(preview[1].getTime()).toBeLessThanOrEqual(preview[2].getTime());
    expect(preview[2].getTime()).toBeLessThanOrEqual(preview[3].getTime());
    expect(preview[3].getTime()).toBeLessThan(preview[4].getTime());
    expect(preview[3]).toEqual(reviewCard(null, 3, start).due);
  });
});

describe("what is due", () => {
  it.each([
    ["a new card", null, true],
    ["due an hour ago", { due: at(-1) }, true],
    ["due this instant", { due: start }, true],
    ["due in a minute", { due: new Date(start.getTime() + 60_000) }, false],
  ])("%s: %s", (_case, memory, expected) => {
    expect(isDue(memory, start)).toBe(expected);
  });
});

describe("a grade button's hint", () => {
  it.each([
    [0.5, "1 min"],
    [10, "10 min"],
    [59, "59 min"],
    [60, "1 h"],
    [60 * 23, "23 h"],
    [60 * 24, "1 d"],
    [60 * 24 * 4, "4 d"],
    [60 * 24 * 45, "2 mo"],
    [60 * 24 * 400, "1 y"],
  ])("%s minutes → %s", (minutes, label) => {
    expect(untilLabel(new Date(start.getTime() + minutes * 60_000), start)).toBe(label);
  });
});

describe("retention", () => {
  it.each([
    ["no reviews", [], null],
    [
      "only new and learning cards",
      [
        { rating: 1, stateBefore: 0 },
        { rating: 3, stateBefore: 1 },
      ],
      null,
    ],
    [
      "three of four learned cards remembered",
      [
        { rating: 3, stateBefore: 2 },
        { rating: 2, stateBefore: 2 },
        { rating: 4, stateBefore: 2 },
        { rating: 1, stateBefore: 2 },
      ],
      0.75,
    ],
    [
      "relearning reviews do not count",
      [
        { rating: 1, stateBefore: 3 },
        { rating: 3, stateBefore: 2 },
      ],
      1,
    ],
  ])("%s", (_case, reviews, expected) => {
    expect(retention(reviews)).toBe(expected);
  });
});
