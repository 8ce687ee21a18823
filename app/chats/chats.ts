import { z } from "zod";

/** SPEC §9: chat history comes 30 messages at a time. */
export const CHAT_PAGE_SIZE = 30;
export const MAX_MESSAGE_LENGTH = 5000;

/** One chat per pair of people: "{smaller id}:{larger id}". */
export function directKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

export const chatMessageSchema = z.object({
  body: z
    .string({ error: "Write a message." })
    .trim()
    .min(1, "Write a message.")
    .max(MAX_MESSAGE_LENGTH, `A message can be at most ${MAX_MESSAGE_LENGTH} characters.`),
});

/** Start a chat (POST /chats): the other person's email address. */
export const startChatSchema = z.object({
  email: z
    .string({ error: "Enter the email address of the person to chat with." })
    .trim()
    .toLowerCase()
    .email("Enter the email address of the person to chat with."),
});

/** `before_date` of the history call: an ISO date-time, or absent for the newest page. Null when malformed. */
export function parseBeforeDate(value: string | null): Date | undefined | null {
  if (value === null || value === "") return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A chat as the list shows it (the chat record's attributes with its id). */
export interface ChatListItem {
  id: number;
  members: { id: number; name: string }[];
  last_message_at: string | null;
  last_message: string | null;
  unread_count: number;
}

/**
 * Merges pushed chat records (STANDARD_PUSH_UPDATE's `data`, document style) into the list the
 * page shows: known chats are replaced, new ones added, and the list reordered by latest message.
 * Records of other types are ignored.
 */
export function mergeChatRecords<Item extends ChatListItem>(list: readonly Item[], records: readonly unknown[]): Item[] {
  const byId = new Map<number, Item>(list.map((chat) => [chat.id, chat]));
  for (const record of records) {
    if (!record || typeof record !== "object") continue;
    const { type, id, attributes } = record as { type?: unknown; id?: unknown; attributes?: Record<string, unknown> };
    if (type !== "chat" || typeof id !== "string" || !/^\d+$/.test(id) || !attributes) continue;
    const chatId = Number(id);
    byId.set(chatId, { ...(byId.get(chatId) ?? {}), ...(attributes as Partial<Item>), id: chatId } as Item);
  }
  return [...byId.values()].sort((a, b) => (b.last_message_at ?? "").localeCompare(a.last_message_at ?? "") || b.id - a.id);
}

/** The other members' names, for a chat's title. */
export function chatTitle(chat: Pick<ChatListItem, "members">, viewerId: number): string {
  const others = chat.members.filter((member) => member.id !== viewerId).map((member) => member.name);
  return others.length ? others.join(", ") : "Just you";
}
