import { topicAccuracy, type TopicAccuracy, type TopicCount } from "~/practice-questions/practice-set";

/**
 * A student's study stats (SPEC §6 GET /api/v1/users/{id}/study_stats): what they studied with
 * flash cards, practice questions, quizzes and practice tests, and how well. Pure: the figures
 * come from stats.server.ts, which counts them in the database.
 */

export interface StudyCounts {
  flashCards: { due: number; decksDue: number; reviews7: number; reviews30: number; recalled30: number; recallChances30: number };
  practiceSets: { attempts: number; answered: number; correct: number; topics: TopicCount[] };
  quizzes: { attempts: number; answered: number; correct: number };
  practiceTests: { carsAttempts: number; lsatAttempts: number; bestLsatScaled: number | null; latestCars: { weekStart: string; correctCount: number; questionCount: number } | null };
  /** Days (in UTC) of the last 30 with a graded card or a finished attempt. */
  activeDays30: number;
}

export interface StudyStats {
  flashCards: { cardsDue: number; decksDue: number; reviewsLast7Days: number; reviewsLast30Days: number; retentionLast30Days: number | null };
  practiceQuestions: { attempts: number; questionsAnswered: number; correct: number; accuracyPercent: number | null; topics: TopicAccuracy[] };
  quizzes: { attempts: number; questionsAnswered: number; correct: number; accuracyPercent: number | null };
  practiceTests: StudyCounts["practiceTests"];
  activeDaysLast30: number;
}

/** Whole percent right of those answered; null before any answer. */
export function accuracyPercent(correct: number, answered: number): number | null {
  if (!Number.isFinite(answered) || answered <= 0) return null;
  return Math.round((Math.min(Math.max(correct, 0), answered) / answered) * 100);
}

/** At most this many topics, weakest first: what to practise next. */
export const STUDY_STATS_TOPICS = 20;

export function studyStats(counts: StudyCounts): StudyStats {
  const { flashCards, practiceSets, quizzes } = counts;
  return {
    flashCards: {
      cardsDue: flashCards.due,
      decksDue: flashCards.decksDue,
      reviewsLast7Days: flashCards.reviews7,
      reviewsLast30Days: flashCards.reviews30,
      // FSRS's true retention: of the reviews of cards already learned, the share remembered.
      retentionLast30Days: flashCards.recallChances30 > 0 ? Math.round((flashCards.recalled30 / flashCards.recallChances30) * 100) / 100 : null,
    },
    practiceQuestions: {
      attempts: practiceSets.attempts,
      questionsAnswered: practiceSets.answered,
      correct: practiceSets.correct,
      accuracyPercent: accuracyPercent(practiceSets.correct, practiceSets.answered),
      topics: topicAccuracy(practiceSets.topics).slice(0, STUDY_STATS_TOPICS),
    },
    quizzes: { attempts: quizzes.attempts, questionsAnswered: quizzes.answered, correct: quizzes.correct, accuracyPercent: accuracyPercent(quizzes.correct, quizzes.answered) },
    practiceTests: counts.practiceTests,
    activeDaysLast30: Math.min(30, Math.max(0, counts.activeDays30)),
  };
}
