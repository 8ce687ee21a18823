import { createEmptyCard, fsrs, generatorParameters, Rating, State, type Card, type Grade } from "ts-fsrs";

/**
 * When each person sees each card again, pure: the FSRS algorithm as the maintained `ts-fsrs`
 * package implements it, with its default parameters (90% retention wanted) and no fuzz, so the
 * same grades at the same times always give the same schedule, and tests can compare it with
 * `ts-fsrs` itself. A card nobody has reviewed has no state: it is new, and due now.
 */

export const FSRS_PARAMETERS = generatorParameters({ enable_fuzz: false });
const scheduler = fsrs(FSRS_PARAMETERS);

/** A grade, as the study page's buttons and keys 1–4 give it. */
export const GRADES = [
  { value: 1, label: "Again", key: "1" },
  { value: 2, label: "Hard", key: "2" },
  { value: 3, label: "Good", key: "3" },
  { value: 4, label: "Easy", key: "4" },
] as const;
export type GradeValue = (typeof GRADES)[number]["value"];

/** One person's memory of one card, as flash_card_users stores it. */
export interface CardMemory {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  /** 0 new, 1 learning, 2 review, 3 relearning (ts-fsrs `State`). */
  state: number;
  lastReview: Date | null;
}

const toCard = (memory: CardMemory): Card => ({
  due: memory.due,
  stability: memory.stability,
  difficulty: memory.difficulty,
  elapsed_days: memory.elapsedDays,
  scheduled_days: memory.scheduledDays,
  learning_steps: memory.learningSteps,
  reps: memory.reps,
  lapses: memory.lapses,
  state: memory.state as State,
  last_review: memory.lastReview ?? undefined,
});

const toMemory = (card: Card): CardMemory => ({
  due: card.due,
  stability: card.stability,
  difficulty: card.difficulty,
  elapsedDays: card.elapsed_days,
  scheduledDays: card.scheduled_days,
  learningSteps: card.learning_steps,
  reps: card.reps,
  lapses: card.lapses,
  state: card.state,
  lastReview: card.last_review ?? null,
});

/** The memory after a grade at `now`: a new card (null) starts from FSRS's empty card. */
export function reviewCard(memory: CardMemory | null, grade: GradeValue, now: Date): CardMemory {
  const card = memory ? toCard(memory) : createEmptyCard(now);
  return toMemory(scheduler.next(card, now, grade as Grade).card);
}

/** When the card would next be due after each grade: what the study page shows under the buttons. */
export function nextDueByGrade(memory: CardMemory | null, now: Date): Record<GradeValue, Date> {
  const card = memory ? toCard(memory) : createEmptyCard(now);
  const preview = scheduler.repeat(card, now);
  return { 1: preview[Rating.Again].card.due, 2: preview[Rating.Hard].card.due, 3: preview[Rating.Good].card.due, 4: preview[Rating.Easy].card.due };
}

/** "in 10 minutes", "in 4 days": how far off a due time is, for a button's hint. */
export function untilLabel(due: Date, now: Date): string {
  const minutes = Math.max(1, Math.round((due.getTime() - now.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.round(hours / 24);
  if (days < 31) return `${days} d`;
  const months = Math.round(days / 30);
  return months < 12 ? `${months} mo` : `${Math.round(days / 365)} y`;
}

/** Whether a card is due for this person at `now`: new cards always are. */
export const isDue = (memory: Pick<CardMemory, "due"> | null, now: Date) => memory === null || memory.due.getTime() <= now.getTime();

/**
 * The share of reviews of cards already learned (state review) that were remembered (graded
 * Hard, Good or Easy): FSRS's true retention, the figure a deck shows. Null before any.
 */
export function retention(reviews: readonly { rating: number; stateBefore: number }[]): number | null {
  const recalled = reviews.filter((review) => review.stateBefore === State.Review);
  if (recalled.length === 0) return null;
  return recalled.filter((review) => review.rating > 1).length / recalled.length;
}
