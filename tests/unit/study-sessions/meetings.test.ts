import { describe, expect, it } from "vitest";
import { emulatedMeetings } from "~/meetings/emulator";
import { zoomMeetings, ZoomError } from "~/meetings/zoom.server";

const meeting = { topic: "MATH 137 Review", agenda: "Limits", start: new Date("2026-12-01T23:00:00.000Z"), end: new Date("2026-12-02T01:30:00.000Z") };

/** A fetch that answers Zoom's token and meetings endpoints and records the calls. */
function fakeZoom(options: { refuseToken?: boolean } = {}) {
  const calls: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetcher = (async (url: string, init: RequestInit = {}) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    calls.push({ url, method: init.method ?? "GET", headers, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url.startsWith("https://zoom.us/oauth/token")) {
      return options.refuseToken ? new Response("{}", { status: 401 }) : Response.json({ access_token: "token-1", expires_in: 3600 });
    }
    if (url.endsWith("/users/me/meetings")) return Response.json({ id: 85_012_345_678, join_url: "https://zoom.us/j/85012345678?pwd=x" }, { status: 201 });
    return new Response(null, { status: 204 });
  }) as typeof fetch;
  return { calls, fetcher };
}

describe("the Zoom meeting service", () => {
  it("gets an account-credentials token once, creates a scheduled meeting and moves it", async () => {
    const { calls, fetcher } = fakeZoom();
    const zoom = zoomMeetings({ accountId: "acct", clientId: "id", clientSecret: "secret" }, fetcher);
    expect(await zoom.create(meeting)).toEqual({ meetingId: "85012345678", joinUrl: "https://zoom.us/j/85012345678?pwd=x" });
    await zoom.update("85012345678", { ...meeting, end: new Date("2026-12-02T00:00:00.000Z") });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "POST https://zoom.us/oauth/token?grant_type=account_credentials&account_id=acct",
      "POST https://api.zoom.us/v2/users/me/meetings",
      "PATCH https://api.zoom.us/v2/meetings/85012345678",
    ]);
    expect(calls[0]!.headers.authorization).toBe(`Basic ${Buffer.from("id:secret").toString("base64")}`);
    expect(calls[1]!.headers.authorization).toBe("Bearer token-1");
    expect(calls[1]!.body).toMatchObject({ topic: "MATH 137 Review", type: 2, start_time: "2026-12-01T23:00:00Z", duration: 150, timezone: "UTC" });
    expect(calls[2]!.body).toMatchObject({ duration: 60 });
  });

  it("fails with a ZoomError when Zoom refuses the credentials", async () => {
    const { fetcher } = fakeZoom({ refuseToken: true });
    await expect(zoomMeetings({ accountId: "a", clientId: "b", clientSecret: "c" }, fetcher).create(meeting)).rejects.toBeInstanceOf(ZoomError);
  });
});

describe("the meeting emulator", () => {
  it("gives each meeting its own id and the app's meeting page as the join address", async () => {
    let n = 0;
    const emulator = emulatedMeetings(() => String(++n).padStart(24, "0"));
    expect(await emulator.create(meeting)).toEqual({ meetingId: "emu-000000000000000000000001", joinUrl: "/meetings/emu-000000000000000000000001" });
    expect((await emulator.create(meeting)).meetingId).toBe("emu-000000000000000000000002");
  });
});
