import type { ActionFunctionArgs } from "@remix-run/node";
import { serialize } from "~/api/document";
import { ApiError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed } from "~/api/handler.server";
import { syncMeeting } from "~/meetings/meetings.server";
import { requireManagedStudySession } from "~/study-sessions/session-access.server";

const ROUTE = "routes/api+/v1+/study_sessions+/$id.zoom_sync";

/**
 * PUT /api/v1/study_sessions/{id}/zoom_sync (SPEC §7): creates each date's meeting, or moves the
 * one it has to the date's times (Zoom with credentials, the built-in emulator without), and
 * answers the dates with their meetings. 409 when the session is held without meetings.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
    const { studySession } = await requireManagedStudySession(request, ROUTE, params.id);
    if (studySession.disable_zoom) throw new ApiError(409, "zoom_disabled", "This session is held without online meetings.");
    const synced: { id: number; start_time: Date; end_time: Date; meeting_id: string; join_url: string }[] = [];
    for (const date of studySession.dates) {
      const meeting = await syncMeeting(date, { title: studySession.title, description: studySession.description });
      synced.push({ id: date.id, start_time: date.start_time, end_time: date.end_time, meeting_id: meeting.meetingId, join_url: meeting.joinUrl });
    }
    return apiResponse(
      serialize(
        { type: "studySessionDate", attributes: (row: (typeof synced)[number]) => ({ start_time: row.start_time, end_time: row.end_time, meeting_id: row.meeting_id, join_url: row.join_url }) },
        synced,
      ),
    );
  });
}

export async function loader() {
  return methodNotAllowed(["PUT"]);
}
