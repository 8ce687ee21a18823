import { describe, expect, it } from "vitest";
import { accuracyPercent, STUDY_STATS_TOPICS, studyStats, type StudyCounts } from "~/study-stats/summary";

const nothing: StudyCounts = {
  flashCards: { due: 0, decksDue: 0, reviews7: 0, reviews30: 0, recalled30: 0, recallChances30: 0 },
  practiceSets: { attempts: 0, answered: 0, correct: 0, topics: [] },
  quizzes: { attempts: 0, answered: 0, correct: 0 },
  practiceTests: { carsAttempts: 0, lsatAttempts: 0, bestLsatScaled: null, latestCars: null },
  activeDays30: 0,
};

describe("accuracy", () => {
  it.each([
    [0, 0, null],
    [0, 4, 0],
    [1, 3, 33],
    [2, 3, 67],
    [5, 8, 63],
    [4, 4, 100],
    [7, 4, 100],
    [-1, 4, 0],
    [1, Number.NaN, null],
  ])("%i of %i → %s", (correct, answered, expected) => {
    expect(accuracyPercent(correct, answered)).toBe(expected);
  });
});

describe("a student's study stats", () => {
  it("are empty, with no rate, before any study", () => {
    expect(studyStats(nothing)).toEqual({
      flashCards: { cardsDue: 0, decksDue: 0, reviewsLast7Days: 0, reviewsLast30Days: 0, retentionLast30Days: null },
      practiceQuestions: { attempts: 0, questionsAnswered: 0, correct: 0, accuracyPercent: null, topics: [] },
      quizzes: { attempts: 0, questionsAnswered: 0, correct: 0, accuracyPercent: null },
      practiceTests: nothing.practiceTests,
      activeDaysLast30: 0,
    });
  });

  it("give retention as the share of learned cards remembered, to two places", () => {
    expect(studyStats({ ...nothing, flashCards: { ...nothing.flashCards, recalled30: 2, recallChances30: 3 } }).flashCards.retentionLast30Days).toBe(0.67);
    expect(studyStats({ ...nothing, flashCards: { ...nothing.flashCards, recalled30: 9, recallChances30: 9 } }).flashCards.retentionLast30Days).toBe(1);
  });

  it("list at most the weakest topics, weakest first", () => {
    const topics = Array.from({ length: STUDY_STATS_TOPICS + 5 }, (_, index) => ({ topic: `Topic ${String(index).padStart(2, "0")}`, answered: 10, correct: index % 11 }));
    const listed = studyStats({ ...nothing, practiceSets: { attempts: 3, answered: 250, correct: 100, topics } }).practiceQuestions;
    expect(listed.accuracyPercent).toBe(40);
    expect(listed.topics).toHaveLength(STUDY_STATS_TOPICS);
    expect(listed.topics[0]).toMatchObject({ percent: 0 });
    expect(listed.topics.map((topic) => topic.percent)).toEqual([...listed.topics.map((topic) => topic.percent)].sort((a, b) => a - b));
  });

  it("keep active days within the month", () => {
    expect(studyStats({ ...nothing, activeDays30: 31 }).activeDaysLast30).toBe(30);
    expect(studyStats({ ...nothing, activeDays30: -2 }).activeDaysLast30).toBe(0);
  });
});
