import type { Kysely } from "kysely";
import { runStatements } from "./support";

// A class's planner (SPEC §3 courseLessons, courseSchedules, courseScheduleEvents): lessons and
// schedule events on days of the class's term. A class has one schedule (a unique index), made
// the first time an event is added. Days are dates (no time zone); an event may have a time.
// The class's teachers (courseInstructors) stay rows of course_section_users with the role teacher.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table course_lessons (
      id serial primary key,
      course_section_id integer not null references course_sections(id) on delete cascade,
      title text not null check (length(title) between 1 and 200),
      notes text not null default '' check (length(notes) <= 5000),
      on_date date not null,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now()
    );
    create index course_lessons_section_idx on course_lessons (course_section_id, on_date);
    create table course_schedules (
      id serial primary key,
      course_section_id integer not null unique references course_sections(id) on delete cascade,
      created_at timestamptz not null default now()
    );
    create table course_schedule_events (
      id serial primary key,
      course_schedule_id integer not null references course_schedules(id) on delete cascade,
      title text not null check (length(title) between 1 and 200),
      kind text not null check (kind in ('test', 'holiday', 'other')),
      on_date date not null,
      at_time time,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now()
    );
    create index course_schedule_events_schedule_idx on course_schedule_events (course_schedule_id, on_date);
    `
  );
}
