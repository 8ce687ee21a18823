import { TokenVerifier } from "livekit-server-sdk";
import { describe, expect, it } from "vitest";
import { action as inviteAction, loader as inviteLoader } from "~/routes/study-rooms+/invites.$id";
import { action as roomAction, loader as roomLoader } from "~/routes/study-rooms+/$slug";
import { INVITE_RATE_LIMIT } from "~/study-rooms/invites.server";
import { action as roomsAction, loader as roomsLoader } from "~/routes/study-rooms+/_index";
import { loader as tokenLoader } from "~/routes/rtc.token";
import { action as boardAction, loader as boardLoader } from "~/routes/study-rooms+/$slug_.boards.$boardId";
import { roomToken, RTC_TOKEN_TTL_SECONDS, verifyRoomToken, type RtcSettings } from "~/study-rooms/rtc.server";
import { toastFrom } from "~/toasts/toast.server";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";

const database = useTestDatabase();

async function visitorFor(email: string) {
  const { id } = await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return { id, visitor: routeVisitor({ session: await sessionCookieFor(id) }) };
}

const roomPath = (slug: string) => `/study-rooms/${slug}`;
const roomParams = (slug: string) => ({ params: { slug } });
const invitePath = (id: number) => `/study-rooms/invites/${id}`;
const inviteParams = (id: number) => ({ params: { id: String(id) } });

async function toastOf(visitor: RouteVisitor) {
  return (await toastFrom(visitor.request("/"))).toast?.message;
}

/** A new room made through the page, by the demo student. */
async function newRoom(visitor: RouteVisitor, name = "Midterm prep") {
  const made = await visitor.form(roomsAction, "/study-rooms", { name });
  expect(made.status).toBe(302);
  return made.headers.get("Location")!.replace("/study-rooms/", "");
}

async function eventsFor(channel: string, action: "STUDY_ROOM_INVITE" | "STUDY_ROOM_CANCEL_INVITE" | "STUDY_ROOM_INITIALIZED") {
  return database().db.selectFrom("realtime_events").select(["payload"]).where("channel", "=", channel).where("action", "=", action).orderBy("id").execute();
}

async function ringingInvite(roomSlug: string, inviteeId: number) {
  return database()
    .db.selectFrom("study_room_invites")
    .innerJoin("study_rooms", "study_rooms.id", "study_room_invites.room_id")
    .select(["study_room_invites.id", "study_room_invites.status"])
    .where("study_rooms.slug", "=", roomSlug)
    .where("study_room_invites.invitee_id", "=", inviteeId)
    .orderBy("study_room_invites.id", "desc")
    .executeTakeFirstOrThrow();
}

describe("study rooms", () => {
  it("makes a room with its maker as host and a first board, lists it, and refuses a nameless one", async () => {
    const { visitor } = await visitorFor("student@demo.test");
    const slug = await newRoom(visitor, "  Organic chem night ");
    expect(await toastOf(visitor)).toBe("Your study room is ready. Invite someone to join you.");
    const page = await visitor.get(roomLoader, roomPath(slug), roomParams(slug));
    expect(page.status).toBe(200);
    expect(page.data.room).toMatchObject({ name: "Organic chem night", tutoring: false });
    expect(page.data.members).toEqual([expect.objectContaining({ name: "Maya T.", role: "host", present: true })]);
    expect(page.data.whiteboards).toEqual([{ id: page.data.room.activeWhiteboardId, name: "Board 1", background: "#ffffff", zoom: 1, elements: [] }]);
    const list = await visitor.get(roomsLoader, "/study-rooms");
    expect(list.data.rooms).toContainEqual(expect.objectContaining({ slug, name: "Organic chem night", role: "host", members: 1 }));

    const before = (await database().db.selectFrom("study_rooms").select("id").execute()).length;
    const refused = await visitor.form(roomsAction, "/study-rooms", { name: "   " });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.name).toEqual(["Name the room"]);
    expect((await database().db.selectFrom("study_rooms").select("id").execute()).length).toBe(before);
  });

  it("answers 404 for an unknown room and 403 to someone not in it", async () => {
    const { visitor: host } = await visitorFor("student@demo.test");
    const slug = await newRoom(host);
    const { visitor: stranger } = await visitorFor("class_rep@demo.test");
    expect((await stranger.get(roomLoader, roomPath(slug), roomParams(slug))).status).toBe(403);
    expect((await stranger.form(roomAction, roomPath(slug), { intent: "add_board" }, roomParams(slug))).status).toBe(403);
    expect((await stranger.get(roomLoader, roomPath("no-such-room"), roomParams("no-such-room"))).status).toBe(404);
  });

  it("rings an invitee, leaves them a notification with a form, and lets them join", async () => {
    const { visitor: host, id: hostId } = await visitorFor("student@demo.test");
    const { visitor: tutor, id: tutorId } = await visitorFor("jordan.pham@demo.test");
    const slug = await newRoom(host, "Limits");
    const page = await host.get(roomLoader, roomPath(slug), roomParams(slug));
    // The demo student's tutor is among the people they can invite.
    expect(page.data.contacts).toContainEqual({ id: tutorId, name: "Jordan P." });

    const invited = await host.form(roomAction, roomPath(slug), { intent: "invite", user_id: String(tutorId) }, roomParams(slug));
    expect(invited.status).toBe(302);
    const invite = await ringingInvite(slug, tutorId);
    expect(invite.status).toBe("ringing");
    const rings = await eventsFor(`user:${tutorId}`, "STUDY_ROOM_INVITE");
    expect(rings.at(-1)!.payload).toMatchObject({ invite_id: invite.id, room_name: "Limits", inviter_id: hostId, inviter_name: "Maya T.", expires_in_ms: 9000 });
    const notification = await database().db.selectFrom("notifications").select(["type", "data", "read"]).where("user_id", "=", tutorId).where("notifiable_id", "=", String(invite.id)).executeTakeFirstOrThrow();
    expect(notification).toMatchObject({ type: "StudyRoomInvite", read: false, data: { inviter_name: "Maya T.", path: invitePath(invite.id) } });
    expect((await host.get(roomLoader, roomPath(slug), roomParams(slug))).data.invites).toEqual([{ id: invite.id, name: "Jordan P.", mine: true }]);

    // The plain form behind the notification is the invitee's only.
    expect((await host.get(inviteLoader, invitePath(invite.id), inviteParams(invite.id))).status).toBe(404);
    const form = await tutor.get(inviteLoader, invitePath(invite.id), inviteParams(invite.id));
    expect(form.data.invite).toMatchObject({ status: "ringing", roomName: "Limits", inviterName: "Maya T." });
    const joined = await tutor.form(inviteAction, invitePath(invite.id), { intent: "accept" }, inviteParams(invite.id));
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe(roomPath(slug));
    expect((await eventsFor(`user:${tutorId}`, "STUDY_ROOM_INITIALIZED")).at(-1)!.payload).toMatchObject({ friendly_id: slug, invite_id: invite.id });
    const inRoom = await tutor.get(roomLoader, roomPath(slug), roomParams(slug));
    expect(inRoom.status).toBe(200);
    expect(inRoom.data.members.map((member: { name: string; present: boolean }) => [member.name, member.present])).toEqual([
      ["Maya T.", true],
      ["Jordan P.", true],
    ]);
    expect((await database().db.selectFrom("notifications").select("read").where("notifiable_id", "=", String(invite.id)).executeTakeFirstOrThrow()).read).toBe(true);
    // Answering twice the same way is harmless; the other way is refused.
    expect((await tutor.form(inviteAction, invitePath(invite.id), { intent: "accept" }, inviteParams(invite.id))).status).toBe(302);
    expect((await tutor.form(inviteAction, invitePath(invite.id), { intent: "decline" }, inviteParams(invite.id))).status).toBe(409);
  });

  it("answers the ringing popup with data, so it goes to the room on STUDY_ROOM_INITIALIZED", async () => {
    const { visitor: host } = await visitorFor("student@demo.test");
    const { visitor: tutor, id: tutorId } = await visitorFor("jordan.pham@demo.test");
    const slug = await newRoom(host);
    await host.form(roomAction, roomPath(slug), { intent: "invite", email: "JORDAN.PHAM@demo.test" }, roomParams(slug));
    const invite = await ringingInvite(slug, tutorId);
    const answered = await tutor.form(inviteAction, invitePath(invite.id), { intent: "accept", respond: "data" }, inviteParams(invite.id));
    expect(answered.status).toBe(200);
    expect(answered.data.joined).toBe(slug);
  });

  it("lets the invitee ignore an invite, and the inviter withdraw one, which takes the popup and the notification away", async () => {
    const { visitor: host } = await visitorFor("student@demo.test");
    const { visitor: tutor, id: tutorId } = await visitorFor("jordan.pham@demo.test");
    const slug = await newRoom(host);
    await host.form(roomAction, roomPath(slug), { intent: "invite", user_id: String(tutorId) }, roomParams(slug));
    const first = await ringingInvite(slug, tutorId);
    const ignored = await tutor.form(inviteAction, invitePath(first.id), { intent: "decline" }, inviteParams(first.id));
    expect(ignored.status).toBe(302);
    expect((await ringingInvite(slug, tutorId)).status).toBe("declined");
    expect((await tutor.get(roomLoader, roomPath(slug), roomParams(slug))).status).toBe(403);

    await host.form(roomAction, roomPath(slug), { intent: "invite", user_id: String(tutorId) }, roomParams(slug));
    const second = await ringingInvite(slug, tutorId);
    expect(second.id).not.toBe(first.id);
    const withdrawn = await host.form(roomAction, roomPath(slug), { intent: "cancel_invite", invite_id: String(second.id) }, roomParams(slug));
    expect(withdrawn.status).toBe(302);
    expect((await eventsFor(`user:${tutorId}`, "STUDY_ROOM_CANCEL_INVITE")).at(-1)!.payload).toEqual({ invite_id: second.id });
    expect(await database().db.selectFrom("notifications").select("id").where("notifiable_id", "=", String(second.id)).execute()).toEqual([]);
    const late = await tutor.form(inviteAction, invitePath(second.id), { intent: "accept" }, inviteParams(second.id));
    expect(late.status).toBe(409);
    expect(late.data.result.error[""]).toEqual(["This invite was withdrawn."]);
  });

  it("refuses joining a full room without using up the invite, and lets only the sender or the host withdraw an invite", async () => {
    const { visitor: host } = await visitorFor("student@demo.test");
    const { visitor: tutor, id: tutorId } = await visitorFor("jordan.pham@demo.test");
    const { visitor: guest, id: guestId } = await visitorFor("class_rep@demo.test");
    const slug = await newRoom(host);
    await host.form(roomAction, roomPath(slug), { intent: "invite", user_id: String(tutorId) }, roomParams(slug));
    const invite = await ringingInvite(slug, tutorId);
    // The guest is in the room too, but did not send this invite and does not run the room.
    await host.form(roomAction, roomPath(slug), { intent: "invite", email: "class_rep@demo.test" }, roomParams(slug));
    const guestInvite = await ringingInvite(slug, guestId);
    await guest.form(inviteAction, invitePath(guestInvite.id), { intent: "accept" }, inviteParams(guestInvite.id));
    const notTheirs = await guest.form(roomAction, roomPath(slug), { intent: "cancel_invite", invite_id: String(invite.id) }, roomParams(slug));
    expect(notTheirs.status).toBe(403);
    expect((await ringingInvite(slug, tutorId)).status).toBe("ringing");

    // Six more members fill the room to its eight.
    const room = await database().db.selectFrom("study_rooms").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
    const others = await database().db.selectFrom("users").select("id").where("id", "not in", [tutorId, guestId]).where("email", "<>", "student@demo.test").orderBy("id").limit(6).execute();
    await database().db.insertInto("study_room_members").values(others.map((user) => ({ room_id: room.id, user_id: user.id }))).execute();
    const full = await tutor.form(inviteAction, invitePath(invite.id), { intent: "accept" }, inviteParams(invite.id));
    expect(full.status).toBe(409);
    expect(full.data.result.error[""]).toEqual(["The room is full."]);
    expect((await ringingInvite(slug, tutorId)).status).toBe("ringing");
    expect((await tutor.get(roomLoader, roomPath(slug), roomParams(slug))).status).toBe(403);
  });

  it("refuses an invite to an unknown email or to someone already in the room, changing nothing", async () => {
    const { visitor: host } = await visitorFor("student@demo.test");
    const slug = await newRoom(host);
    const count = async () => (await database().db.selectFrom("study_room_invites").select("id").execute()).length;
    const before = await count();
    const unknown = await host.form(roomAction, roomPath(slug), { intent: "invite", email: "nobody@example.com" }, roomParams(slug));
    expect(unknown.status).toBe(404);
    expect(unknown.data.result.error.email).toEqual(["No one has an account with that email. Ask them to sign up first."]);
    const self = await host.form(roomAction, roomPath(slug), { intent: "invite", email: "student@demo.test" }, roomParams(slug));
    expect(self.status).toBe(400);
    const empty = await host.form(roomAction, roomPath(slug), { intent: "invite" }, roomParams(slug));
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.email).toEqual(["Choose someone to invite, or enter the email of their account"]);
    expect(await count()).toBe(before);
  });

  it("refuses invites past the hour's allowance with 429, looking up no more emails and ringing no one", async () => {
    const { visitor: host } = await visitorFor("school_manager@demo.test");
    const { id: tutorId } = await visitorFor("jordan.pham@demo.test");
    const slug = await newRoom(host, "Many invites");
    for (let attempt = 0; attempt < INVITE_RATE_LIMIT.limit; attempt++) {
      const lookedUp = await host.form(roomAction, roomPath(slug), { intent: "invite", email: `probe-${attempt}@example.com` }, roomParams(slug));
      expect(lookedUp.status).toBe(404);
    }
    const refused = await host.form(roomAction, roomPath(slug), { intent: "invite", user_id: String(tutorId) }, roomParams(slug));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.data.result.error[""]).toEqual([expect.stringMatching(/^You have sent many invites this hour\. Try again in \d+ minutes\.$/)]);
    await expect(ringingInvite(slug, tutorId)).rejects.toThrow();
  });

  it("lets the host remove someone, who can no longer enter; a guest may leave but not remove", async () => {
    const { visitor: host } = await visitorFor("student@demo.test");
    const { visitor: tutor, id: tutorId } = await visitorFor("jordan.pham@demo.test");
    const slug = await newRoom(host);
    await host.form(roomAction, roomPath(slug), { intent: "invite", user_id: String(tutorId) }, roomParams(slug));
    const invite = await ringingInvite(slug, tutorId);
    await tutor.form(inviteAction, invitePath(invite.id), { intent: "accept" }, inviteParams(invite.id));
    const { id: hostId } = await database().db.selectFrom("users").select("id").where("email", "=", "student@demo.test").executeTakeFirstOrThrow();
    const notAllowed = await tutor.form(roomAction, roomPath(slug), { intent: "remove", user_id: String(hostId) }, roomParams(slug));
    expect(notAllowed.status).toBe(403);
    const removed = await host.form(roomAction, roomPath(slug), { intent: "remove", user_id: String(tutorId) }, roomParams(slug));
    expect(removed.status).toBe(302);
    expect((await tutor.get(roomLoader, roomPath(slug), roomParams(slug))).status).toBe(403);
    const hostLeaving = await host.form(roomAction, roomPath(slug), { intent: "leave" }, roomParams(slug));
    expect(hostLeaving.status).toBe(409);
  });

  it("adds boards and turns everyone to the one chosen", async () => {
    const { visitor: host } = await visitorFor("student@demo.test");
    const slug = await newRoom(host);
    await host.form(roomAction, roomPath(slug), { intent: "add_board", name: "Practice" }, roomParams(slug));
    const page = await host.get(roomLoader, roomPath(slug), roomParams(slug));
    expect(page.data.whiteboards.map((board: { name: string }) => board.name)).toEqual(["Board 1", "Practice"]);
    expect(page.data.room.activeWhiteboardId).toBe(page.data.whiteboards[1].id);
    await host.form(roomAction, roomPath(slug), { intent: "activate_board", board_id: String(page.data.whiteboards[0].id) }, roomParams(slug));
    expect((await host.get(roomLoader, roomPath(slug), roomParams(slug))).data.room.activeWhiteboardId).toBe(page.data.whiteboards[0].id);
    const elsewhere = await database().db.selectFrom("study_room_whiteboards").select("id").where("name", "=", "Product rule").executeTakeFirstOrThrow();
    const foreign = await host.form(roomAction, roomPath(slug), { intent: "activate_board", board_id: String(elsewhere.id) }, roomParams(slug));
    expect(foreign.status).toBe(404);
  });

  it("shows the demo study group with its drawn board", async () => {
    const { visitor } = await visitorFor("jordan.pham@demo.test");
    const page = await visitor.get(roomLoader, roomPath("demo-math-137-group"), roomParams("demo-math-137-group"));
    expect(page.data.room.name).toBe("MATH 137 study group");
    expect(page.data.whiteboards[0]).toMatchObject({ name: "Product rule", elements: expect.arrayContaining([expect.objectContaining({ id: "answer-text", text: "f′(x) = 2x sin x + x² cos x" })]) });
  });

  it("opens a tutoring session's room to its tutor and student only, made on first visit", async () => {
    const session = await database().db.selectFrom("tutoring_sessions").select(["room_slug"]).where("status", "=", "booked").orderBy("starts_at").executeTakeFirstOrThrow();
    const slug = session.room_slug;
    const { visitor: stranger } = await visitorFor("class_rep@demo.test");
    expect((await stranger.get(roomLoader, roomPath(slug), roomParams(slug))).status).toBe(404);
    const { visitor: student } = await visitorFor("student@demo.test");
    const page = await student.get(roomLoader, roomPath(slug), roomParams(slug));
    expect(page.status).toBe(200);
    expect(page.data.room).toMatchObject({ tutoring: true, name: "Tutoring: MATH 137" });
    expect(page.data.members.map((member: { name: string; role: string }) => [member.name, member.role]).sort()).toEqual([
      ["Jordan P.", "tutor"],
      ["Maya T.", "student"],
    ]);
    expect((await stranger.get(roomLoader, roomPath(slug), roomParams(slug))).status).toBe(403);
  });
});

describe("GET /rtc/token", () => {
  it("gives a member a short-lived token for their room, and refuses others", async () => {
    const { visitor: host, id: hostId } = await visitorFor("student@demo.test");
    const slug = await newRoom(host);
    const answer = await host.api(tokenLoader, "GET", `/rtc/token?room=${slug}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.data).toMatchObject({ transport: "mesh", ice_servers: [] });
    expect(await verifyRoomToken(answer.data.token, slug)).toEqual({ userId: hostId, room: slug });
    expect(await verifyRoomToken(answer.data.token, "another-room")).toBeNull();

    const { visitor: stranger } = await visitorFor("class_rep@demo.test");
    expect((await stranger.api(tokenLoader, "GET", `/rtc/token?room=${slug}`)).status).toBe(403);
    expect((await stranger.api(tokenLoader, "GET", "/rtc/token?room=no-such-room")).status).toBe(404);
    expect((await stranger.api(tokenLoader, "GET", "/rtc/token?room=%3Cscript%3E")).status).toBe(400);
    expect((await routeVisitor().api(tokenLoader, "GET", `/rtc/token?room=${slug}`)).status).toBe(401);
  });

  it("signs LiveKit tokens whose grants name the room, the identity and a near expiry", async () => {
    const livekit: RtcSettings = { transport: "livekit", url: "wss://video.example.org", apiKey: "APIkey123", apiSecret: "a-livekit-secret-of-some-length-0123456789" };
    const now = new Date();
    const answer = await roomToken({ slug: "room-abc", userId: 42, name: "Maya T.", now }, livekit);
    expect(answer).toMatchObject({ transport: "livekit", url: "wss://video.example.org" });
    const claims = await new TokenVerifier(livekit.apiKey, livekit.apiSecret).verify(answer.token);
    expect(claims.sub).toBe("42");
    expect(claims.name).toBe("Maya T.");
    expect(claims.video).toMatchObject({ room: "room-abc", roomJoin: true, canPublish: true, canSubscribe: true });
    expect(claims.video?.roomAdmin).toBeFalsy();
    const lifetime = (claims as { exp?: number }).exp! - Math.floor(now.getTime() / 1000);
    expect(lifetime).toBeGreaterThan(RTC_TOKEN_TTL_SECONDS - 5);
    expect(lifetime).toBeLessThanOrEqual(RTC_TOKEN_TTL_SECONDS + 1);
    await expect(new TokenVerifier(livekit.apiKey, "another-secret-of-some-length-0123456789").verify(answer.token)).rejects.toThrow();
  });
});

describe("POST /study-rooms/{slug}/boards/{id}", () => {
  const shape = (id: string, version: number, versionNonce: number, x = 10) => ({ id, type: "rectangle", version, versionNonce, x, y: 20, width: 100, height: 50 });

  /** A new room of the host's, its first board, and that board's address as the route is called. */
  async function newBoard(host: RouteVisitor) {
    const slug = await newRoom(host);
    const board = await boardOf(slug);
    return { slug, board, path: `/study-rooms/${slug}/boards/${board.id}`, params: { params: { slug, boardId: String(board.id) } } };
  }

  async function boardOf(slug: string) {
    return database()
      .db.selectFrom("study_room_whiteboards")
      .innerJoin("study_rooms", "study_rooms.id", "study_room_whiteboards.room_id")
      .select(["study_room_whiteboards.id", "study_room_whiteboards.elements", "study_room_whiteboards.revision"])
      .where("study_rooms.slug", "=", slug)
      .executeTakeFirstOrThrow();
  }

  it("keeps both of two people's edits to different shapes, the newer edit of the same shape, and tells the room", async () => {
    const { visitor: host } = await visitorFor("student@demo.test");
    const { visitor: stranger } = await visitorFor("class_rep@demo.test");
    const { slug, path, params } = await newBoard(host);
    const send = (visitor: RouteVisitor, clientId: string, elements: unknown[]) => visitor.api(boardAction, "POST", path, { client_id: clientId, elements }, params);

    expect((await send(host, "tab-a", [shape("a", 1, 5), shape("b", 1, 7)])).status).toBe(200);
    // Another tab edits "b" concurrently at the same version: the lower nonce wins everywhere.
    expect((await send(host, "tab-b", [shape("b", 2, 9, 300), shape("c", 1, 1)])).status).toBe(200);
    const stale = await send(host, "tab-a", [shape("b", 2, 11, 999)]);
    expect(stale.status).toBe(200);
    const stored = (await boardOf(slug)).elements as { id: string; x: number; version: number }[];
    expect(stored.map((element) => [element.id, element.version, element.x])).toEqual([
      ["a", 1, 10],
      ["b", 2, 300],
      ["c", 1, 10],
    ]);
    expect((await boardOf(slug)).revision).toBe(3);
    // The losing edit was not passed on; the winners were, with the tab that drew them.
    const pushes = (await database().db.selectFrom("realtime_events").select("payload").where("channel", "=", `room:${slug}`).orderBy("id").execute())
      .map((row) => (row.payload as { study_room: { board?: { client_id: string; elements: { id: string }[] } } }).study_room.board)
      .filter(Boolean);
    expect(pushes.map((push) => [push!.client_id, push!.elements.map((element) => element.id)])).toEqual([
      ["tab-a", ["a", "b"]],
      ["tab-b", ["b", "c"]],
    ]);

    // A member fetches the board as stored; nobody else does.
    const fetched = await host.api(boardLoader, "GET", path, undefined, params);
    expect(fetched.status).toBe(200);
    expect(fetched.data.data.attributes).toMatchObject({ name: "Board 1", revision: 3, background: "#ffffff" });
    expect(fetched.data.data.attributes.elements.map((element: { id: string }) => element.id)).toEqual(["a", "b", "c"]);
    expect((await stranger.api(boardLoader, "GET", path, undefined, params)).status).toBe(403);

    expect((await send(stranger, "tab-x", [shape("d", 1, 1)])).status).toBe(403);
    const malformed = await send(host, "tab-a", [{ id: "e", type: "rectangle", version: 0, versionNonce: 1, x: 0, y: 0, width: 1, height: 1 }]);
    expect(malformed.status).toBe(422);
    expect((await boardOf(slug)).revision).toBe(3);
  });

  it("saves every one of many edits sent at once, each answered once saved, each pushed once", async () => {
    const { visitor: host } = await visitorFor("student@demo.test");
    const { slug, path, params } = await newBoard(host);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => host.api(boardAction, "POST", path, { client_id: `tab-${index}`, elements: [shape(`shape-${index}`, 1, index)] }, params)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((answer) => answer.data.meta.revision)).size).toBe(12);
    const stored = await boardOf(slug);
    expect(stored.revision).toBe(12);
    expect((stored.elements as { id: string }[]).map((element) => element.id).sort()).toEqual(Array.from({ length: 12 }, (_, index) => `shape-${index}`).sort());
    const pushed = await database().db.selectFrom("realtime_events").select("payload").where("channel", "=", `room:${slug}`).execute();
    expect(pushed.filter((row) => (row.payload as { study_room: { board?: unknown } }).study_room.board)).toHaveLength(12);
  });

  it("saves a board's background and zoom and tells the room; a bad colour, a zoom out of range or both kinds at once change nothing", async () => {
    const { visitor: host } = await visitorFor("student@demo.test");
    const { visitor: stranger } = await visitorFor("class_rep@demo.test");
    const { slug, board, path, params } = await newBoard(host);
    const send = (visitor: RouteVisitor, body: unknown) => visitor.api(boardAction, "POST", path, body, params);
    const stored = () => database().db.selectFrom("study_room_whiteboards").select(["background", "zoom", "revision"]).where("id", "=", board.id).executeTakeFirstOrThrow();

    expect((await send(host, { client_id: "tab-a", view: { background: "#FFF9DB", zoom: 1.5 } })).status).toBe(200);
    expect(await stored()).toEqual({ background: "#fff9db", zoom: 1.5, revision: 0 });
    const fetched = await host.api(boardLoader, "GET", path, undefined, params);
    expect(fetched.data.data.attributes).toMatchObject({ background: "#fff9db", zoom: 1.5 });
    const pushes = (await database().db.selectFrom("realtime_events").select("payload").where("channel", "=", `room:${slug}`).orderBy("id").execute()).map(
      (row) => (row.payload as { study_room: { board_view?: unknown } }).study_room.board_view,
    );
    expect(pushes.filter(Boolean)).toEqual([{ board_id: board.id, background: "#fff9db", zoom: 1.5, client_id: "tab-a", user_id: expect.any(Number) }]);

    for (const [body, status] of [
      [{ client_id: "tab-a", view: { background: "red", zoom: 1 } }, 422],
      [{ client_id: "tab-a", view: { background: "#000000", zoom: 99 } }, 422],
      [{ client_id: "tab-a", view: { background: "#000000", zoom: 1 }, elements: [shape("a", 1, 1)] }, 422],
      [{ client_id: "tab-a" }, 422],
    ] as const) {
      const answer = await send(host, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.data.errors[0].detail).toMatch(/.{10,}/);
    }
    expect((await send(stranger, { client_id: "tab-x", view: { background: "#000000", zoom: 1 } })).status).toBe(403);
    expect(await stored()).toEqual({ background: "#fff9db", zoom: 1.5, revision: 0 });
  });

  it("passes a member's pointer to the room without saving anything; a bad pointer or a stranger's changes nothing", async () => {
    const { visitor: host, id: hostId } = await visitorFor("student@demo.test");
    const { visitor: stranger } = await visitorFor("class_rep@demo.test");
    const { slug, board, path, params } = await newBoard(host);
    const send = (visitor: RouteVisitor, body: unknown, to = params) => visitor.api(boardAction, "POST", path, body, to);
    const pointers = async () =>
      (await database().db.selectFrom("realtime_events").select("payload").where("channel", "=", `room:${slug}`).orderBy("id").execute())
        .map((row) => (row.payload as { study_room: { board_pointer?: unknown } }).study_room.board_pointer)
        .filter(Boolean);

    expect((await send(host, { client_id: "tab-a", pointer: { x: 120.55, y: 40, tool: "laser" } })).status).toBe(202);
    expect(await pointers()).toEqual([{ board_id: board.id, x: 120.6, y: 40, tool: "laser", client_id: "tab-a", user_id: hostId }]);
    expect((await boardOf(slug)).revision).toBe(0);

    const bad = await send(host, { client_id: "tab-a", pointer: { x: "left", y: 0 } });
    expect(bad.status).toBe(422);
    expect(bad.data.errors[0].detail).toBe("The pointer's x must be a number between -10,000,000 and 10,000,000.");
    expect((await send(host, { client_id: "tab-a", pointer: { x: 1, y: 1 } }, { params: { slug, boardId: "999999" } })).status).toBe(404);
    expect((await send(stranger, { client_id: "tab-x", pointer: { x: 1, y: 1 } })).status).toBe(403);
    expect(await pointers()).toHaveLength(1);
  });
});
