import { randomBytes } from "node:crypto";
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { chatResource, listChats, markChatViewed, sendMessage, unreadChatMessageCount } from "~/chats/chats.server";
import { toResource } from "~/api/document";
import { useDatabase } from "~/db/db.server";
import { closeRealtime } from "~/realtime/hub.server";
import { useTestDatabase } from "../../support/database";
import { listen } from "../../support/realtime-listener";

const database = useTestDatabase();

afterAll(async () => {
  await closeRealtime();
});

const unique = () => randomBytes(5).toString("hex");
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Counts the statements a piece of code sends through the app's database. */
class StatementCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count += 1;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * Runs `work` with the app's database counting its statements. The realtime hub keeps the
 * database it started with, so its own reads (the embedded database's tail) are not counted.
 */
async function countStatements<T>(work: () => Promise<T>) {
  const { db, kind, url } = database();
  const counter = new StatementCounter();
  useDatabase(db.withPlugin(counter), kind, url);
  try {
    return { result: await work(), statements: counter.count };
  } finally {
    useDatabase(db, kind, url);
  }
}

async function people(count: number) {
  return database()
    .db.insertInto("users")
    .values(Array.from({ length: count }, (_, i) => ({ email: `chat-${unique()}@example.test`, first_name: `Member${i}`, last_name: "Chatter", country_code: "US" })))
    .returning("id")
    .execute()
    .then((rows) => rows.map((row) => row.id));
}

/**
 * A chat of `size` people with some history: the first two talked a while ago, members read up
 * to different points, and each also has another chat whose unread messages count in their total.
 */
async function chatWithHistory(size: number) {
  const { db } = database();
  const memberIds = await people(size);
  const [outsider] = await people(1);
  const chat = await db.insertInto("chats").values({ last_message_at: minutesAgo(10) }).returning("id").executeTakeFirstOrThrow();
  await db
    .insertInto("chat_members")
    .values(memberIds.map((userId, i) => ({ chat_id: chat.id, user_id: userId, last_viewed_at: i % 3 === 0 ? null : minutesAgo(40 - i) })))
    .execute();
  await db
    .insertInto("chat_messages")
    .values(Array.from({ length: 6 }, (_, i) => ({ chat_id: chat.id, user_id: memberIds[i % 2]!, body: `earlier ${i}`, created_at: minutesAgo(45 - i * 5) })))
    .execute();
  const elsewhere = await db.insertInto("chats").values({ last_message_at: minutesAgo(5) }).returning("id").executeTakeFirstOrThrow();
  await db
    .insertInto("chat_members")
    .values([outsider!, ...memberIds].map((userId, i) => ({ chat_id: elsewhere.id, user_id: userId, last_viewed_at: i % 2 === 0 ? minutesAgo(1) : null })))
    .execute();
  await db
    .insertInto("chat_messages")
    .values([
      { chat_id: elsewhere.id, user_id: outsider!, body: "over here", created_at: minutesAgo(6) },
      { chat_id: elsewhere.id, user_id: outsider!, body: "anyone?", created_at: minutesAgo(5) },
    ])
    .execute();
  return { chatId: chat.id, memberIds };
}

/** What a member's STANDARD_PUSH_UPDATE must say: the chat as they see it now, and their unread total. */
async function expectedUpdate(userId: number, chatId: number) {
  const [chat] = await listChats(userId, database().db, [chatId]);
  return { data: [toResource(chatResource, chat!)], meta: { unread_chat_messages: await unreadChatMessageCount(userId, database().db) } };
}

describe("sendMessage", () => {
  it("tells every member in the same number of statements however many members the chat has", async () => {
    const sent: { size: number; statements: number }[] = [];
    for (const size of [2, 12]) {
      const { chatId, memberIds } = await chatWithHistory(size);
      const sender = memberIds[0]!;
      const channels = await listen([`chat:${chatId}`, ...memberIds.map((id) => `user:${id}`)]);
      const { result: message, statements } = await countStatements(() => sendMessage(chatId, sender, `hello ${size}`));
      sent.push({ size, statements });
      await channels.next(1 + size);
      channels.stop();

      expect(channels.heard).toHaveLength(1 + size);
      const [first, ...updates] = channels.heard;
      // The message goes out first, then each member's update.
      expect(first).toMatchObject({ channel: `chat:${chatId}`, action: "NEW_CHAT_MESSAGE", payload: { data: { type: "chatMessage", id: String(message.id), attributes: { body: `hello ${size}`, sender_name: "Member0 Chatter" } } } });
      expect(updates.map((event) => event.channel).sort()).toEqual(memberIds.map((id) => `user:${id}`).sort());
      for (const event of updates) {
        const userId = Number(event.channel.split(":")[1]);
        expect(event.action).toBe("STANDARD_PUSH_UPDATE");
        expect(event.payload).toEqual(await expectedUpdate(userId, chatId));
      }
      const updateOf = (userId: number) => updates.find((event) => event.channel === `user:${userId}`)!.payload as { data: { attributes: { unread_count: number; last_message: string; members: unknown[] } }[]; meta: { unread_chat_messages: number } };
      for (const userId of memberIds) {
        expect(updateOf(userId).data[0]!.attributes.last_message).toBe(`hello ${size}`);
        expect(updateOf(userId).data[0]!.attributes.members).toHaveLength(size);
      }
      // The sender has read everything in this chat.
      expect(updateOf(sender).data[0]!.attributes.unread_count).toBe(0);
      if (size === 12) {
        // Member 6 never looked at this chat (six earlier messages from others and the new one), nor at the other (two).
        expect(updateOf(memberIds[6]!).data[0]!.attributes.unread_count).toBe(7);
        expect(updateOf(memberIds[6]!).meta.unread_chat_messages).toBe(9);
      }
      // Events are stored in that order too: a reconnecting client replays them the same way.
      const ids = channels.heard.map((event) => BigInt(event.id));
      expect([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(ids);
    }
    expect(sent[1]!.statements).toBe(sent[0]!.statements);
    // The message, the chat's last activity, the sender's read mark and name, the members' view of the chat, their names, the events and their NOTIFY (PostgreSQL only).
    expect(sent[0]!.statements).toBe(database().kind === "postgres" ? 8 : 7);
  });

  it("tells only the member who marked the chat viewed", async () => {
    const { chatId, memberIds } = await chatWithHistory(4);
    const viewer = memberIds[3]!;
    const channels = await listen(memberIds.map((id) => `user:${id}`));
    await markChatViewed(chatId, viewer);
    await channels.next(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    channels.stop();
    expect(channels.heard).toHaveLength(1);
    expect(channels.heard[0]).toMatchObject({ channel: `user:${viewer}`, action: "STANDARD_PUSH_UPDATE" });
    expect(channels.heard[0]!.payload).toEqual(await expectedUpdate(viewer, chatId));
    expect((channels.heard[0]!.payload as { data: { attributes: { unread_count: number } }[] }).data[0]!.attributes.unread_count).toBe(0);
  });
});
