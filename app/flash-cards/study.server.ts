import { parseTags } from "~/flash-cards/deck-csv";
import { deckReviews, deckTags, studyQueue } from "~/flash-cards/decks.server";
import { cardHtml, hasFormula } from "~/content/markdown.server";
import { GRADES, nextDueByGrade, retention, untilLabel } from "~/flash-cards/scheduling";

/**
 * What a person sees when studying a deck now: its counts, their retention, and the card to
 * study with each grade's next due time; with a tag (`?tag=` as typed, kept only when a card of
 * the deck has it) only that tag's cards. The deck's own page and the in-course flash-cards page
 * both show this.
 */
export async function studyView(deckId: number, userId: number, now: Date, tagParam: string | null = null) {
  const tags = await deckTags(deckId);
  const wanted = tagParam === null ? null : (parseTags(tagParam)[0] ?? null);
  const tag = wanted !== null && tags.some((entry) => entry.tag === wanted) ? wanted : null;
  const [queue, reviews] = await Promise.all([studyQueue(deckId, userId, now, tag), deckReviews(deckId, userId)]);
  const current = queue.current;
  const previews = current ? nextDueByGrade(current.memory, now) : null;
  const frontHtml = current ? cardHtml(current.front) : "";
  const backHtml = current ? cardHtml(current.back) : "";
  return {
    tags,
    tag,
    counts: { due: queue.due, fresh: queue.fresh, cards: queue.cards },
    retention: retention(reviews),
    nextDue: queue.nextDue?.toISOString() ?? null,
    card: current
      ? {
          id: current.id,
          frontHtml,
          backHtml,
          hasFormula: hasFormula(frontHtml) || hasFormula(backHtml),
          tags: current.tags,
          seenReps: current.memory?.reps ?? 0,
          isNew: current.memory === null,
          grades: GRADES.map((grade) => ({ ...grade, after: untilLabel(previews![grade.value], now) })),
        }
      : null,
  };
}

export type StudyView = Awaited<ReturnType<typeof studyView>>;
