import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserSession, SESSION_COOKIE } from "../../app/accounts/session.server";
import { createNotification } from "../../app/notifications/notifications.server";
import type { RealtimeEvent } from "../../app/realtime/channels";
import { closeRealtime } from "../../app/realtime/hub.server";
import { useTestDatabase } from "../support/database";
import { startTestApp, visitor } from "../support/http-app";

/** Notifications, chats and the built-in realtime stream over HTTP (issue 7). */
const database = useTestDatabase();
let app: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await closeRealtime();
  await app?.close();
});

async function newUser(firstName: string) {
  const email = `rt-${firstName.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.test`;
  return database()
    .db.insertInto("users")
    .values({ email, password_hash: "x", first_name: firstName, last_name: "Test", roles: [], confirmed_at: new Date() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function browserFor(userId: number) {
  const setCookie = await createUserSession({ userId, rememberMe: false, request: new Request("http://x") });
  const browser = visitor(app);
  browser.jar.set(SESSION_COOKIE, setCookie.split(";")[0]!.slice(SESSION_COOKIE.length + 1));
  const { csrfToken } = await browser.page("/courses");
  return Object.assign(browser, { csrfToken: csrfToken! });
}
type Browser = Awaited<ReturnType<typeof browserFor>>;

function api(browser: Browser, method: string, pathname: string, body?: unknown) {
  return browser.fetch(pathname, {
    method,
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": browser.csrfToken },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function postForm(browser: Browser, pathname: string, fields: [string, string][]) {
  return browser.fetch(pathname, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body: new URLSearchParams([["csrf_token", browser.csrfToken], ...fields]).toString(),
  });
}

/** Reads an SSE response, collecting events, until `count` arrived (or a timeout). */
async function readEvents(response: Response, count: number, timeoutMs = 5_000): Promise<RealtimeEvent[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: RealtimeEvent[] = [];
  let buffer = "";
  const deadline = Date.now() + timeoutMs;
  try {
    while (events.length < count && Date.now() < deadline) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()))]);
      if (!chunk || chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split("\n").find((line) => line.startsWith("data: "));
        if (data) events.push(JSON.parse(data.slice(6)) as RealtimeEvent);
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return events;
}

let ann: Browser, ben: Browser, cat: Browser;
let annId: number, benId: number, catId: number, chatId: number;

beforeAll(async () => {
  const [a, b, c] = await Promise.all([newUser("Ann"), newUser("Ben"), newUser("Cat")]);
  [annId, benId, catId] = [a.id, b.id, c.id];
  [ann, ben, cat] = await Promise.all([browserFor(a.id), browserFor(b.id), browserFor(c.id)]);
  const created = await api(ann, "POST", `/api/v1/chats/create_with_user/${benId}`);
  expect(created.status).toBe(200);
  chatId = Number((await created.json()).data.id);
});

describe("the SSE endpoint", () => {
  it("refuses another user's notifications channel and a chat the user is not in", async () => {
    for (const channels of [`user:${annId}`, `chat:${chatId}`, `user:${catId},user:${annId}`]) {
      const response = await cat.fetch(`/api/v1/realtime/events?channels=${channels}`, { headers: { Accept: "text/event-stream" } });
      expect(response.status, channels).toBe(403);
      expect((await response.json()).errors[0].code).toBe("forbidden");
    }
    expect((await cat.fetch("/api/v1/realtime/events?channels=nonsense")).status).toBe(400);
    expect((await app.fetch(`/api/v1/realtime/events?channels=user:${annId}`)).status).toBe(401);
  });

  it("streams the member's chat and own channel, and replays what was missed after Last-Event-ID", async () => {
    const stream = await ann.fetch(`/api/v1/realtime/events?channels=user:${annId},chat:${chatId}`, { headers: { Accept: "text/event-stream" } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const pending = readEvents(stream, 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await api(ben, "POST", `/api/v1/chats/${chatId}/messages`, { chat_message: { body: "Hi Ann" } })).status).toBe(201);
    const live = await pending;
    expect(live.map((event) => `${event.channel} ${event.action}`).sort()).toEqual([`chat:${chatId} NEW_CHAT_MESSAGE`, `user:${annId} STANDARD_PUSH_UPDATE`]);
    const message = live.find((event) => event.action === "NEW_CHAT_MESSAGE")!;
    expect(message.payload).toMatchObject({ data: { type: "chatMessage", attributes: { body: "Hi Ann" } } });
    const update = live.find((event) => event.action === "STANDARD_PUSH_UPDATE")!;
    expect(update.payload).toMatchObject({ data: [{ type: "chat", id: String(chatId), attributes: { unread_count: 1 } }], meta: { unread_chat_messages: 1 } });

    // Away: two messages are sent; coming back with the last id seen delivers them, in order.
    const lastSeen = live.map((event) => BigInt(event.id)).reduce((a, b) => (a > b ? a : b)).toString();
    await api(ben, "POST", `/api/v1/chats/${chatId}/messages`, { chat_message: { body: "Are you there?" } });
    await api(ben, "POST", `/api/v1/chats/${chatId}/messages`, { chat_message: { body: "Ping" } });
    const resumed = await ann.fetch(`/api/v1/realtime/events?channels=chat:${chatId}`, { headers: { Accept: "text/event-stream", "Last-Event-ID": lastSeen } });
    const missed = await readEvents(resumed, 2);
    expect(missed.map((event) => (event.payload as { data: { attributes: { body: string } } }).data.attributes.body)).toEqual(["Are you there?", "Ping"]);
  });
});

describe("stream limits", () => {
  it("refuses an eleventh open stream for one user, and takes one again once a stream ends", async () => {
    const open = (browser: Browser) => browser.fetch("/api/v1/realtime/events", { headers: { Accept: "text/event-stream" } });
    const streams = await Promise.all(Array.from({ length: 10 }, () => open(cat)));
    expect(streams.map((stream) => stream.status)).toEqual(Array(10).fill(200));
    const refused = await open(cat);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("20");
    expect((await refused.json()).errors[0].code).toBe("too_many_streams");
    expect((await open(ann)).status).toBe(200); // another user is not affected
    await streams[0]!.body!.cancel();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await open(cat);
    expect(again.status).toBe(200);
    await Promise.all([...streams.slice(1), again].map((stream) => stream.body!.cancel()));
  });
});

describe("notifications", () => {
  it("marks only the named group read, deletes a group, and marks all read", async () => {
    const db = database().db;
    await createNotification(db, { userId: annId, type: "TokenCredit", groupKey: "week-1", data: { amount: 5 } });
    await createNotification(db, { userId: annId, type: "TokenCredit", groupKey: "week-1", data: { amount: 5 } });
    await createNotification(db, { userId: annId, type: "TokenCredit", groupKey: "week-2", data: { amount: 5 } });
    await createNotification(db, { userId: annId, type: "OnlineCoursePdfReady", groupKey: "week-1", data: { download_path: "/b.pdf" } });
    await createNotification(db, { userId: benId, type: "TokenCredit", groupKey: "week-1", data: { amount: 5 } });
    const unreadOf = async (userId: number) =>
      (await db.selectFrom("notifications").select(["type", "group_key"]).where("user_id", "=", userId).where("read", "=", false).orderBy("id").execute()).map(
        (row) => `${row.type}/${row.group_key}`,
      );

    const marked = await api(ann, "PUT", "/api/v1/notifications/mark_as_read", { type: "TokenCredit", group_key: "week-1" });
    expect(marked.status).toBe(200);
    expect((await marked.json()).meta).toEqual({ changed: 2, unread_count: 2 });
    expect(await unreadOf(annId)).toEqual(["TokenCredit/week-2", "OnlineCoursePdfReady/week-1"]);
    expect(await unreadOf(benId)).toEqual(["TokenCredit/week-1"]);

    const list = await (await ann.fetch("/api/v1/notifications", { headers: { Accept: "application/json" } })).json();
    expect(list.meta.unread_count).toBe(2);
    expect(list.data).toHaveLength(4);

    expect((await api(ann, "PUT", "/api/v1/notifications/mark_as_read", { group_key: "x" })).status).toBe(422);
    expect((await api(ann, "DELETE", "/api/v1/notifications/delete_group", { type: "TokenCredit", group_key: "week-2" })).status).toBe(200);
    expect(await unreadOf(annId)).toEqual(["OnlineCoursePdfReady/week-1"]);

    // The page's own forms work without JavaScript; the bell in the app bar shows the count.
    const page = await ann.page("/notifications");
    expect(page.html).toContain("Your course booklet is ready to download");
    expect(page.html).toContain('aria-label="Notifications, 1 unread"');
    const all = await postForm(ann, "/notifications", [["intent", "mark_all_as_read"]]);
    expect(all.status).toBe(302);
    expect(await unreadOf(annId)).toEqual([]);
    expect(await unreadOf(benId)).toEqual(["TokenCredit/week-1"]);
  });
});

describe("chats", () => {
  it("refuses a non-member reading or posting, on the API and the pages", async () => {
    expect((await cat.fetch(`/api/v1/chats/${chatId}`, { headers: { Accept: "application/json" } })).status).toBe(403);
    expect((await cat.fetch(`/api/v1/chats/${chatId}/messages`, { headers: { Accept: "application/json" } })).status).toBe(403);
    expect((await api(cat, "POST", `/api/v1/chats/${chatId}/messages`, { chat_message: { body: "let me in" } })).status).toBe(403);
    expect((await api(cat, "PUT", `/api/v1/chats/${chatId}/viewed`)).status).toBe(403);
    expect((await cat.fetch(`/chats/${chatId}`, { headers: { Accept: "text/html" } })).status).toBe(403);
    expect((await postForm(cat, `/chats/${chatId}`, [["body", "let me in"]])).status).toBe(403);
    const bodies = await database().db.selectFrom("chat_messages").select("body").where("chat_id", "=", chatId).execute();
    expect(bodies.map((row) => row.body)).not.toContain("let me in");
  });

  it("renders a message with <script> as text and its address as a link", async () => {
    const sent = await postForm(ann, `/chats/${chatId}`, [["body", `<script>alert("x")</script> see https://example.com/notes.`]]);
    expect(sent.status).toBe(302);
    const { html } = await ben.page(`/chats/${chatId}`);
    expect(html).not.toContain(`<script>alert("x")</script>`);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain(`href="https://example.com/notes"`);
  });

  it("pages history 30 at a time with before_date, and keeps unread counts per chat", { timeout: 60_000 }, async () => {
    const other = await newUser("Dan");
    const dan = await browserFor(other.id);
    const chat = Number((await (await api(dan, "POST", `/api/v1/chats/create_with_user/${annId}`)).json()).data.id);
    const start = Date.now() - 3_600_000;
    await database()
      .db.insertInto("chat_messages")
      .values(Array.from({ length: 35 }, (_, i) => ({ chat_id: chat, user_id: other.id, body: `message ${i + 1}`, created_at: new Date(start + i * 1000) })))
      .execute();
    const list = await (await ann.fetch("/api/v1/chats", { headers: { Accept: "application/json" } })).json();
    expect(list.data.find((entry: { id: string }) => entry.id === String(chat)).attributes.unread_count).toBe(35);
    const newest = await (await ann.fetch(`/api/v1/chats/${chat}/messages`, { headers: { Accept: "application/json" } })).json();
    expect(newest.data).toHaveLength(30);
    expect(newest.data[0].attributes.body).toBe("message 6");
    expect(newest.data[29].attributes.body).toBe("message 35");
    const older = await (await ann.fetch(`/api/v1/chats/${chat}/messages?before_date=${encodeURIComponent(newest.meta.before_date)}`, { headers: { Accept: "application/json" } })).json();
    expect(older.data.map((message: { attributes: { body: string } }) => message.attributes.body)).toEqual(["message 1", "message 2", "message 3", "message 4", "message 5"]);
    expect(older.meta.before_date).toBeNull();
    expect((await ann.fetch(`/api/v1/chats/${chat}/messages?before_date=yesterday`, { headers: { Accept: "application/json" } })).status).toBe(400);
    // Without JavaScript: the page links to the older messages.
    const page = await ann.page(`/chats/${chat}`);
    expect(page.html).toContain("Older messages");
    expect((await api(ann, "PUT", `/api/v1/chats/${chat}/viewed`)).status).toBe(200);
    const after = await (await ann.fetch("/api/v1/chats", { headers: { Accept: "application/json" } })).json();
    expect(after.data.find((entry: { id: string }) => entry.id === String(chat)).attributes.unread_count).toBe(0);
    expect((await api(ann, "POST", `/api/v1/chats/create_with_user/${annId}`)).status).toBe(400);
    expect((await api(ann, "POST", "/api/v1/chats/create_with_user/999999999")).status).toBe(404);
  });

  it("limits how fast one person sends messages, with a clear answer", { timeout: 60_000 }, async () => {
    const eve = await browserFor((await newUser("Eve")).id);
    const chat = Number((await (await api(eve, "POST", `/api/v1/chats/create_with_user/${annId}`)).json()).data.id);
    // The limit counts per clock minute: start with enough of the minute left.
    const leftInMinute = 60_000 - (Date.now() % 60_000);
    if (leftInMinute < 25_000) await new Promise((resolve) => setTimeout(resolve, leftInMinute + 100));
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await api(eve, "POST", `/api/v1/chats/${chat}/messages`, { chat_message: { body: `m${i}` } })).status);
    expect(statuses.slice(0, 60).every((status) => status === 201)).toBe(true);
    expect(statuses[60]).toBe(429);
    const refusedCall = await api(eve, "POST", `/api/v1/chats/${chat}/messages`, { chat_message: { body: "m61" } });
    expect(refusedCall.status).toBe(429);
    expect((await refusedCall.json()).meta.retry_after).toBe(Number(refusedCall.headers.get("retry-after")));
    const refused = await postForm(eve, `/chats/${chat}`, [["body", "one more"]]);
    expect(refused.status).toBe(429);
    // Within the clock minute the limit counts in.
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(await refused.text()).toContain("You are sending messages too fast.");
  });
});
