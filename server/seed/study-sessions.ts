import type { Transaction } from "kysely";
import type { Database } from "../../app/db/schema";
import { demoLiveSessions } from "./data/live-sessions";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";
import { demoStudySessionFiles } from "./lesson-media";

/**
 * Live study sessions that show every state of the session page on first start, dated relative
 * to when the seed runs: one live now (started 30 minutes ago), upcoming ones, past ones whose
 * recording is still open (within 21 days) and one past its access, free and paid in CAD and USD,
 * with a booklet, solutions, a preview and a recording. The demo student is registered for the
 * live one, an upcoming one and two past ones. Part of the seed's one transaction (seed.ts).
 */

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface StudySessionSeedSummary {
  study_sessions: number;
  study_session_dates: number;
  study_session_courses: number;
  study_session_users: number;
  study_session_attachments: number;
}

/** Inserts the demo live sessions with a fixed number of bulk inserts. */
export async function seedDemoStudySessions(
  trx: Transaction<Database>,
  ids: { user: (email: string) => number; course: (slug: string) => number },
  now: Date,
): Promise<StudySessionSeedSummary> {
  const rows = await trx
    .insertInto("study_sessions")
    .values(
      demoLiveSessions.map((session) => ({
        title: session.title,
        description: session.description,
        session_type: session.sessionType,
        instructor_id: session.instructorEmail ? ids.user(session.instructorEmail) : null,
        instructor_pending: session.instructorEmail === null,
        price_cents: session.priceCents,
        regular_price_cents: session.regularPriceCents,
        currency: session.currency,
        disable_zoom: session.disableZoom ?? false,
        created_at: new Date(now.getTime() - 50 * DAY_MS),
      })),
    )
    .returning(["id", "title"])
    .execute();
  const idOf = new Map(rows.map((row) => [row.title, row.id]));
  const sessionId = (title: string) => idOf.get(title)!;

  const dateValues = demoLiveSessions.flatMap((session) =>
    session.dates.map((date) => {
      const start = now.getTime() + date.startMinutes * MINUTE_MS;
      return { study_session_id: sessionId(session.title), start_time: new Date(start), end_time: new Date(start + date.minutes * MINUTE_MS) };
    }),
  );
  const dates = await trx.insertInto("study_session_dates").values(dateValues).returning(["id", "study_session_id"]).execute();
  const firstDate = new Map<number, number>();
  for (const date of dates) if (!firstDate.has(date.study_session_id)) firstDate.set(date.study_session_id, date.id);

  const courseValues = demoLiveSessions.flatMap((session) => session.courses.map((slug) => ({ study_session_id: sessionId(session.title), course_id: ids.course(slug) })));
  await trx.insertInto("study_session_courses").values(courseValues).execute();

  const student = ids.user(`student@${DEMO_EMAIL_DOMAIN}`);
  const enrolled = demoLiveSessions.filter((session) => session.studentEnrolled);
  await trx
    .insertInto("study_session_users")
    .values(
      enrolled.map((session) => ({
        study_session_id: sessionId(session.title),
        user_id: student,
        status: "active" as const,
        course_id: ids.course(session.courses[0]!),
        confirmation_sent_at: now,
      })),
    )
    .execute();

  const files = new Map(demoStudySessionFiles().map((file) => [`${file.sessionTitle}/${file.position}`, file]));
  const attachmentValues = demoLiveSessions.flatMap((session) =>
    session.attachments.map((attachment, position) => {
      const file = files.get(`${session.title}/${position}`)!;
      const id = sessionId(session.title);
      return {
        study_session_id: id,
        study_session_date_id: attachment.kind === "recording" ? (firstDate.get(id) ?? null) : null,
        kind: attachment.kind,
        position,
        name: attachment.name,
        file_name: file.name,
        content_type: file.contentType,
        byte_size: file.bytes.byteLength,
      };
    }),
  );
  await trx.insertInto("study_session_attachments").values(attachmentValues).execute();

  return {
    study_sessions: rows.length,
    study_session_dates: dates.length,
    study_session_courses: courseValues.length,
    study_session_users: enrolled.length,
    study_session_attachments: attachmentValues.length,
  };
}
