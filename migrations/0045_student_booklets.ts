import type { Kysely } from "kysely";
import { runStatements } from "./support";

// Course booklets for students (/courses/{idOrSlug}/booklet): a booklet is of an edition (the
// managers' with the answer key, or the students' without it) and remembers the content version it
// was made from, so a ready one is reused until the course changes. One booklet per course and
// edition is made at a time (a partial unique index: two students asking at once make one job),
// and everyone who asked while it was being made is told once it is ready.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table online_course_booklets
      add column edition text not null default 'manager' check (edition in ('manager', 'student')),
      add column content_version integer;
    update online_course_booklets set status = 'failed', finished_at = now()
      where status = 'generating'
        and id not in (select max(id) from online_course_booklets where status = 'generating' group by online_course_id);
    create unique index online_course_booklets_one_generating on online_course_booklets (online_course_id, edition) where status = 'generating';
    create index online_course_booklets_edition_idx on online_course_booklets (online_course_id, edition, id desc);

    create table online_course_booklet_requests (
      booklet_id integer not null references online_course_booklets(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (booklet_id, user_id)
    );
    create index online_course_booklet_requests_user_idx on online_course_booklet_requests (user_id);
    `,
  );
}
