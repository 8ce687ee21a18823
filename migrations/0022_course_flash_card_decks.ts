import type { Kysely } from "kysely";
import { runStatements } from "./support";

// Course decks on the flash-card engine (SPEC §1, §2 in-course flash-cards/{id}, /mcat-flash-cards):
// an online course's flash-card activity studies one deck of the course (activity_id, at most one
// deck per activity), grouped by its subject on /mcat-flash-cards. The cards such activities kept
// in their content move into the deck, so there is one place a card lives.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table flash_card_decks
      add column activity_id integer unique references activities(id) on delete cascade,
      add column subject text check (length(subject) between 1 and 80),
      add constraint flash_card_decks_activity_course check (activity_id is null or online_course_id is not null);

    insert into flash_card_decks (title, online_course_id, activity_id, subject)
    select left(a.title, 120), c.online_course_id, a.id, left(c.title, 80)
    from activities a
    join sections s on s.id = a.section_id
    join chapters c on c.id = s.chapter_id
    where a.activity_type = 'flash_card_deck' and length(a.title) > 0;

    insert into flash_cards (deck_id, front, back, position)
    select d.id, left(card ->> 'front', 4000), left(card ->> 'back', 4000), ord
    from flash_card_decks d
    join activities a on a.id = d.activity_id
    cross join lateral jsonb_array_elements(case when jsonb_typeof(a.content -> 'cards') = 'array' then a.content -> 'cards' else '[]'::jsonb end) with ordinality as e(card, ord)
    where length(coalesce(card ->> 'front', '')) > 0 and length(coalesce(card ->> 'back', '')) > 0;

    update activities set content = content - 'cards' where activity_type = 'flash_card_deck' and content ? 'cards';
    `
  );
}
