import type { ResourceDefinition } from "~/api/document";
import type { StudyStatsOfUser } from "~/study-stats/stats.server";

/** GET /api/v1/users/{id}/study_stats (SPEC §7): a student's study with flash cards, practice questions, quizzes and practice tests, and the dashboard's tiles (SPEC §9). */
export const studyStatsResource: ResourceDefinition<StudyStatsOfUser> = {
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
    tiles: {
      med_school_coaching_sessions: stats.tiles.coachingSessions,
      cars_passages: stats.tiles.carsPassages,
      mcat_events: stats.tiles.mcatEvents,
      seconds_studied: stats.tiles.studySeconds,
      booster_savings_cents: stats.tiles.boosterSavingsCents,
      courses_studied: stats.tiles.coursesStudied,
      questions_attempted: stats.tiles.questionsAttempted,
      qa_questions: stats.tiles.qaQuestions,
    },
    study_time_by_week: stats.studyTimeByWeek.map((week) => ({ week_start: week.weekStart, seconds: week.seconds })),
  }),
};
