import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { config } from "~/config/env.server";
import { db } from "~/db/db.server";
import { emulatedMeetings } from "~/meetings/emulator";
import type { MeetingRequest, MeetingService } from "~/meetings/service";
import { zoomMeetings } from "~/meetings/zoom.server";
import { singleton } from "~/utils/singleton.server";

/**
 * Meetings of live study session dates. With ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID and
 * ZOOM_CLIENT_SECRET set each date gets a Zoom meeting; without them the built-in emulator gives
 * it an id and the join address /meetings/{id}. The date keeps meeting_id, join_url and
 * meeting_synced_at. Meetings are made lazily (the first join of a date that has none), so demo
 * data and new sessions need no step of their own.
 */

let override: MeetingService | undefined;

/** Tests put a recording double in place of the configured service. */
export function useMeetingService(service: MeetingService | undefined) {
  override = service;
}

export function meetingService(): MeetingService {
  if (override) return override;
  return singleton("meeting-service", () => {
    const { ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET } = config();
    if (ZOOM_ACCOUNT_ID && ZOOM_CLIENT_ID && ZOOM_CLIENT_SECRET) {
      return zoomMeetings({ accountId: ZOOM_ACCOUNT_ID, clientId: ZOOM_CLIENT_ID, clientSecret: ZOOM_CLIENT_SECRET });
    }
    return emulatedMeetings(() => randomBytes(12).toString("hex"));
  });
}

export interface MeetingDate {
  id: number;
  start_time: Date;
  end_time: Date;
}

export interface MeetingSession {
  title: string;
  description: string;
}

export interface SyncedMeeting {
  meetingId: string;
  joinUrl: string;
}

const requestOf = (date: MeetingDate, session: MeetingSession): MeetingRequest => ({
  topic: session.title,
  agenda: session.description,
  start: date.start_time,
  end: date.end_time,
});

/**
 * Creates the date's meeting, or moves the one it has to the date's times, and stores it. The
 * date's row is locked meanwhile: two joins racing for a date without a meeting make one.
 */
export async function syncMeeting(date: MeetingDate, session: MeetingSession): Promise<SyncedMeeting> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const current = await trx
        .selectFrom("study_session_dates")
        .where("id", "=", date.id)
        .select(["meeting_id", "join_url", "start_time", "end_time"])
        .forUpdate()
        .executeTakeFirstOrThrow();
      const service = meetingService();
      const request = requestOf({ id: date.id, start_time: current.start_time, end_time: current.end_time }, session);
      let meeting: SyncedMeeting;
      if (current.meeting_id && current.join_url) {
        await service.update(current.meeting_id, request);
        meeting = { meetingId: current.meeting_id, joinUrl: current.join_url };
      } else {
        meeting = await service.create(request);
      }
      await trx
        .updateTable("study_session_dates")
        .set({ meeting_id: meeting.meetingId, join_url: meeting.joinUrl, meeting_synced_at: sql`now()` })
        .where("id", "=", date.id)
        .execute();
      return meeting;
    });
}

/**
 * The date's meeting, made now if it has none (the join link's first use), and moved first when
 * the date was edited since it was last synced (the editor clears meeting_synced_at).
 */
export async function ensureMeeting(date: MeetingDate, session: MeetingSession): Promise<SyncedMeeting> {
  const current = await db().selectFrom("study_session_dates").where("id", "=", date.id).select(["meeting_id", "join_url", "meeting_synced_at"]).executeTakeFirst();
  if (current?.meeting_id && current.join_url && current.meeting_synced_at) return { meetingId: current.meeting_id, joinUrl: current.join_url };
  return syncMeeting(date, session);
}

export interface EmulatedMeeting {
  meetingId: string;
  dateId: number;
  start_time: Date;
  end_time: Date;
  sessionId: number;
  title: string;
  disable_zoom: boolean;
}

/** The date a meeting id belongs to, with its session: what the emulator's page shows. */
export async function findMeeting(meetingId: string): Promise<EmulatedMeeting | undefined> {
  const row = await db()
    .selectFrom("study_session_dates")
    .innerJoin("study_sessions", "study_sessions.id", "study_session_dates.study_session_id")
    .where("study_session_dates.meeting_id", "=", meetingId)
    .select([
      "study_session_dates.id as dateId",
      "study_session_dates.start_time",
      "study_session_dates.end_time",
      "study_sessions.id as sessionId",
      "study_sessions.title",
      "study_sessions.disable_zoom",
    ])
    .executeTakeFirst();
  return row ? { meetingId, ...row } : undefined;
}
