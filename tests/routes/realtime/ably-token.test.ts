import { createHmac } from "node:crypto";
import type * as Ably from "ably";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { capabilityFor, createBrowserTokenRequest } from "~/realtime/ably.server";
import { loader as tokenLoader } from "~/routes/api+/v1+/realtime+/token";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

// The app reads its configuration on first use: this file runs it with Ably switched on.
const KEY_NAME = "testApp.browserKey";
const KEY_SECRET = "not-a-real-secret-but-long-enough";
vi.hoisted(() => {
  process.env.ABLY_API_KEY = "testApp.browserKey:not-a-real-secret-but-long-enough";
});

/** The Ably transport's token endpoint: per-user capabilities, signed by the real ably SDK offline. */
const database = useTestDatabase();
let ann: number, ben: number, cat: number, chatId: number;

beforeAll(async () => {
  const users = await database()
    .db.insertInto("users")
    .values(["ann", "ben", "cat"].map((name) => ({ email: `ably-${name}-${Math.random().toString(36).slice(2)}@example.test`, password_hash: "x", first_name: name, last_name: "Test", roles: [] })))
    .returning("id")
    .execute();
  [ann, ben, cat] = users.map((user) => user.id) as [number, number, number];
  chatId = (await database().db.insertInto("chats").values({ direct_key: `${ann}:${ben}` }).returning("id").executeTakeFirstOrThrow()).id;
  await database()
    .db.insertInto("chat_members")
    .values([
      { chat_id: chatId, user_id: ann },
      { chat_id: chatId, user_id: ben },
    ])
    .execute();
});

async function tokenFor(userId: number | null, query = "") {
  const browser = routeVisitor(userId === null ? {} : { session: await sessionCookieFor(userId) });
  return browser.api(tokenLoader, "GET", `/api/v1/realtime/token${query}`);
}

/** Ably's token request signature: HMAC-SHA256 over the fields, each followed by a newline. */
function expectedMac(request: Ably.TokenRequest) {
  const text = [request.keyName, request.ttl ?? "", request.capability, request.clientId ?? "", request.timestamp, request.nonce].map((field) => `${field}\n`).join("");
  return createHmac("sha256", KEY_SECRET).update(text).digest("base64");
}

describe("GET /api/v1/realtime/token", () => {
  it("grants a member their own channel and their chats, subscribe-only, signed with the app's key", async () => {
    const answer = await tokenFor(ann);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    const tokenRequest = answer.data as Ably.TokenRequest;
    expect(tokenRequest.keyName).toBe(KEY_NAME);
    expect(tokenRequest.clientId).toBe(`user-${ann}`);
    expect(JSON.parse(tokenRequest.capability)).toEqual({ [`user:${ann}`]: ["history", "subscribe"], [`chat:${chatId}`]: ["history", "subscribe"] });
    expect(tokenRequest.mac).toBe(expectedMac(tokenRequest));
    expect(JSON.stringify(tokenRequest)).not.toContain(KEY_SECRET);
  });

  it("gives someone outside the chat only their own channel, and refuses them anyone else's", async () => {
    const own = (await tokenFor(cat)).data as Ably.TokenRequest;
    expect(JSON.parse(own.capability)).toEqual({ [`user:${cat}`]: ["history", "subscribe"] });
    for (const channels of [`user:${ann}`, `chat:${chatId}`, `user:${cat},chat:${chatId}`, "room:study-1"]) {
      expect((await tokenFor(cat, `?channels=${channels}`)).status, channels).toBe(403);
    }
    expect((await tokenFor(null)).status).toBe(401);
  });

  it("narrows a token to the channels asked for", async () => {
    const answer = await tokenFor(ben, `?channels=chat:${chatId}`);
    expect(JSON.parse((answer.data as Ably.TokenRequest).capability)).toEqual({ [`chat:${chatId}`]: ["history", "subscribe"] });
  });
});

describe("the capability", () => {
  it("is exactly the channels given, never a wildcard or publish", async () => {
    expect(capabilityFor(["user:1", "chat:2"])).toEqual({ "user:1": ["history", "subscribe"], "chat:2": ["history", "subscribe"] });
    const request = await createBrowserTokenRequest(`${KEY_NAME}:${KEY_SECRET}`, 1, ["user:1"]);
    expect(request.capability).not.toContain("*");
    expect(request.capability).not.toContain("publish");
    expect(request.mac).toBe(expectedMac(request));
  });
});
