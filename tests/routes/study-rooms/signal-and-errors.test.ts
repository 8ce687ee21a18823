import { describe, expect, it } from "vitest";
import { action as inviteAction } from "~/routes/study-rooms+/invites.$id";
import { action as roomAction } from "~/routes/study-rooms+/$slug";
import { action as roomsAction } from "~/routes/study-rooms+/_index";
import { action as errorsAction, loader as errorsLoader } from "~/routes/study-rooms+/$slug_.errors";
import { action as signalAction, loader as signalLoader } from "~/routes/study-rooms+/$slug_.signal";
import { roomErrorRateLimit } from "~/study-rooms/room-errors.server";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";

const database = useTestDatabase();

async function visitorFor(email: string) {
  const { id } = await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return { id, visitor: routeVisitor({ session: await sessionCookieFor(id) }) };
}

/** A room of the demo student's with the tutor in it, and a stranger outside it. */
async function roomWithTwo() {
  const host = await visitorFor("student@demo.test");
  const tutor = await visitorFor("jordan.pham@demo.test");
  const stranger = await visitorFor("class_rep@demo.test");
  const made = await host.visitor.form(roomsAction, "/study-rooms", { name: "Calculus call" });
  const slug = made.headers.get("Location")!.replace("/study-rooms/", "");
  await host.visitor.form(roomAction, `/study-rooms/${slug}`, { intent: "invite", user_id: String(tutor.id) }, { params: { slug } });
  const invite = await database()
    .db.selectFrom("study_room_invites")
    .innerJoin("study_rooms", "study_rooms.id", "study_room_invites.room_id")
    .select("study_room_invites.id")
    .where("study_rooms.slug", "=", slug)
    .executeTakeFirstOrThrow();
  const joined = await tutor.visitor.form(inviteAction, `/study-rooms/invites/${invite.id}`, { intent: "accept" }, { params: { id: String(invite.id) } });
  expect(joined.status).toBe(302);
  return { slug, host, tutor, stranger };
}

async function signalsTo(userId: number) {
  const rows = await database().db.selectFrom("realtime_events").select(["action", "payload"]).where("channel", "=", `user:${userId}`).where("action", "=", "DISPATCH_ACTION").orderBy("id").execute();
  return rows.map((row) => (row.payload as { study_room_signal: unknown }).study_room_signal);
}

const offer = { type: "offer", sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\n" };

describe("POST /study-rooms/{slug}/signal", () => {
  const send = (visitor: RouteVisitor, slug: string, body: unknown) => visitor.api(signalAction, "POST", `/study-rooms/${slug}/signal`, body, { params: { slug } });

  it("passes a member's signal to the other member's own channel, naming the room and the sending tab", async () => {
    const { slug, host, tutor } = await roomWithTwo();
    expect((await send(host.visitor, slug, { to: tutor.id, client_id: "tab-a", signal: { type: "hello" } })).status).toBe(202);
    const answered = await send(host.visitor, slug, { to: tutor.id, client_id: "tab-a", to_client: "tab-b", signal: { ...offer, extra: "dropped" } });
    expect(answered.status).toBe(202);
    const late = { candidate: "candidate:1 1 udp 2122260223 192.0.2.10 54400 typ host", sdpMid: "0", sdpMLineIndex: 0 };
    expect((await send(host.visitor, slug, { to: tutor.id, client_id: "tab-a", to_client: "tab-b", signal: { type: "candidate", candidate: late } })).status).toBe(202);
    expect(await signalsTo(tutor.id)).toEqual([
      { room: slug, from: host.id, from_client: "tab-a", to_client: null, signal: { type: "hello" } },
      { room: slug, from: host.id, from_client: "tab-a", to_client: "tab-b", signal: offer },
      { room: slug, from: host.id, from_client: "tab-a", to_client: "tab-b", signal: { type: "candidate", candidate: late } },
    ]);
    // The tutor answers on the host's channel; nothing went to the sender's own.
    expect((await send(tutor.visitor, slug, { to: host.id, client_id: "tab-b", to_client: "tab-a", signal: { type: "bye", reason: "left" } })).status).toBe(202);
    expect(await signalsTo(host.id)).toEqual([{ room: slug, from: tutor.id, from_client: "tab-b", to_client: "tab-a", signal: { type: "bye", reason: "left" } }]);
  });

  it("refuses people outside the room, signals to them or to oneself, and bad bodies, passing nothing on", async () => {
    const { slug, host, tutor, stranger } = await roomWithTwo();
    const before = await database().db.selectFrom("realtime_events").select("id").where("action", "=", "DISPATCH_ACTION").execute();

    expect((await send(stranger.visitor, slug, { to: host.id, client_id: "tab-x", signal: { type: "hello" } })).status).toBe(403);
    expect((await send(host.visitor, "no-such-room", { to: tutor.id, client_id: "tab-a", signal: { type: "hello" } })).status).toBe(404);
    expect((await send(routeVisitor(), slug, { to: host.id, client_id: "tab-x", signal: { type: "hello" } })).status).toBe(401);

    const outsider = await send(host.visitor, slug, { to: stranger.id, client_id: "tab-a", signal: { type: "hello" } });
    expect(outsider.status).toBe(422);
    expect(outsider.data.errors[0]).toMatchObject({ code: "invalid_attribute", detail: "to: that person is not in this study room.", source: { pointer: "/to" } });
    expect((await send(host.visitor, slug, { to: host.id, client_id: "tab-a", signal: { type: "hello" } })).status).toBe(422);

    const bad = [
      { to: tutor.id, client_id: "tab-a", signal: { type: "shout" } },
      { to: tutor.id, client_id: "tab a!", signal: { type: "hello" } },
      { to: tutor.id, client_id: "tab-a", signal: { type: "offer" } },
      { to: tutor.id, client_id: "tab-a", signal: { type: "offer", sdp: "x".repeat(30_001) } },
      { to: tutor.id, client_id: "tab-a", signal: { type: "candidate", candidate: { candidate: "x".repeat(1_001) } } },
      { to: "everyone", client_id: "tab-a", signal: { type: "hello" } },
    ];
    for (const body of bad) {
      const refused = await send(host.visitor, slug, body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(refused.data.errors[0].code).toBe("invalid_attribute");
    }
    expect((await send(host.visitor, slug, "{not json")).status).toBe(400);

    const after = await database().db.selectFrom("realtime_events").select("id").where("action", "=", "DISPATCH_ACTION").execute();
    expect(after.length).toBe(before.length);
  });

  it("answers GET with 405", async () => {
    const { slug, host } = await roomWithTwo();
    const answer = await host.visitor.api(signalLoader, "GET", `/study-rooms/${slug}/signal`, undefined, { params: { slug } });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("Allow")).toBe("POST");
  });
});

describe("POST /study-rooms/{slug}/errors", () => {
  const report = (visitor: RouteVisitor, slug: string, body: unknown) => visitor.api(errorsAction, "POST", `/study-rooms/${slug}/errors`, body, { params: { slug } });
  const rows = (userId: number, slug: string) =>
    database()
      .db.selectFrom("study_room_errors")
      .innerJoin("study_rooms", "study_rooms.id", "study_room_errors.room_id")
      .select(["study_room_errors.room_id", "kind", "message", "client_id", "device_name", "browser_info"])
      .where("user_id", "=", userId)
      .where("study_rooms.slug", "=", slug)
      .orderBy("study_room_errors.id")
      .execute();

  it("keeps a member's report with the browser and device, cut to the columns' lengths", async () => {
    const { slug, host } = await roomWithTwo();
    const room = await database().db.selectFrom("study_rooms").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
    const userAgent = `Mozilla/5.0 (X11; Linux x86_64) ${"AppleWebKit/537.36 ".repeat(40)}`;
    const answer = await report(host.visitor, slug, {
      kind: "media_denied",
      message: "  Your browser blocked the camera and microphone.  ",
      client_id: "tab-a",
      device_name: "FaceTime HD Camera",
      browser_info: userAgent,
    });
    expect(answer.status).toBe(201);
    expect(answer.data.data).toMatchObject({ type: "studyRoomError", attributes: { kind: "media_denied", device_name: "FaceTime HD Camera" } });
    const [stored] = await rows(host.id, slug);
    expect(stored).toEqual({
      room_id: room.id,
      kind: "media_denied",
      message: "Your browser blocked the camera and microphone.",
      client_id: "tab-a",
      device_name: "FaceTime HD Camera",
      browser_info: userAgent.trim().slice(0, 500),
    });
    // Only the kind is needed.
    expect((await report(host.visitor, slug, { kind: "connection_failed" })).status).toBe(201);
    expect((await rows(host.id, slug)).at(-1)).toMatchObject({ kind: "connection_failed", message: "", device_name: "" });
  });

  it("refuses strangers, bad bodies and GET, storing nothing", async () => {
    const { slug, host, stranger } = await roomWithTwo();
    expect((await report(stranger.visitor, slug, { kind: "media_denied" })).status).toBe(403);
    expect((await report(host.visitor, "no-such-room", { kind: "media_denied" })).status).toBe(404);
    expect((await report(routeVisitor(), slug, { kind: "media_denied" })).status).toBe(401);
    for (const body of [{}, { kind: "Camera Denied!" }, { kind: "media_denied", message: "x".repeat(4_001) }, { kind: "media_denied", device_name: 7 }]) {
      expect((await report(host.visitor, slug, body)).status, JSON.stringify(body).slice(0, 60)).toBe(422);
    }
    expect(await rows(host.id, slug)).toEqual([]);
    expect(await rows(stranger.id, slug)).toEqual([]);
    const answer = await host.visitor.api(errorsLoader, "GET", `/study-rooms/${slug}/errors`, undefined, { params: { slug } });
    expect(answer.status).toBe(405);
  });

  it("stops taking one person's reports past the limit", async () => {
    const { slug, tutor } = await roomWithTwo();
    for (let sent = 0; sent < roomErrorRateLimit.limit; sent++) expect((await report(tutor.visitor, slug, { kind: "media_failed" })).status).toBe(201);
    const refused = await report(tutor.visitor, slug, { kind: "media_failed" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await rows(tutor.id, slug)).length).toBe(roomErrorRateLimit.limit);
  });
});
