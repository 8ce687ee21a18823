import type { Kysely } from "kysely";
import { runStatements } from "./support";

// The class-rep programme (SPEC §3 classRepCourses, classRepCourseReports): a student applies to
// be the rep of a catalogue course; staff approve (a class_rep_courses row, the rep's wizard and
// workspace for that course) or decline. Reps file one report per period per course, which staff
// mark reviewed with a comment.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table class_rep_applications (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      course_id integer not null references courses(id) on delete cascade,
      status text not null default 'pending' check (status in ('pending', 'approved', 'declined')),
      motivation text not null check (length(motivation) between 1 and 2000),
      year text not null check (length(year) between 1 and 20),
      outreach text not null check (length(outreach) between 1 and 2000),
      reviewed_by integer references users(id) on delete set null,
      reviewed_at timestamptz,
      created_at timestamptz not null default now(),
      constraint class_rep_applications_reviewed check ((status = 'pending') = (reviewed_at is null))
    );
    create unique index class_rep_applications_open_idx on class_rep_applications (user_id, course_id) where status = 'pending';
    create index class_rep_applications_status_idx on class_rep_applications (status, created_at);
    create table class_rep_courses (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      course_id integer not null references courses(id) on delete cascade,
      application_id integer unique references class_rep_applications(id) on delete set null,
      wizard_step text not null default 'profile' check (wizard_step in ('profile', 'schedule', 'referral', 'announcement', 'done')),
      announcement_title text check (length(announcement_title) between 1 and 120),
      announcement_body text check (length(announcement_body) between 1 and 4000),
      announced_at timestamptz,
      created_at timestamptz not null default now(),
      unique (user_id, course_id),
      constraint class_rep_courses_announcement check ((announcement_title is null) = (announced_at is null) and (announcement_body is null) = (announced_at is null))
    );
    create index class_rep_courses_course_idx on class_rep_courses (course_id);
    create table class_rep_course_reports (
      id serial primary key,
      class_rep_course_id integer not null references class_rep_courses(id) on delete cascade,
      period_kind text not null check (period_kind in ('week', 'month')),
      period_start date not null,
      activities text not null check (length(activities) between 1 and 2000),
      classmates_reached integer not null check (classmates_reached between 0 and 100000),
      notes text not null default '' check (length(notes) <= 4000),
      status text not null default 'submitted' check (status in ('submitted', 'reviewed')),
      review_comment text not null default '' check (length(review_comment) <= 2000),
      reviewed_by integer references users(id) on delete set null,
      reviewed_at timestamptz,
      created_at timestamptz not null default now(),
      constraint class_rep_course_reports_period_key unique (class_rep_course_id, period_kind, period_start),
      constraint class_rep_course_reports_reviewed check ((status = 'submitted') = (reviewed_at is null))
    );
    create index class_rep_course_reports_status_idx on class_rep_course_reports (status, created_at);
    `
  );
}
