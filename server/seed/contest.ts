import type { Transaction } from "kysely";
import type { Database } from "../../app/db/schema";
import { CONTEST } from "../../app/programs/contest";

/**
 * The contest on first start (server/seed/seed.ts): two entries from demo students, one of them
 * marked a winner but not announced yet, so staff can announce it at /admin/contests. The demo
 * student has not entered: signed in as them, /contest shows the entry form.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedContest(trx: Transaction<Database>, ids: { user: (email: string) => number }, now: Date) {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const entries = await trx
    .insertInto("contest_entries")
    .values([
      {
        contest: CONTEST.key,
        user_id: ids.user("class_rep@demo.test"),
        title: "Teach it to an empty chair",
        body: "Before my organic chemistry final I explained every mechanism out loud to an empty chair, as if it were a classmate who had missed the lecture. Wherever I stumbled, I went back to the notes. By the third round I could explain all forty mechanisms without stopping, and I got an A-.",
        is_winner: true,
        created_at: daysAgo(6),
      },
      {
        contest: CONTEST.key,
        user_id: ids.user("brand_ambassador@demo.test"),
        title: "Spaced flash cards, ten minutes a day",
        body: "For calculus I wrote one flash card per theorem and per type of problem, then reviewed them ten minutes a day with spaced repetition from the first week of term. At exam time there was nothing left to cram.",
        created_at: daysAgo(3),
      },
    ])
    .returning("id")
    .execute();
  return { contest_entries: entries.length };
}
