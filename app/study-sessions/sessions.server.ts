import { hasInstructorPage } from "~/catalog/educators.server";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { Currency, StudySessionAttachmentKind, StudySessionType } from "~/db/schema";

/**
 * One live study session as its page and the other study-session modules read it: the session,
 * its dates (soonest first), the courses it is offered for, its instructor and its attachments,
 * in four queries whatever their number.
 */

export interface StudySessionDate {
  id: number;
  start_time: Date;
  end_time: Date;
  meeting_id: string | null;
  join_url: string | null;
}

export interface StudySessionAttachment {
  id: number;
  kind: StudySessionAttachmentKind;
  position: number;
  name: string;
  file_name: string;
  content_type: string;
  byte_size: number;
  study_session_date_id: number | null;
}

export interface StudySessionDetails {
  id: number;
  title: string;
  description: string;
  session_type: StudySessionType;
  price_cents: number;
  regular_price_cents: number | null;
  currency: Currency;
  disable_zoom: boolean;
  booklet_excluded: boolean;
  solutions_excluded: boolean;
  recording_excluded: boolean;
  instructor_pending: boolean;
  expires_at: Date | null;
  instructor: { id: number; name: string; hasPage: boolean } | null;
  dates: StudySessionDate[];
  courses: { id: number; code: string; name: string; slug: string }[];
  attachments: StudySessionAttachment[];
}

export async function findStudySession(id: number, executor: Executor = db()): Promise<StudySessionDetails | undefined> {
  const session = await executor
    .selectFrom("study_sessions")
    .leftJoin("users", "users.id", "study_sessions.instructor_id")
    .where("study_sessions.id", "=", id)
    .select([
      "study_sessions.id",
      "study_sessions.title",
      "study_sessions.description",
      "study_sessions.session_type",
      "study_sessions.price_cents",
      "study_sessions.regular_price_cents",
      "study_sessions.currency",
      "study_sessions.disable_zoom",
      "study_sessions.booklet_excluded",
      "study_sessions.solutions_excluded",
      "study_sessions.recording_excluded",
      "study_sessions.instructor_pending",
      "study_sessions.expires_at",
      "users.id as instructor_id",
      "users.first_name as instructor_first_name",
      "users.last_name as instructor_last_name",
      hasInstructorPage.as("instructor_has_page"),
    ])
    .executeTakeFirst();
  if (!session) return undefined;
  const [dates, courses, attachments] = await Promise.all([
    executor
      .selectFrom("study_session_dates")
      .where("study_session_id", "=", id)
      .select(["id", "start_time", "end_time", "meeting_id", "join_url"])
      .orderBy("start_time")
      .orderBy("id")
      .execute(),
    executor
      .selectFrom("study_session_courses")
      .innerJoin("courses", "courses.id", "study_session_courses.course_id")
      .where("study_session_courses.study_session_id", "=", id)
      .select(["courses.id", "courses.code", "courses.name", "courses.slug"])
      .orderBy("courses.code")
      .execute(),
    executor
      .selectFrom("study_session_attachments")
      .where("study_session_id", "=", id)
      .select(["id", "kind", "position", "name", "file_name", "content_type", "byte_size", "study_session_date_id"])
      .orderBy("position")
      .orderBy("id")
      .execute(),
  ]);
  const { instructor_id, instructor_first_name, instructor_last_name, instructor_has_page, ...rest } = session;
  return {
    ...rest,
    instructor:
      instructor_id === null
        ? null
        : {
            id: instructor_id,
            name: `${instructor_first_name ?? ""} ${instructor_last_name ?? ""}`.trim(),
            hasPage: Boolean(instructor_has_page),
          },
    dates,
    courses,
    attachments,
  };
}
