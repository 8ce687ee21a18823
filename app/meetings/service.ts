/**
 * The far end of a live study session's meeting: Zoom, or the built-in emulator. Both answer the
 * same two calls, so the code that creates and moves meetings is one path whatever the
 * configuration (app/meetings/meetings.server.ts).
 */
export interface MeetingRequest {
  topic: string;
  agenda: string;
  start: Date;
  end: Date;
}

export interface MeetingService {
  kind: "zoom" | "emulator";
  create(meeting: MeetingRequest): Promise<{ meetingId: string; joinUrl: string }>;
  update(meetingId: string, meeting: MeetingRequest): Promise<void>;
}
