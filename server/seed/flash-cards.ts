import type { Transaction } from "kysely";
import type { Database } from "../../app/db/schema";
import { reviewCard, type CardMemory, type GradeValue } from "../../app/flash-cards/scheduling";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const DERIVATIVES: [string, string, string][] = [
  ["Derivative of **xⁿ**", "n·xⁿ⁻¹ — the power rule", "rules"],
  ["Derivative of **sin x**", "cos x", "trig"],
  ["Derivative of **cos x**", "−sin x", "trig"],
  ["Derivative of **eˣ**", "eˣ — its own derivative", "exponential"],
  ["Derivative of **ln x**", "1/x, for x > 0", "exponential"],
  ["The **product rule**", "(uv)′ = u′v + uv′", "rules"],
  ["The **quotient rule**", "$$\\left(\\frac{u}{v}\\right)' = \\frac{u'v - uv'}{v^2}$$", "rules"],
  ["The **chain rule**", "$$\\frac{d}{dx}\\,f(g(x)) = f'(g(x))\\,g'(x)$$", "rules"],
  ["Derivative of **tan x**", "sec² x", "trig"],
  ["When is f increasing?", "Where f′(x) > 0", "applications"],
  ["What does f″(x) > 0 tell you?", "f is concave up there: a local minimum where f′ = 0", "applications"],
  ["Derivative of a constant", "0", "rules"],
];

/** Grades the demo student gave, hours before now: a few cards learned, one of them due again now. */
const HISTORY: { card: number; grades: [hoursAgo: number, grade: GradeValue][] }[] = [
  {
    card: 0,
    grades: [
      [96, 3],
      [95.8, 3],
    ],
  },
  {
    card: 1,
    grades: [
      [96, 3],
      [95.8, 4],
    ],
  },
  {
    card: 2,
    grades: [
      [72, 1],
      [71.8, 3],
      [71.6, 3],
    ],
  },
  {
    card: 5,
    grades: [
      [30, 3],
      [29.8, 3],
    ],
  },
];

export interface CourseDeckSeed {
  activityId: number;
  onlineCourseId: number;
  title: string;
  subject: string;
  cards: readonly { front: string; back: string }[];
}

/**
 * Flash cards on first start: a deck for every course's flash-card activity (its chapter as the
 * subject), the demo student's own deck of derivatives (MATH 137), some of it studied over the
 * last days so its page has cards due and a retention figure, and a second deck they shared, so a
 * shared deck's link can be tried by another demo account.
 */
export async function seedFlashCards(
  trx: Transaction<Database>,
  ids: { user: (email: string) => number },
  courseDecks: readonly CourseDeckSeed[],
  now: Date
): Promise<{ flash_card_decks: number; flash_cards: number; flash_card_users: number; flash_card_reviews: number }> {
  const student = ids.user(`student@${DEMO_EMAIL_DOMAIN}`);
  const courseDeckRows =
    courseDecks.length === 0
      ? []
      : await trx
          .insertInto("flash_card_decks")
          .values(
            courseDecks.map((deck) => ({ online_course_id: deck.onlineCourseId, activity_id: deck.activityId, title: deck.title.slice(0, 120), subject: deck.subject.slice(0, 80) }))
          )
          .returning("id")
          .execute();
  const courseCards = courseDecks.flatMap((deck, index) =>
    deck.cards.map((card, position) => ({ deck_id: courseDeckRows[index]!.id, front: card.front, back: card.back, position: position + 1 }))
  );
  if (courseCards.length > 0) await trx.insertInto("flash_cards").values(courseCards).execute();
  const decks = await trx
    .insertInto("flash_card_decks")
    .values([
      { owner_id: student, title: "MATH 137: derivatives", description: "The rules to know cold before the midterm.", created_at: new Date(now.getTime() - 5 * DAY_MS) },
      { owner_id: student, title: "Amino acids", description: "Three-letter codes, shared with the study group.", shared: true, created_at: new Date(now.getTime() - 2 * DAY_MS) },
    ])
    .returning("id")
    .execute();
  const aminoAcids: [string, string][] = [
    ["Glycine", "Gly · G — the smallest, not chiral"],
    ["Alanine", "Ala · A"],
    ["Tryptophan", "Trp · W — the largest"],
    ["Cysteine", "Cys · C — forms disulfide bridges"],
    ["Proline", "Pro · P — breaks α-helices"],
  ];
  const cards = await trx
    .insertInto("flash_cards")
    .values([
      ...DERIVATIVES.map(([front, back, tag], index) => ({ deck_id: decks[0]!.id, front, back, tags: [tag], position: index + 1 })),
      ...aminoAcids.map(([front, back], index) => ({ deck_id: decks[1]!.id, front, back, tags: ["biochemistry"], position: index + 1 })),
    ])
    .returning("id")
    .execute();
  let memories = 0;
  let reviews = 0;
  for (const { card, grades } of HISTORY) {
    let memory: CardMemory | null = null;
    for (const [hoursAgo, grade] of grades) {
      const at = new Date(now.getTime() - hoursAgo * HOUR_MS);
      const before: number = memory?.state ?? 0;
      memory = reviewCard(memory, grade, at);
      await trx.insertInto("flash_card_reviews").values({ user_id: student, card_id: cards[card]!.id, rating: grade, state_before: before, reviewed_at: at, next_due: memory.due }).execute();
      reviews++;
    }
    const m = memory!;
    await trx
      .insertInto("flash_card_users")
      .values({
        user_id: student,
        card_id: cards[card]!.id,
        due: m.due,
        stability: m.stability,
        difficulty: m.difficulty,
        elapsed_days: m.elapsedDays,
        scheduled_days: m.scheduledDays,
        learning_steps: m.learningSteps,
        reps: m.reps,
        lapses: m.lapses,
        state: m.state,
        last_review: m.lastReview,
      })
      .execute();
    memories++;
  }
  return { flash_card_decks: courseDeckRows.length + decks.length, flash_cards: courseCards.length + cards.length, flash_card_users: memories, flash_card_reviews: reviews };
}
