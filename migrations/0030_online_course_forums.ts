import type { Kysely } from "kysely";
import { runStatements } from "./support";

// Online courses' own boards (SPEC §1 a forum): a forum post belongs to a course's board or to an
// online course's, never both. Posts and replies their authors edited say so.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table forum_posts
      alter column course_id drop not null,
      add column online_course_id integer references online_courses(id) on delete cascade,
      add constraint forum_posts_one_board check (num_nonnulls(course_id, online_course_id) = 1),
      add column edited_at timestamptz;
    alter table forum_replies add column edited_at timestamptz;
    create index forum_posts_online_course_idx on forum_posts (online_course_id, (pinned_at is null), last_activity_at desc, id desc) where online_course_id is not null;
    `
  );
}
