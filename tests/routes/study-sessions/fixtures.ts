import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, StudySessionAttachmentKind } from "../../../app/db/schema";
import { saveFile } from "../../../app/files/storage.server";

/** Study sessions made for one test, dated relative to now: what the session page, join and attachments answer. */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const unique = () => randomBytes(5).toString("hex");

export interface SessionFixture {
  price?: number;
  /** Hours from now to the first date's start, and its length in hours. */
  startsInHours?: number;
  hours?: number;
  disableZoom?: boolean;
  exclusions?: Partial<Record<"booklet_excluded" | "solutions_excluded" | "recording_excluded", boolean>>;
  attachments?: StudySessionAttachmentKind[];
  withCourse?: boolean;
}

export async function makeSession(db: Kysely<Database>, fixture: SessionFixture = {}) {
  const now = Date.now();
  const start = now + (fixture.startsInHours ?? 48) * HOUR_MS;
  const session = await db
    .insertInto("study_sessions")
    .values({
      title: `Test session ${unique()}`,
      description: "A session made by a test.",
      session_type: "exam_prep",
      price_cents: fixture.price ?? 0,
      currency: "CAD",
      disable_zoom: fixture.disableZoom ?? false,
      ...fixture.exclusions,
    })
    .returning(["id", "title"])
    .executeTakeFirstOrThrow();
  const date = await db
    .insertInto("study_session_dates")
    .values({ study_session_id: session.id, start_time: new Date(start), end_time: new Date(start + (fixture.hours ?? 2) * HOUR_MS) })
    .returning("id")
    .executeTakeFirstOrThrow();
  let courseId: number | null = null;
  if (fixture.withCourse ?? true) {
    const course = await db.selectFrom("courses").select("id").orderBy("id").executeTakeFirstOrThrow();
    await db.insertInto("study_session_courses").values({ study_session_id: session.id, course_id: course.id }).execute();
    courseId = course.id;
  }
  const attachments: Partial<Record<StudySessionAttachmentKind, number>> = {};
  for (const [position, kind] of (fixture.attachments ?? []).entries()) {
    const video = kind === "recording";
    const name = `test-${kind}-${unique()}.${video ? "mp4" : "pdf"}`;
    const bytes = video ? new Uint8Array(4096).map((_, i) => i % 251) : new TextEncoder().encode("%PDF-1.4\n%%EOF\n");
    await saveFile("study-session-files", name, bytes);
    const row = await db
      .insertInto("study_session_attachments")
      .values({
        study_session_id: session.id,
        kind,
        position,
        name: `${kind} file`,
        file_name: name,
        content_type: video ? "video/mp4" : "application/pdf",
        byte_size: bytes.byteLength,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    attachments[kind] = row.id;
  }
  return { id: session.id, title: session.title, dateId: date.id, courseId, attachments };
}

export async function makeStudent(db: Kysely<Database>) {
  return db
    .insertInto("users")
    .values({ email: `ss-${unique()}@example.test`, password_hash: "not-used", first_name: "Sam", last_name: "Lee", roles: [], confirmed_at: new Date() })
    .returning(["id", "email"])
    .executeTakeFirstOrThrow();
}

export async function enrol(db: Kysely<Database>, sessionId: number, userId: number, options: { extendedAccess?: Date; status?: "active" | "refunded" } = {}) {
  return db
    .insertInto("study_session_users")
    .values({ study_session_id: sessionId, user_id: userId, status: options.status ?? "active", extended_access_date: options.extendedAccess ?? null })
    .returning("id")
    .executeTakeFirstOrThrow();
}

export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
