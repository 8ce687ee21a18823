import type { Kysely } from "kysely";
import { runStatements } from "./support";

// The in-course page keeps each course's outline (chapters, sections, activities) in process
// memory, keyed by this version. Triggers bump it in the transaction of every write to the
// outline's tables, whatever writes them, so a cached outline is never used after a change
// has committed. Each function body stays on one line: runStatements splits at line-ending semicolons.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table online_courses add column content_version integer not null default 0;

    create function bump_content_version_of_chapter() returns trigger language plpgsql as $$ begin update online_courses set content_version = content_version + 1 where id in (select (case when tg_op = 'INSERT' then new else old end).online_course_id union select (case when tg_op = 'DELETE' then old else new end).online_course_id); return null; end $$;
    create trigger chapters_bump_content_version after insert or update or delete on chapters for each row execute function bump_content_version_of_chapter();

    create function bump_content_version_of_section() returns trigger language plpgsql as $$ begin update online_courses set content_version = content_version + 1 where id in (select chapters.online_course_id from chapters where chapters.id in ((case when tg_op = 'INSERT' then new else old end).chapter_id, (case when tg_op = 'DELETE' then old else new end).chapter_id)); return null; end $$;
    create trigger sections_bump_content_version after insert or update or delete on sections for each row execute function bump_content_version_of_section();

    create function bump_content_version_of_activity() returns trigger language plpgsql as $$ begin update online_courses set content_version = content_version + 1 where id in (select chapters.online_course_id from sections join chapters on chapters.id = sections.chapter_id where sections.id in ((case when tg_op = 'INSERT' then new else old end).section_id, (case when tg_op = 'DELETE' then old else new end).section_id)); return null; end $$;
    create trigger activities_bump_content_version after insert or update or delete on activities for each row execute function bump_content_version_of_activity();
    `,
  );
}
