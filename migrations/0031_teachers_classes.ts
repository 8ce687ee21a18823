import type { Kysely } from "kysely";
import { runStatements } from "./support";

// Teachers' classes (SPEC §3 courseSections, courseAssignments, courseAssignmentUsers,
// courseAssessments): a class is a catalogue course taught in one term; its students join with
// its code. Grades are one row per student and assessment, so two teachers editing different
// cells never touch each other's rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table course_sections (
      id serial primary key,
      course_id integer not null references courses(id) on delete cascade,
      term text not null check (term in ('winter', 'summer', 'fall')),
      year integer not null check (year between 2000 and 2100),
      class_code text not null unique check (class_code ~ '^[A-Z2-9]{7}$'),
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now()
    );
    create table course_section_users (
      course_section_id integer not null references course_sections(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      role text not null check (role in ('teacher', 'student')),
      joined_at timestamptz not null default now(),
      primary key (course_section_id, user_id)
    );
    create index course_section_users_user_idx on course_section_users (user_id, role);
    create table course_assignments (
      id serial primary key,
      course_section_id integer not null references course_sections(id) on delete cascade,
      kind text not null check (kind in ('activity', 'quiz', 'reading')),
      title text not null check (length(title) between 1 and 200),
      instructions text not null default '',
      activity_id integer references activities(id) on delete restrict,
      due_at timestamptz not null,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      constraint course_assignments_activity check ((kind = 'reading') = (activity_id is null))
    );
    create index course_assignments_section_idx on course_assignments (course_section_id, due_at);
    create table course_assignment_users (
      course_assignment_id integer not null references course_assignments(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      submitted_at timestamptz not null default now(),
      quiz_attempt_id integer references quiz_attempts(id) on delete set null,
      feedback text not null default '',
      primary key (course_assignment_id, user_id)
    );
    create table course_assessments (
      id serial primary key,
      course_section_id integer not null references course_sections(id) on delete cascade,
      title text not null check (length(title) between 1 and 200),
      category text not null check (length(category) between 1 and 60),
      weight integer not null check (weight between 1 and 1000),
      course_assignment_id integer unique references course_assignments(id) on delete cascade,
      created_at timestamptz not null default now()
    );
    create index course_assessments_section_idx on course_assessments (course_section_id, id);
    create table course_assessment_grades (
      course_assessment_id integer not null references course_assessments(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      grade numeric(5, 2) not null check (grade between 0 and 100),
      updated_by integer references users(id) on delete set null,
      updated_at timestamptz not null default now(),
      primary key (course_assessment_id, user_id)
    );
    `
  );
}
