import type { MeetingRequest, MeetingService } from "~/meetings/service";

/**
 * Zoom through a server-to-server OAuth app (account credentials): a token from
 * https://zoom.us/oauth/token, kept until a minute before it expires, then meetings created with
 * POST /v2/users/me/meetings and moved with PATCH /v2/meetings/{id}.
 */

const OAUTH_URL = "https://zoom.us/oauth/token";
const API_URL = "https://api.zoom.us/v2";

export interface ZoomCredentials {
  accountId: string;
  clientId: string;
  clientSecret: string;
}

export class ZoomError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ZoomError";
  }
}

function meetingBody(meeting: MeetingRequest) {
  return {
    topic: meeting.topic.slice(0, 200),
    // 2: a scheduled meeting.
    type: 2,
    start_time: meeting.start.toISOString().replace(/\.\d{3}Z$/, "Z"),
    duration: Math.max(1, Math.round((meeting.end.getTime() - meeting.start.getTime()) / 60_000)),
    timezone: "UTC",
    agenda: meeting.agenda.slice(0, 2000),
    settings: { join_before_host: false, waiting_room: true },
  };
}

export function zoomMeetings(credentials: ZoomCredentials, fetcher: typeof fetch = fetch): MeetingService {
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const url = `${OAUTH_URL}?grant_type=account_credentials&account_id=${encodeURIComponent(credentials.accountId)}`;
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString("base64");
    const answer = await fetcher(url, { method: "POST", headers: { Authorization: `Basic ${basic}` } });
    if (!answer.ok) throw new ZoomError(`Zoom refused the app's credentials (${answer.status})`, answer.status);
    const body = (await answer.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call(method: string, path: string, body: unknown) {
    const answer = await fetcher(`${API_URL}${path}`, {
      method,
      headers: { Authorization: `Bearer ${await accessToken()}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new ZoomError(`Zoom answered ${answer.status} to ${method} ${path}`, answer.status);
    return answer.status === 204 ? null : ((await answer.json()) as Record<string, unknown>);
  }

  return {
    kind: "zoom",
    async create(meeting) {
      const created = await call("POST", "/users/me/meetings", meetingBody(meeting));
      return { meetingId: String(created!.id), joinUrl: String(created!.join_url) };
    },
    async update(meetingId, meeting) {
      await call("PATCH", `/meetings/${encodeURIComponent(meetingId)}`, meetingBody(meeting));
    },
  };
}
