import { sql } from "kysely";
import { db } from "~/db/db.server";
import { displayNameSql } from "~/db/display-name";
import { HELD_STATUSES } from "~/online-courses/access";
import type { CardFields } from "~/flash-cards/deck-csv";
import { isDue, reviewCard, type CardMemory, type GradeValue } from "~/flash-cards/scheduling";

/**
 * Flash-card decks, their cards, and each person's study of them, over PostgreSQL. Who may do
 * what is the policy's (app/accounts/policy/permissions.ts): these functions are called once it
 * has said yes. A student's deck belongs to them; shared, anyone signed in with its link studies
 * it too, each with their own schedule.
 */

export const DECK_CARD_LIMIT = 5_000;
export const DECKS_PER_PERSON = 200;

export interface DeckRecord {
  id: number;
  title: string;
  description: string;
  owner_id: number | null;
  online_course_id: number | null;
  activity_id: number | null;
  subject: string | null;
  shared: boolean;
  owner_name: string | null;
  /** A course deck's course: its instructor and name. */
  course_instructor_id: number | null;
  course_name: string | null;
}

/** A deck with its owner's name, or its course's instructor and name. */
export async function findDeck(deckId: number): Promise<DeckRecord | undefined> {
  return db()
    .selectFrom("flash_card_decks as d")
    .leftJoin("users", "users.id", "d.owner_id")
    .leftJoin("online_courses as oc", "oc.id", "d.online_course_id")
    .select([
      "d.id",
      "d.title",
      "d.description",
      "d.owner_id",
      "d.online_course_id",
      "d.activity_id",
      "d.subject",
      "d.shared",
      displayNameSql("users").as("owner_name"),
      "oc.instructor_id as course_instructor_id",
      "oc.name as course_name",
    ])
    .where("d.id", "=", deckId)
    .executeTakeFirst();
}

/** The course deck a flash-card activity studies, if it has one. */
export async function deckOfActivity(activityId: number) {
  return db().selectFrom("flash_card_decks").select(["id", "title"]).where("activity_id", "=", activityId).executeTakeFirst();
}

/**
 * The deck a course's flash-card activity studies, made (empty) the first time its editor asks
 * for it. The activity's unique index keeps it one deck however many ask at once.
 */
export async function ensureActivityDeck(input: { activityId: number; onlineCourseId: number; title: string; subject: string | null }): Promise<number> {
  await db()
    .insertInto("flash_card_decks")
    .values({ activity_id: input.activityId, online_course_id: input.onlineCourseId, title: input.title.slice(0, 120), subject: input.subject?.slice(0, 80) || null })
    .onConflict((conflict) => conflict.column("activity_id").doNothing())
    .execute();
  const deck = await deckOfActivity(input.activityId);
  return deck!.id;
}

export interface DeckSummary {
  id: number;
  title: string;
  description: string;
  shared: boolean;
  cards: number;
  /** Cards reviewed before and due again now. */
  due: number;
  /** Cards never reviewed by this person. */
  fresh: number;
}

/** A deck's cards (`c`), those due for the person whose memory is joined as `m`, and those they never reviewed. */
const cardCounts = (now: Date) =>
  [
    sql<number>`count(c.id)::int`.as("cards"),
    sql<number>`count(m.card_id) filter (where m.due <= ${now})::int`.as("due"),
    sql<number>`count(c.id) filter (where m.card_id is null)::int`.as("fresh"),
  ] as const;

/** A person's own decks, newest first, with how many cards each has due for them now. */
export async function listOwnDecks(userId: number, now: Date): Promise<DeckSummary[]> {
  const rows = await db()
    .selectFrom("flash_card_decks as d")
    .leftJoin("flash_cards as c", "c.deck_id", "d.id")
    .leftJoin("flash_card_users as m", (join) => join.onRef("m.card_id", "=", "c.id").on("m.user_id", "=", userId))
    .select(["d.id", "d.title", "d.description", "d.shared", ...cardCounts(now)])
    .where("d.owner_id", "=", userId)
    .groupBy("d.id")
    .orderBy("d.created_at", "desc")
    .orderBy("d.id", "desc")
    .execute();
  return rows;
}

export interface CourseDeckSummary {
  id: number;
  title: string;
  subject: string | null;
  courseName: string;
  /** The deck's page in the course: /in-course-experience/{slug}/flash-cards/{activityId}. */
  href: string;
  cards: number;
  due: number;
  fresh: number;
}

/**
 * Course decks with this person's due counts: those of the courses they are enrolled in (held
 * enrolments), or every published course of one course code (the MCAT's, for /mcat-flash-cards).
 */
export async function listCourseDecks(filter: { userId: number | null; now: Date } & ({ enrolled: true } | { courseCode: string })): Promise<CourseDeckSummary[]> {
  const userId = filter.userId ?? 0;
  let query = db()
    .selectFrom("flash_card_decks as d")
    .innerJoin("online_courses as oc", "oc.id", "d.online_course_id")
    .leftJoin("flash_cards as c", "c.deck_id", "d.id")
    .leftJoin("flash_card_users as m", (join) => join.onRef("m.card_id", "=", "c.id").on("m.user_id", "=", userId))
    .select(["d.id", "d.title", "d.subject", "d.activity_id", "oc.name as course_name", "oc.slug as course_slug", ...cardCounts(filter.now)])
    .where("d.activity_id", "is not", null);
  if ("enrolled" in filter)
    query = query.where((eb) =>
      eb.exists(eb.selectFrom("online_course_users as e").select("e.id").whereRef("e.online_course_id", "=", "oc.id").where("e.user_id", "=", userId).where("e.status", "in", HELD_STATUSES))
    );
  else query = query.where("oc.course_code", "=", filter.courseCode).where("oc.status", "=", "published");
  const rows = await query.groupBy(["d.id", "oc.name", "oc.slug"]).orderBy("oc.name").orderBy("d.subject").orderBy("d.id").execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    subject: row.subject,
    courseName: row.course_name,
    href: `/in-course-experience/${row.course_slug}/flash-cards/${row.activity_id}`,
    cards: row.cards,
    due: row.due,
    fresh: row.fresh,
  }));
}

/**
 * How many cards this person has due now across the decks they study, and in how many decks: a
 * query the dashboard folds into its one statement.
 */
export function dueSummaryQuery(userId: number, now: Date) {
  return (
    db()
      .selectFrom("flash_card_users as m")
      .innerJoin("flash_cards as c", "c.id", "m.card_id")
      .innerJoin("flash_card_decks as d", "d.id", "c.deck_id")
      .select([sql<number>`count(*)::int`.as("due"), sql<number>`count(distinct c.deck_id)::int`.as("decks")])
      .where("m.user_id", "=", userId)
      // Another student's deck they stopped sharing is no longer studied here.
      .where((eb) => eb.or([eb("d.owner_id", "=", userId), eb("d.shared", "=", true), eb("d.online_course_id", "is not", null)]))
      .where("m.due", "<=", now)
  );
}

/** A new deck of the person's own; null once they have DECKS_PER_PERSON. */
export async function createDeck(input: { ownerId: number; title: string; description: string }): Promise<number | null> {
  return db()
    .transaction()
    .execute(async (trx) => {
      // The owner's row serialises their creations, so the limit holds under double clicks.
      await trx.selectFrom("users").select("id").where("id", "=", input.ownerId).forUpdate().executeTakeFirstOrThrow();
      const { count } = await trx
        .selectFrom("flash_card_decks")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("owner_id", "=", input.ownerId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= DECKS_PER_PERSON) return null;
      const deck = await trx.insertInto("flash_card_decks").values({ owner_id: input.ownerId, title: input.title, description: input.description }).returning("id").executeTakeFirstOrThrow();
      return deck.id;
    });
}

/**
 * A deck's name and description, and what sets it apart: a student's deck may be shared by link;
 * a course's is studied by whoever has the course, so it takes a subject and is never shared.
 */
export async function updateDeck(deck: Pick<DeckRecord, "id" | "online_course_id">, fields: { title: string; description: string; shared: boolean; subject: string }) {
  const course = deck.online_course_id !== null;
  await db()
    .updateTable("flash_card_decks")
    .set({ title: fields.title, description: fields.description, shared: !course && fields.shared, subject: course ? fields.subject || null : null, updated_at: new Date() })
    .where("id", "=", deck.id)
    .execute();
  return { shared: !course && fields.shared };
}

/** Deletes a student's deck; a course's deck goes only with its activity. */
export async function deleteDeck(deck: Pick<DeckRecord, "id" | "online_course_id">): Promise<{ kind: "deleted" } | Refused> {
  if (deck.online_course_id !== null) return { kind: "refused", status: 409, message: "A course's deck goes with its activity: remove the activity in the course editor." };
  await db().deleteFrom("flash_card_decks").where("id", "=", deck.id).execute();
  return { kind: "deleted" };
}

export interface DeckCard extends CardFields {
  id: number;
  position: number;
}

/** A deck's cards in their order. */
export async function deckCards(deckId: number): Promise<DeckCard[]> {
  return db().selectFrom("flash_cards").select(["id", "front", "back", "tags", "position"]).where("deck_id", "=", deckId).orderBy("position").orderBy("id").execute();
}

type Refused = { kind: "refused"; status: 404 | 409 | 413; message: string };

/**
 * Cards added at the end of the deck, in the order given. The deck's row is locked while its
 * cards are counted and numbered, so two imports at once neither pass the limit nor share places.
 */
export async function addCards(deckId: number, cards: readonly CardFields[]): Promise<{ kind: "added"; count: number } | Refused> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const deck = await trx.selectFrom("flash_card_decks").select("id").where("id", "=", deckId).forUpdate().executeTakeFirst();
      if (!deck) return { kind: "refused", status: 404, message: "There is no such deck." } as const;
      const { count, last } = await trx
        .selectFrom("flash_cards")
        .select([sql<number>`count(*)::int`.as("count"), sql<number>`coalesce(max(position), 0)::int`.as("last")])
        .where("deck_id", "=", deckId)
        .executeTakeFirstOrThrow();
      if (count + cards.length > DECK_CARD_LIMIT)
        return {
          kind: "refused",
          status: 413,
          message: `A deck holds up to ${DECK_CARD_LIMIT.toLocaleString("en-US")} cards; this would make ${(count + cards.length).toLocaleString("en-US")}.`,
        } as const;
      if (cards.length > 0)
        await trx
          .insertInto("flash_cards")
          .values(cards.map((card, index) => ({ deck_id: deckId, front: card.front, back: card.back, tags: card.tags, position: last + index + 1 })))
          .execute();
      await trx.updateTable("flash_card_decks").set({ updated_at: new Date() }).where("id", "=", deckId).execute();
      return { kind: "added", count: cards.length } as const;
    });
}

export async function updateCard(deckId: number, cardId: number, fields: CardFields): Promise<boolean> {
  const updated = await db()
    .updateTable("flash_cards")
    .set({ ...fields, updated_at: new Date() })
    .where("id", "=", cardId)
    .where("deck_id", "=", deckId)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

export async function deleteCard(deckId: number, cardId: number): Promise<boolean> {
  const deleted = await db().deleteFrom("flash_cards").where("id", "=", cardId).where("deck_id", "=", deckId).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** Moves a card one place up or down the deck (swapping with its neighbour); false when it is already at that end or not in the deck. */
export async function moveCard(deckId: number, cardId: number, direction: "up" | "down"): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      await trx.selectFrom("flash_card_decks").select("id").where("id", "=", deckId).forUpdate().executeTakeFirst();
      const cards = await trx.selectFrom("flash_cards").select(["id", "position"]).where("deck_id", "=", deckId).orderBy("position").orderBy("id").execute();
      const index = cards.findIndex((card) => card.id === cardId);
      const other = index < 0 ? undefined : cards[direction === "up" ? index - 1 : index + 1];
      if (index < 0 || !other) return false;
      // Numbered afresh in the new order: equal positions (never made here, but harmless) cannot stall a move.
      const order = cards.map((card) => card.id);
      [order[index], order[cards.indexOf(other)]] = [other.id, cardId];
      for (const [place, id] of order.entries())
        await trx
          .updateTable("flash_cards")
          .set({ position: place + 1 })
          .where("id", "=", id)
          .execute();
      return true;
    });
}

/** A deck's tags, each with how many cards carry it, by name: the filters of its study page. */
export function deckTags(deckId: number) {
  return db()
    .selectFrom(sql<{ tag: string }>`(select unnest(tags) as tag from flash_cards where deck_id = ${deckId})`.as("t"))
    .select(["t.tag", sql<number>`count(*)::int`.as("cards")])
    .groupBy("t.tag")
    .orderBy("t.tag")
    .limit(100)
    .execute();
}

export interface StudyCard {
  id: number;
  front: string;
  back: string;
  tags: string[];
  memory: CardMemory | null;
}

export interface StudyQueue {
  /** The card to study now: the most overdue reviewed card, else the first new one; null when none is due. */
  current: StudyCard | null;
  due: number;
  fresh: number;
  cards: number;
  /** When the next card comes due, when none is due now. */
  nextDue: Date | null;
}

const memoryOf = (row: {
  due: Date | null;
  stability: number | null;
  difficulty: number | null;
  elapsed_days: number | null;
  scheduled_days: number | null;
  learning_steps: number | null;
  reps: number | null;
  lapses: number | null;
  state: number | null;
  last_review: Date | null;
}): CardMemory | null =>
  row.due === null
    ? null
    : {
        due: row.due,
        stability: row.stability!,
        difficulty: row.difficulty!,
        elapsedDays: row.elapsed_days!,
        scheduledDays: row.scheduled_days!,
        learningSteps: row.learning_steps!,
        reps: row.reps!,
        lapses: row.lapses!,
        state: row.state!,
        lastReview: row.last_review,
      };

/** What a person studies in a deck now (only the cards with `tag`, when one is named), one query: every card with their memory of it. */
export async function studyQueue(deckId: number, userId: number, now: Date, tag: string | null = null): Promise<StudyQueue> {
  const rows = await db()
    .selectFrom("flash_cards as c")
    .leftJoin("flash_card_users as m", (join) => join.onRef("m.card_id", "=", "c.id").on("m.user_id", "=", userId))
    .select(["c.id", "c.front", "c.back", "c.tags", "m.due", "m.stability", "m.difficulty", "m.elapsed_days", "m.scheduled_days", "m.learning_steps", "m.reps", "m.lapses", "m.state", "m.last_review"])
    .where("c.deck_id", "=", deckId)
    .$if(tag !== null, (query) => query.where(sql<boolean>`${tag} = any(c.tags)`))
    .orderBy("c.position")
    .orderBy("c.id")
    .execute();
  const cards = rows.map((row): StudyCard => ({ id: row.id, front: row.front, back: row.back, tags: row.tags, memory: memoryOf(row) }));
  const reviewed = cards.filter((card) => card.memory !== null);
  const dueNow = reviewed.filter((card) => isDue(card.memory, now)).sort((a, b) => a.memory!.due.getTime() - b.memory!.due.getTime());
  const fresh = cards.filter((card) => card.memory === null);
  const later = reviewed.filter((card) => !isDue(card.memory, now)).map((card) => card.memory!.due.getTime());
  return {
    current: dueNow[0] ?? fresh[0] ?? null,
    due: dueNow.length,
    fresh: fresh.length,
    cards: cards.length,
    nextDue: dueNow.length === 0 && fresh.length === 0 && later.length > 0 ? new Date(Math.min(...later)) : null,
  };
}

/**
 * A person's grade of a card: its next schedule (FSRS) saved, and the grade kept. `seenReps` is
 * how many reviews the card had when the page showed it, so a form sent twice (a double click, a
 * resend after going back) grades once: the second finds the count moved and changes nothing.
 */
export async function gradeCard(input: {
  deckId: number;
  cardId: number;
  userId: number;
  grade: GradeValue;
  seenReps: number;
  now: Date;
}): Promise<{ kind: "graded"; due: Date } | { kind: "stale" } | Refused> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const card = await trx.selectFrom("flash_cards").select("id").where("id", "=", input.cardId).where("deck_id", "=", input.deckId).executeTakeFirst();
      if (!card) return { kind: "refused", status: 404, message: "This deck has no such card." } as const;
      const row = await trx.selectFrom("flash_card_users").selectAll().where("user_id", "=", input.userId).where("card_id", "=", input.cardId).forUpdate().executeTakeFirst();
      const memory = row ? memoryOf(row) : null;
      if ((memory?.reps ?? 0) !== input.seenReps) return { kind: "stale" } as const;
      const next = reviewCard(memory, input.grade, input.now);
      const values = {
        due: next.due,
        stability: next.stability,
        difficulty: next.difficulty,
        elapsed_days: next.elapsedDays,
        scheduled_days: next.scheduledDays,
        learning_steps: next.learningSteps,
        reps: next.reps,
        lapses: next.lapses,
        state: next.state,
        last_review: next.lastReview,
      };
      if (row) await trx.updateTable("flash_card_users").set(values).where("user_id", "=", input.userId).where("card_id", "=", input.cardId).execute();
      else {
        // Two first grades at once: the primary key lets one in; the other is the stale one.
        const inserted = await trx
          .insertInto("flash_card_users")
          .values({ user_id: input.userId, card_id: input.cardId, ...values })
          .onConflict((conflict) => conflict.doNothing())
          .returning("card_id")
          .executeTakeFirst();
        if (!inserted) return { kind: "stale" } as const;
      }
      await trx
        .insertInto("flash_card_reviews")
        .values({ user_id: input.userId, card_id: input.cardId, rating: input.grade, state_before: memory?.state ?? 0, reviewed_at: input.now, next_due: next.due })
        .execute();
      return { kind: "graded", due: next.due } as const;
    });
}

/** This person's grades in a deck: for its retention. */
export async function deckReviews(deckId: number, userId: number) {
  const rows = await db()
    .selectFrom("flash_card_reviews as r")
    .innerJoin("flash_cards as c", "c.id", "r.card_id")
    .select(["r.rating", "r.state_before"])
    .where("c.deck_id", "=", deckId)
    .where("r.user_id", "=", userId)
    .execute();
  return rows.map((row) => ({ rating: row.rating, stateBefore: row.state_before }));
}
