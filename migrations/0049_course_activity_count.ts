import type { Kysely } from "kysely";
import { runStatements } from "./support";

// The student dashboard shows every enrolled course's progress as completed of all activities.
// Counting each course's activities through its chapters and sections was half of the
// dashboard's time in PostgreSQL, on every visit, for a number that changes only when the outline
// does. The triggers that bump content_version (0013) now keep the count beside it, in the same
// transaction as the change. Each function body stays on one line: runStatements splits at
// line-ending semicolons.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table online_courses add column activity_count integer not null default 0;

    create function count_course_activities(course_id integer) returns integer language sql stable as $$ select count(*)::int from activities join sections on sections.id = activities.section_id join chapters on chapters.id = sections.chapter_id where chapters.online_course_id = course_id $$;

    update online_courses set activity_count = count_course_activities(id);

    create or replace function bump_content_version_of_chapter() returns trigger language plpgsql as $$ begin update online_courses set content_version = content_version + 1, activity_count = count_course_activities(id) where id in (select (case when tg_op = 'INSERT' then new else old end).online_course_id union select (case when tg_op = 'DELETE' then old else new end).online_course_id); return null; end $$;

    create or replace function bump_content_version_of_section() returns trigger language plpgsql as $$ begin update online_courses set content_version = content_version + 1, activity_count = count_course_activities(id) where id in (select chapters.online_course_id from chapters where chapters.id in ((case when tg_op = 'INSERT' then new else old end).chapter_id, (case when tg_op = 'DELETE' then old else new end).chapter_id)); return null; end $$;

    create or replace function bump_content_version_of_activity() returns trigger language plpgsql as $$ begin update online_courses set content_version = content_version + 1, activity_count = count_course_activities(id) where id in (select chapters.online_course_id from sections join chapters on chapters.id = sections.chapter_id where sections.id in ((case when tg_op = 'INSERT' then new else old end).section_id, (case when tg_op = 'DELETE' then old else new end).section_id)); return null; end $$
    `,
  );
}
