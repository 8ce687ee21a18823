import { deckReviews, studyQueue } from "~/flash-cards/decks.server";
import { cardHtml } from "~/flash-cards/markdown.server";
import { GRADES, nextDueByGrade, retention, untilLabel } from "~/flash-cards/scheduling";

/**
 * What a person sees when studying a deck now: its counts, their retention, and the card to
 * study with each grade's next due time. The deck's own page and the in-course flash-cards page
 * both show this.
 */
export async function studyView(deckId: number, userId: number, now: Date) {
  const [queue, reviews] = await Promise.all([studyQueue(deckId, userId, now), deckReviews(deckId, userId)]);
  const current = queue.current;
  const previews = current ? nextDueByGrade(current.memory, now) : null;
  return {
    counts: { due: queue.due, fresh: queue.fresh, cards: queue.cards },
    retention: retention(reviews),
    nextDue: queue.nextDue?.toISOString() ?? null,
    card: current
      ? {
          id: current.id,
          frontHtml: cardHtml(current.front),
          backHtml: cardHtml(current.back),
          tags: current.tags,
          seenReps: current.memory?.reps ?? 0,
          isNew: current.memory === null,
          grades: GRADES.map((grade) => ({ ...grade, after: untilLabel(previews![grade.value], now) })),
        }
      : null,
  };
}

export type StudyView = Awaited<ReturnType<typeof studyView>>;
