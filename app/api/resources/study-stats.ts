import type { ResourceDefinition } from "~/api/document";
import type { StudyStats } from "~/study-stats/summary";

/** GET /api/v1/users/{id}/study_stats (SPEC §6): a student's study with flash cards, practice questions, quizzes and practice tests. */
export const studyStatsResource: ResourceDefinition<StudyStats & { id: number }> = {
  type: "studyStats",
  attributes: (stats) => ({
    active_days_last_30: stats.activeDaysLast30,
    flash_cards: {
      cards_due: stats.flashCards.cardsDue,
      decks_due: stats.flashCards.decksDue,
      reviews_last_7_days: stats.flashCards.reviewsLast7Days,
      reviews_last_30_days: stats.flashCards.reviewsLast30Days,
      retention_last_30_days: stats.flashCards.retentionLast30Days,
    },
    practice_questions: {
      attempts: stats.practiceQuestions.attempts,
      questions_answered: stats.practiceQuestions.questionsAnswered,
      correct: stats.practiceQuestions.correct,
      accuracy_percent: stats.practiceQuestions.accuracyPercent,
      topics: stats.practiceQuestions.topics.map((topic) => ({ topic: topic.topic, answered: topic.answered, correct: topic.correct, accuracy_percent: topic.percent })),
    },
    quizzes: {
      attempts: stats.quizzes.attempts,
      questions: stats.quizzes.questionsAnswered,
      correct: stats.quizzes.correct,
      accuracy_percent: stats.quizzes.accuracyPercent,
    },
    practice_tests: {
      cars_attempts: stats.practiceTests.carsAttempts,
      lsat_attempts: stats.practiceTests.lsatAttempts,
      best_lsat_scaled_score: stats.practiceTests.bestLsatScaled,
      latest_cars: stats.practiceTests.latestCars
        ? { week_start: stats.practiceTests.latestCars.weekStart, correct: stats.practiceTests.latestCars.correctCount, questions: stats.practiceTests.latestCars.questionCount }
        : null,
    },
  }),
};
