import { sql, type Expression } from "kysely";
import { serialize, toResource, type ResourceDefinition } from "~/api/document";
import { CHAT_PAGE_SIZE, directKey } from "~/chats/chats";
import { db } from "~/db/db.server";
import { displayNameSql } from "~/db/display-name";
import type { Executor } from "~/db/executor";
import { chatChannel, userChannel } from "~/realtime/channels";
import { publishAll, type OutgoingEvent } from "~/realtime/events.server";
import { hitRateLimit, type RateLimitRule } from "~/security/rate-limit.server";

export interface ChatMemberSummary {
  id: number;
  name: string;
}

export interface ChatSummary {
  id: number;
  members: ChatMemberSummary[];
  last_message_at: string | null;
  last_message: string | null;
  unread_count: number;
  last_viewed_at: string | null;
}

export interface ChatMessageView {
  id: number;
  chat_id: number;
  user_id: number | null;
  sender_name: string | null;
  body: string;
  created_at: string;
}

export class ChatError extends Error {
  constructor(
    readonly status: 400 | 404 | 429,
    message: string,
    /** For a 429: seconds until the allowance renews. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Per user: messages sent, and chats started (which also bounds looking people up by email). */
export const chatRateLimits = {
  message: { name: "chat-message:user", limit: 60, windowSeconds: 60 },
  start: { name: "chat-start:user", limit: 30, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimitRule>;

/** Counts one message or chat start; throws a 429 ChatError past the limit. */
export async function spendChatAllowance(kind: keyof typeof chatRateLimits, userId: number) {
  const result = await hitRateLimit(chatRateLimits[kind], String(userId));
  if (!result.allowed) {
    const message =
      kind === "message"
        ? `You are sending messages too fast. Try again in ${result.retryAfterSeconds} seconds.`
        : `You have started many chats. Try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`;
    throw new ChatError(429, message, result.retryAfterSeconds);
  }
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const nameSql = displayNameSql("u");
// The rest are read beside a member's chat_members row, aliased `me`, so one query answers for
// one member (the chat list) or for every member at once (what a new message pushes).
const unreadInChatSql = sql<number>`(select count(*)::int from chat_messages m where m.chat_id = me.chat_id and m.user_id is distinct from me.user_id
  and m.created_at > coalesce(me.last_viewed_at, '-infinity'::timestamptz))`;
const lastMessageSql = sql<string | null>`(select m.body from chat_messages m where m.chat_id = me.chat_id order by m.created_at desc, m.id desc limit 1)`;
// Unread messages across all of a user's chats (the app bar's chat badge): others' messages
// after the member last looked at each chat.
const unreadTotalOf = (userId: number | Expression<number>) => sql<number>`(select count(*)::int from chat_members mine join chat_messages m on m.chat_id = mine.chat_id
  where mine.user_id = ${userId} and m.user_id is distinct from mine.user_id
  and m.created_at > coalesce(mine.last_viewed_at, '-infinity'::timestamptz))`;
const unreadTotalSql = unreadTotalOf(sql.ref("me.user_id"));

export const chatResource: ResourceDefinition<ChatSummary> = {
  type: "chat",
  attributes: (chat) => ({
    members: chat.members,
    last_message_at: chat.last_message_at,
    last_message: chat.last_message,
    unread_count: chat.unread_count,
    last_viewed_at: chat.last_viewed_at,
  }),
  relationships: (chat) => ({ users: { type: "user", ids: chat.members.map((member) => member.id) } }),
};

export const chatMessageResource: ResourceDefinition<ChatMessageView> = {
  type: "chatMessage",
  attributes: (message) => ({ body: message.body, sender_name: message.sender_name, created_at: message.created_at }),
  relationships: (message) => ({ chat: { type: "chat", id: message.chat_id }, user: { type: "user", id: message.user_id } }),
};

/** Ids of the chat's members, or null when there is no such chat. */
export async function chatMemberIds(chatId: number, executor: Executor = db()): Promise<number[] | null> {
  const rows = await executor
    .selectFrom("chats")
    .leftJoin("chat_members", "chat_members.chat_id", "chats.id")
    .select("chat_members.user_id")
    .where("chats.id", "=", chatId)
    .execute();
  if (rows.length === 0) return null;
  return rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id]));
}

/** The one chat between two people, created on first use (both become members). */
export async function createChatWithUser(userId: number, otherId: number): Promise<number> {
  if (userId === otherId) throw new ChatError(400, "You cannot start a chat with yourself.");
  return db()
    .transaction()
    .execute(async (trx) => {
      const other = await trx.selectFrom("users").select("id").where("id", "=", otherId).where("deactivated_at", "is", null).executeTakeFirst();
      if (!other) throw new ChatError(404, `No user with id ${otherId}.`);
      const key = directKey(userId, otherId);
      await trx.insertInto("chats").values({ direct_key: key }).onConflict((oc) => oc.column("direct_key").doNothing()).execute();
      const chat = await trx.selectFrom("chats").select("id").where("direct_key", "=", key).executeTakeFirstOrThrow();
      await trx
        .insertInto("chat_members")
        .values([
          { chat_id: chat.id, user_id: userId },
          { chat_id: chat.id, user_id: otherId },
        ])
        .onConflict((oc) => oc.columns(["chat_id", "user_id"]).doNothing())
        .execute();
      return chat.id;
    });
}

/** The chat with the active member who has this email address, opened like createChatWithUser; counts as a chat start. */
export async function startChatByEmail(userId: number, email: string): Promise<number> {
  await spendChatAllowance("start", userId);
  const other = await db().selectFrom("users").select("id").where("email", "=", email).where("deactivated_at", "is", null).executeTakeFirst();
  if (!other) throw new ChatError(404, "No one with that email address uses the site.");
  return createChatWithUser(userId, other.id);
}

/** The user's chats, newest activity first, each with its members, last message and unread count (three queries). */
export async function listChats(userId: number, executor: Executor = db(), onlyChatIds?: number[]): Promise<ChatSummary[]> {
  let query = executor
    .selectFrom("chat_members as me")
    .innerJoin("chats", "chats.id", "me.chat_id")
    .select([
      "chats.id",
      "chats.last_message_at",
      "chats.created_at",
      "me.last_viewed_at",
      unreadInChatSql.as("unread_count"),
      lastMessageSql.as("last_message"),
    ])
    .where("me.user_id", "=", userId);
  if (onlyChatIds) query = query.where("chats.id", "in", onlyChatIds.length ? onlyChatIds : [0]);
  const chats = await query.orderBy(sql`coalesce(chats.last_message_at, chats.created_at)`, "desc").orderBy("chats.id", "desc").limit(200).execute();
  if (chats.length === 0) return [];
  const members = await membersOf(
    executor,
    chats.map((chat) => chat.id),
  );
  return chats.map((chat) => ({
    id: chat.id,
    members: members.filter((member) => member.chat_id === chat.id).map(({ id, name }) => ({ id, name })),
    last_message_at: iso(chat.last_message_at),
    last_message: chat.last_message,
    unread_count: chat.unread_count,
    last_viewed_at: iso(chat.last_viewed_at),
  }));
}

/** The members of these chats with their names, by user id. */
function membersOf(executor: Executor, chatIds: readonly number[]) {
  return executor
    .selectFrom("chat_members")
    .innerJoin("users as u", "u.id", "chat_members.user_id")
    .select(["chat_members.chat_id", "u.id", nameSql.as("name")])
    .where("chat_members.chat_id", "in", chatIds)
    .orderBy("u.id")
    .execute();
}

/** Unread messages across the user's chats: the app bar's chat badge. */
export async function unreadChatMessageCount(userId: number, executor: Executor = db()): Promise<number> {
  return (await unreadChatMessageCountQuery(userId, executor).executeTakeFirstOrThrow()).count;
}

/** The unread count as a query: the shell folds it into its one read per page (app/shell/shell-read.server.ts). */
export function unreadChatMessageCountQuery(userId: number | Expression<number>, executor: Executor = db()) {
  return executor.selectNoFrom(unreadTotalOf(userId).as("count"));
}

/**
 * One page of history, oldest first: the 30 messages before `before` (or the newest 30), and
 * whether older ones remain. The next page is asked for with the first message's created_at.
 */
export async function messagesPage(chatId: number, before?: Date, limit = CHAT_PAGE_SIZE) {
  let query = db()
    .selectFrom("chat_messages as cm")
    .leftJoin("users as u", "u.id", "cm.user_id")
    .select(["cm.id", "cm.chat_id", "cm.user_id", "cm.body", "cm.created_at", nameSql.as("sender_name")])
    .where("cm.chat_id", "=", chatId);
  if (before) query = query.where("cm.created_at", "<", before);
  const rows = await query.orderBy("cm.created_at", "desc").orderBy("cm.id", "desc").limit(limit + 1).execute();
  const hasOlder = rows.length > limit;
  const messages: ChatMessageView[] = rows
    .slice(0, limit)
    .reverse()
    .map((row) => ({ ...row, sender_name: row.user_id === null ? null : row.sender_name, created_at: iso(row.created_at)! }));
  return { messages, hasOlder, olderBefore: hasOlder ? messages[0]!.created_at : null };
}

/**
 * Stores a message, then pushes NEW_CHAT_MESSAGE to the chat's channel and a STANDARD_PUSH_UPDATE
 * (the chat with this member's unread count, and their total) to each member's own channel.
 */
export async function sendMessage(chatId: number, senderId: number, body: string): Promise<ChatMessageView> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const inserted = await trx.insertInto("chat_messages").values({ chat_id: chatId, user_id: senderId, body }).returningAll().executeTakeFirstOrThrow();
      await trx.updateTable("chats").set({ last_message_at: inserted.created_at }).where("id", "=", chatId).execute();
      // The sender has seen everything up to their own message.
      await trx.updateTable("chat_members").set({ last_viewed_at: inserted.created_at }).where("chat_id", "=", chatId).where("user_id", "=", senderId).execute();
      const sender = await trx.selectFrom("users as u").select(nameSql.as("name")).where("u.id", "=", senderId).executeTakeFirst();
      const message: ChatMessageView = { ...inserted, sender_name: sender?.name ?? null, created_at: iso(inserted.created_at)! };
      // The message goes out before the members' updates, in one batch whatever the chat's size.
      const updates = await chatUpdates(trx, chatId);
      await publishAll(trx, [{ channel: chatChannel(chatId), action: "NEW_CHAT_MESSAGE", payload: serialize(chatMessageResource, message) }, ...updates]);
      return message;
    });
}

/** Marks the chat read up to now for this member (PUT /api/v1/chats/{id}/viewed). */
export async function markChatViewed(chatId: number, userId: number) {
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable("chat_members").set({ last_viewed_at: sql`now()` }).where("chat_id", "=", chatId).where("user_id", "=", userId).execute();
      await publishAll(trx, await chatUpdates(trx, chatId, userId));
    });
}

/**
 * STANDARD_PUSH_UPDATE for every member of the chat, or only for `onlyUserId`: the chat as that
 * member sees it and their unread total. Two queries however many members the chat has.
 */
async function chatUpdates(executor: Executor, chatId: number, onlyUserId?: number): Promise<OutgoingEvent[]> {
  let query = executor
    .selectFrom("chat_members as me")
    .innerJoin("chats", "chats.id", "me.chat_id")
    .select(["me.user_id", "chats.last_message_at", "me.last_viewed_at", unreadInChatSql.as("unread_count"), lastMessageSql.as("last_message"), unreadTotalSql.as("unread_total")])
    .where("me.chat_id", "=", chatId);
  if (onlyUserId !== undefined) query = query.where("me.user_id", "=", onlyUserId);
  const readers = await query.orderBy("me.user_id").execute();
  if (readers.length === 0) return [];
  const members = (await membersOf(executor, [chatId])).map(({ id, name }) => ({ id, name }));
  return readers.map((reader) => {
    const chat: ChatSummary = {
      id: chatId,
      members,
      last_message_at: iso(reader.last_message_at),
      last_message: reader.last_message,
      unread_count: reader.unread_count,
      last_viewed_at: iso(reader.last_viewed_at),
    };
    return {
      channel: userChannel(reader.user_id),
      action: "STANDARD_PUSH_UPDATE",
      payload: { data: [toResource(chatResource, chat)], meta: { unread_chat_messages: reader.unread_total } },
    };
  });
}
